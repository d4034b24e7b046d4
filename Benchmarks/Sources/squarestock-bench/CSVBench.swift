import CSV
import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockServices
import SwiftCSV

/// `csv`, `scan` and `yahoo`: reading the generated files.
enum CSVBench {
    static func run(_ o: Options) {
        guard let path = o.positional.first else { fail("csv needs a FILE") }
        let bytes = fileSize(path)
        guard bytes >= 0 else { fail("no such file: \(path)") }
        let zoneID = o.values["zone"] ?? "Europe/Warsaw"
        let rssStart = currentRSSKiB()
        if o.flags.contains("typed") || o.flags.contains("slow") {
            // The product's history decoder over the file's bytes: `--typed` with its fast row
            // path (every well-formed row), `--slow` with the general path alone (the one
            // irregular rows take). By default the file is handed over in 1 MiB pieces as read(2)
            // gives them, as a download streams its body, and the reads are timed with the
            // decode (the Python peers' times include their reads too); `--whole` reads the file
            // into one body before the clock starts, as a transport that buffers a body holds it.
            let zone = try! ExchangeTimeZone(identifier: zoneID)
            let scanner = o.flags.contains("typed")
            let whole = o.flags.contains("whole") ? HTTPResponse(status: 200, body: readBytes(path)) : nil
            let t0 = now()
            let c0 = cpuSeconds()
            let result: Result<HistorySeries, HistoryError>
            if let whole {
                result = StooqHistoryDecoder.decode(
                    whole, symbol: "BENCH", zone: zone, interval: .minutes(5), rowScanner: scanner)
            } else {
                let fd = open(path, O_RDONLY)
                guard fd >= 0 else { fail("cannot open \(path)") }
                defer { close(fd) }
                result = StooqHistoryDecoder.decode(
                    head: HTTPResponse(status: 200, body: []), expectedBytes: bytes, symbol: "BENCH", zone: zone,
                    interval: .minutes(5), rowScanner: scanner
                ) { buffer in
                    while true {
                        let r = read(fd, buffer.baseAddress!, buffer.count)
                        if r >= 0 { return r }
                        if errno != EINTR { fail("read error on \(path)") }
                    }
                }
            }
            let seconds = now() - t0
            let cpu = cpuSeconds() - c0
            switch result {
            case .failure(let e): fail("\(path): \(e.detail)", code: 1)
            case .success(let series):
                // Touch the result so nothing is optimised away, and show a checksum.
                var check: Int64 = 0
                for b in series.bars { check &+= b.time.secondsSinceEpoch &+ (b.close?.significand ?? 0) }
                let bars = series.bars
                report(
                    rows: bars.count, bytes: bytes, seconds: seconds,
                    extra: [
                        ("cpu_seconds", fmt(cpu, 6)),
                        ("first", bars.first?.time.iso8601UTC ?? "-"),
                        ("close0", bars.first.map { $0.close?.description ?? "absent" } ?? "-"),
                        ("checksum", String(check)),
                        ("bars_bytes", String(bars.byteCount)),
                        ("bars_over_file", fmt(Double(bars.byteCount) / Double(bytes), 3)),
                        ("rss_start_kib", String(rssStart)), ("rss_peak_kib", String(peakRSSKiB())),
                        ("peak_over_file", fmt(Double(peakRSSKiB()) * 1024 / Double(bytes), 3)),
                        ("growth_over_file", fmt(Double(peakRSSKiB() - rssStart) * 1024 / Double(bytes), 3)),
                    ])
            }
        } else if o.flags.contains("parse-only") {
            let t0 = now()
            var rows = 0
            var fields = 0
            chunked(path) { chunk, isFinal in
                // Whole records only: stop before the last line unless this is the end.
                var limit = chunk.count
                if !isFinal {
                    while limit > 0 && chunk[limit - 1] != 10 { limit -= 1 }
                }
                var reader = TolerantCSVReader(bytes: UnsafeRawBufferPointer(rebasing: chunk[0..<limit]))
                var f: [CSVField] = []
                while reader.nextRecord(into: &f) {
                    rows += 1
                    fields += f.count
                }
                return limit
            }
            let seconds = now() - t0
            report(
                rows: rows - 1, bytes: bytes, seconds: seconds,
                extra: [("fields", String(fields)), ("rss_peak_kib", String(peakRSSKiB()))])
        } else if let peer = o.values["peer"] {
            let t0 = now()
            var rows = 0
            var fields = 0
            switch peer {
            case "swiftcsv":
                // SwiftCSV reads the whole file into a String and splits it into [[String]].
                let csv = try! SwiftCSV.CSV<Enumerated>(
                    url: URL(fileURLWithPath: path), delimiter: .comma, loadColumns: false)
                rows = csv.rows.count
                for r in csv.rows { fields += r.count }
            case "csvswift":
                // CSV.swift streams the file and yields each row as [String].
                let stream = InputStream(fileAtPath: path)!
                let reader = try! CSVReader(stream: stream, hasHeaderRow: true)
                while let row = reader.next() {
                    rows += 1
                    fields += row.count
                }
            default:
                fail("unknown --peer \(peer) (swiftcsv, csvswift)")
            }
            let seconds = now() - t0
            report(
                rows: rows, bytes: bytes, seconds: seconds,
                extra: [("fields", String(fields)), ("rss_peak_kib", String(peakRSSKiB()))])
        } else {
            fail("csv needs --typed, --parse-only, --slow or --peer NAME")
        }
    }

    /// `scan FILE`: the floor: read the file and count newlines with memchr.
    static func scan(_ o: Options) {
        guard let path = o.positional.first else { fail("scan needs a FILE") }
        let bytes = fileSize(path)
        let t0 = now()
        var lines = 0
        chunked(path) { chunk, _ in
            guard var p = chunk.baseAddress else { return chunk.count }
            let end = p + chunk.count
            while p < end, let hit = memchr(p, 10, end - p) {
                lines += 1
                p = UnsafeRawPointer(hit) + 1
            }
            return chunk.count
        }
        report(rows: lines, bytes: bytes, seconds: now() - t0)
    }

    /// `yahoo --typed FILE`: legacy quote lines as the tool reads a quotes.csv answer
    /// (`f=sl1d1t1c1ohgv`): one `YahooCSVStockReader` (as `YahooCSVSource.quotes` uses one per
    /// call) reads the file's bytes (read before the clock starts) line by line into stocks with
    /// `readStocks`, the product's path (exact prices, `N/A` absent, `M/d/yyyy h:mma` read as the
    /// exchange's wall clock, the change derived by exact division). `--kept-rows` times the path
    /// before it: `YahooCSVDecoder.rows` keeps every row, then the reader turns each into a stock.
    static func yahoo(_ o: Options) {
        guard let path = o.positional.first else { fail("yahoo needs a FILE") }
        let body = readBytes(path)
        let codes = YahooFieldCode.split("sl1d1t1c1ohgv") ?? []
        let context = SourceContext(now: Instant(secondsSinceEpoch: 1_588_881_600))
        let t0 = now()
        var rows = 0
        var stocks = 0
        var absent = 0
        var reader = YahooCSVStockReader(context: context, sourceName: "bench")
        if o.flags.contains("kept-rows") {
            // The path before issue 30's third step: every row kept, then one reader over them.
            guard case .success(let decoded) = YahooCSVDecoder.rows(HTTPResponse(status: 200, body: body), codes: codes)
            else { fail("the file did not decode as quotes.csv lines") }
            rows = decoded.count
            for row in decoded {
                switch reader.stock(symbol: row.symbol, row: row) {
                case .success: stocks += 1
                case .failure: absent += 1
                }
            }
        } else {
            let failure = reader.readStocks(
                HTTPResponse(status: 200, body: body), codes: codes, wanted: { _ in true },
                stock: { _, _ in
                    rows += 1
                    stocks += 1
                },
                failed: { _, _ in
                    rows += 1
                    absent += 1
                })
            if failure != nil { fail("the file did not decode as quotes.csv lines") }
        }
        report(
            rows: rows, bytes: body.count, seconds: now() - t0,
            extra: [("stocks", String(stocks)), ("no_price", String(absent)), ("rss_peak_kib", String(peakRSSKiB()))])
    }

    /// The whole file as bytes, read with read(2) into the array's own storage.
    static func readBytes(_ path: String) -> [UInt8] {
        let size = fileSize(path)
        let fd = open(path, O_RDONLY)
        guard fd >= 0, size >= 0 else { fail("cannot open \(path)") }
        defer { close(fd) }
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let r = read(fd, buffer.baseAddress! + count, size - count)
                if r < 0 && errno == EINTR { continue }
                guard r > 0 else { fail("read error on \(path)") }
                count += r
            }
        }
    }

    /// Feeds the file through a 1 MiB buffer (the product's `PieceBuffer`); `body` returns how
    /// many bytes it used.
    static func chunked(_ path: String, _ body: (UnsafeRawBufferPointer, Bool) -> Int) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { fail("cannot open \(path)") }
        defer { close(fd) }
        let pieces = PieceBuffer(piece: 1 << 20)
        while true {
            pieces.fill { free in
                while true {
                    let r = read(fd, free.baseAddress, free.count)
                    if r < 0 && errno == EINTR { continue }
                    if r < 0 { fail("read error on \(path)") }
                    return r
                }
            }
            let used = body(pieces.bytes, pieces.ended)
            if pieces.ended { return }
            pieces.consume(used)
        }
    }
}
