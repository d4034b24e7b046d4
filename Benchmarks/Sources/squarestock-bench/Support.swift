#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU seconds of this process (all threads).
func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Peak resident set of this process so far, KiB (getrusage).
func peakRSSKiB() -> Int {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss)
}

/// Current resident set, KiB (/proc/self/statm).
func currentRSSKiB() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var size = 0
    var resident = 0
    withUnsafeMutablePointer(to: &size) { s in
        withUnsafeMutablePointer(to: &resident) { r in
            _ = withVaList([s, r]) { vfscanf(f, "%ld %ld", $0) }
        }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func fileSize(_ path: String) -> Int {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : -1
}

/// Writes to standard error.
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// A whole file's bytes (read before any clock starts), or the benchmark fails.
func readBytes(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else { fail("cannot read \(path)") }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        bytes += buf[0..<n]
    }
    return bytes
}

func fail(_ message: String, code: Int32 = 2) -> Never {
    printError("squarestock-bench: \(message)")
    exit(code)
}

func fmt(_ x: Double, _ digits: Int = 3) -> String {
    var buf = [CChar](repeating: 0, count: 64)
    _ = withVaList([x]) { vsnprintf(&buf, 64, "%.\(digits)f", $0) }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// The standard result line: `rows=N bytes=B seconds=S MBps=X`, plus extra `key=value`s.
func report(rows: Int, bytes: Int, seconds: Double, extra: [(String, String)] = []) {
    var line = "rows=\(rows) bytes=\(bytes) seconds=\(fmt(seconds, 6)) MBps=\(fmt(Double(bytes) / seconds / 1e6, 1))"
    for (k, v) in extra { line += " \(k)=\(v)" }
    print(line)
}

/// A tiny option reader: `--name value` pairs and `--flag`s after the subcommand.
struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    init(_ args: ArraySlice<String>, valued: Set<String>) {
        var i = args.startIndex
        while i < args.endIndex {
            let a = args[i]
            if a.hasPrefix("--") {
                let name = String(a.dropFirst(2))
                if valued.contains(name) {
                    guard i + 1 < args.endIndex else { fail("--\(name) needs a value") }
                    values[name] = args[i + 1]
                    i += 2
                    continue
                }
                flags.insert(name)
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    func int(_ name: String, _ fallback: Int) -> Int {
        guard let v = values[name] else { return fallback }
        guard let n = Int(v) else { fail("--\(name) wants a number, not \(v)") }
        return n
    }
}

/// SplitMix64: small, seeded, the same numbers on every machine.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: UInt64) -> UInt64 { next() % n }
}

/// Appends ASCII without going through String.
struct ByteWriter {
    var bytes: [UInt8] = []
    mutating func text(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    mutating func string(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func byte(_ b: UInt8) { bytes.append(b) }
    mutating func digits(_ v: Int, width: Int) {
        var buf: [UInt8] = []
        var x = v
        repeat {
            buf.append(UInt8(48 + x % 10))
            x /= 10
        } while x > 0
        while buf.count < width { buf.append(48) }
        bytes.append(contentsOf: buf.reversed())
    }
    mutating func number(_ v: Int) {
        if v < 0 { byte(UInt8(ascii: "-")) }
        digits(abs(v), width: 1)
    }
    /// `cents / 100` in its shortest form: `171.2`, `171`, `0.05`.
    mutating func price(cents: Int) {
        if cents < 0 { byte(UInt8(ascii: "-")) }
        let c = abs(cents)
        digits(c / 100, width: 1)
        let f = c % 100
        if f == 0 { return }
        byte(UInt8(ascii: "."))
        if f % 10 == 0 { digits(f / 10, width: 1) } else { digits(f, width: 2) }
    }
    func write(to path: String) {
        guard let f = fopen(path, "wb") else { fail("cannot write \(path)") }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        if written != bytes.count { fail("short write to \(path)") }
    }
}
