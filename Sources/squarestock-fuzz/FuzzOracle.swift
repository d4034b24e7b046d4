import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a rendering target checks beyond "no trap": what it wrote for the terminal holds no
/// control character (line feeds aside), whatever the input. Every renderer here runs with
/// the plain palette, so any escape in its output came from the input, which is the bug the
/// sanitizing at the decoders exists to prevent.
enum FuzzOracle {
    /// Ends the process (abort, which libFuzzer reports as a crash and saves the input) when
    /// `text` could drive the terminal.
    static func requireInert(_ text: String, _ what: String) {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) {
                FileHandle.standardError.write(
                    Data(
                        "squarestock-fuzz: \(what) wrote control character U+\(String(v, radix: 16, uppercase: true))\n"
                            .utf8))
                abort()
            }
        }
    }

    /// `requireInert` for each of several texts.
    static func requireInert(_ texts: [String], _ what: String) {
        for t in texts { requireInert(t, what) }
    }
}
