#if canImport(Glibc)
import Glibc
#endif

/// Finds the shipped `samples/` folder: `SQUARESTOCK_SAMPLES`, else a `samples/manifest.tsv`
/// in a folder above the executable (a checkout running `.build/debug/squarestock`), else
/// `../share/squarestock/samples` beside an installed binary.
public enum SamplesLocator {
    public static func find(environment: [String: String], executablePath: String? = currentExecutablePath()) -> String? {
        if let dir = environment["SQUARESTOCK_SAMPLES"], !dir.isEmpty { return dir }
        guard let exe = executablePath else { return nil }
        var dir = parent(exe)
        for _ in 0..<8 {
            if exists(dir + "/samples/manifest.tsv") { return dir + "/samples" }
            if exists(dir + "/share/squarestock/samples/manifest.tsv") { return dir + "/share/squarestock/samples" }
            let up = parent(dir)
            if up == dir { break }
            dir = up
        }
        return nil
    }

    public static func currentExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
