import TestSupport

@testable import SquarestockCore
@testable import SquarestockSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real 2025-10-20 Nasdaq Trader directory shipped under `data/symbols`, with its large-cap
/// list, read once per test run.
enum SearchFixtures {
    /// Package root.
    static let root = Fixture.repositoryRoot

    static func bytes(_ name: String) -> [UInt8] {
        let path = root + "/data/symbols/" + name
        guard let f = fopen(path, "rb") else { fatalError("missing fixture \(path)") }
        defer { fclose(f) }
        fseek(f, 0, SEEK_END)
        let n = ftell(f)
        fseek(f, 0, SEEK_SET)
        var b = [UInt8](repeating: 0, count: n)
        _ = b.withUnsafeMutableBytes { fread($0.baseAddress, 1, n, f) }
        return b
    }

    static let nasdaqListed = bytes("nasdaqlisted.txt")
    static let otherListed = bytes("otherlisted.txt")

    static let directory: SymbolDirectory = try! SymbolDirectoryParser.parse(
        nasdaqListed: nasdaqListed, otherListed: otherListed)

    /// The shipped large-cap list, which the product reads beside the directory.
    static let largeCaps = LargeCapList(bytes(LargeCapList.fileName))

    static let index: SymbolIndex = try! SymbolIndex(
        nasdaqListed: nasdaqListed, otherListed: otherListed, largeCaps: largeCaps)

    static func listing(_ symbol: String) -> Listing? { directory.listings.first { $0.symbol == symbol } }
}
