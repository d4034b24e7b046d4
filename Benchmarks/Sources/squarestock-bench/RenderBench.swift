import SquarestockNetworking
import SquarestockRendering
import SquarestockServices

/// `render`: the recorded samples (every symbol in `samples/`) rendered as a table with
/// sparklines and as JSON, `--count` times each; prints microseconds per render of all symbols.
enum RenderBench {
    static func run(_ o: Options) {
        guard let dir = o.values["samples"] ?? SamplesLocator.find(environment: [:]) else {
            fail("render needs --samples DIR")
        }
        let n = o.int("count", 2000)
        let symbols = ["AAPL", "7203.T", "OCDO.L", "BTC-USD", "INTC", "AIR.PA", "GOOG", "TSLA", "SCTY"]
        let context = SourceContext(settings: [SamplesService.directory: dir])
        let results = SamplesSource().quotes(for: symbols, context: context, transport: CurlTransport())
        let renderer = QuoteTableRenderer(width: 100, style: .unicode, palette: .ansi)
        var bytes = 0
        let t0 = now()
        for _ in 0..<n { bytes += renderer.render(results, now: context.now).utf8.count }
        let table = (now() - t0) / Double(n)
        let t1 = now()
        for _ in 0..<n { bytes += QuoteJSONWriter.render(results, now: context.now).utf8.count }
        let json = (now() - t1) / Double(n)
        print("symbols=\(symbols.count) table_us=\(fmt(table * 1e6, 1)) json_us=\(fmt(json * 1e6, 1)) bytes=\(bytes)")
    }
}
