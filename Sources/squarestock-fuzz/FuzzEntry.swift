import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The target this process fuzzes, from `SQUARESTOCK_FUZZ_TARGET` (read once).
let selectedTarget: String = ProcessInfo.processInfo.environment["SQUARESTOCK_FUZZ_TARGET"] ?? "csv"

/// Ends the process (exit 2, saying why) when `target` cannot be run here, before libFuzzer or
/// the replay loop starts counting inputs that would test nothing.
func exitIfUnusable(_ target: String) {
    guard let problem = FuzzTargets.unusable(target) else { return }
    FileHandle.standardError.write(Data("squarestock-fuzz: \(problem)\n".utf8))
    exit(2)
}

/// libFuzzer's entry point (built with `-sanitize=fuzzer,address -DFUZZING`, see Fuzz/run.sh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTargets.run(selectedTarget, bytes)
    return 0
}

#if FUZZING
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // libFuzzer's C entry point; the name is fixed by libFuzzer.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// SwiftPM links executables with `main` renamed to `<product>_main`; hand control to libFuzzer.
    @_cdecl("squarestock_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        exitIfUnusable(selectedTarget)
        var c = argc
        var v = argv
        return LLVMFuzzerRunDriver(&c, &v, fuzzOneInput)
    }
#else
    /// Without libFuzzer the same binary replays files (`squarestock-fuzz TARGET FILE...`), which is
    /// how crashes found by fuzzing are re-run and how the regression corpus runs in CI.
    @main
    enum ReplayMain {
        static func main() {
            let args = CommandLine.arguments.dropFirst()
            guard let target = args.first else {
                print("usage: squarestock-fuzz TARGET FILE...   targets: " + FuzzTargets.names.joined(separator: " "))
                exit(2)
            }
            exitIfUnusable(target)
            var count = 0
            for path in args.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                FuzzTargets.run(target, [UInt8](data))
                count += 1
            }
            print("\(target): replayed \(count) inputs")
        }
    }
#endif
