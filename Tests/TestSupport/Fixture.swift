import Foundation

/// Recorded responses and golden files, located from this source file so tests never depend on
/// the working directory (and never on anything outside the repository).
public enum Fixture {
    /// `Tests/` of this checkout.
    public static let testsDirectory: String = {
        let here = URL(fileURLWithPath: #filePath)  // Tests/TestSupport/Fixture.swift
        return here.deletingLastPathComponent().deletingLastPathComponent().path
    }()

    public static var repositoryRoot: String {
        URL(fileURLWithPath: testsDirectory).deletingLastPathComponent().path
    }

    /// Bytes of `Tests/Fixtures/<path>`; an empty array (and a failing comparison) if missing.
    public static func bytes(_ path: String) -> [UInt8] {
        guard let d = FileManager.default.contents(atPath: testsDirectory + "/Fixtures/" + path) else { return [] }
        return [UInt8](d)
    }

    public static func text(_ path: String) -> String { String(decoding: bytes(path), as: UTF8.self) }

    /// A file of the repository itself (`data/symbols/...`, `samples/...`).
    public static func repositoryText(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: repositoryRoot + "/" + path) ?? Data(), as: UTF8.self)
    }
}
