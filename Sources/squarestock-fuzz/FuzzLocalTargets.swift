import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockRendering
import SquarestockSearch
import SquarestockServices
import SquarestockWatch

/// What comes from disk, the user or a response header: the symbol directory and its snapshot, search queries, the config file, cookies, forms, watch input, header lines.
enum FuzzLocalTargets {
    static let names = [
        "directory", "search-query", "config", "cookies", "html-form", "snapshot", "watch-input", "header-lines",
    ]

    /// False for a name that is not one of these targets.
    static func run(_ target: String, _ bytes: [UInt8]) -> Bool {
        let context = FuzzTargets.context
        switch target {
        case "directory": _ = try? SymbolDirectoryParser.parse(bytes)
        case "search-query": _ = FuzzTargets.searchIndex?.search(String(decoding: bytes, as: UTF8.self), limit: 5)
        case "config": _ = ConfigFile.parse(String(decoding: bytes, as: UTF8.self))
        case "cookies":
            // Response header values: every line as a Set-Cookie and as a Retry-After.
            var jar = CookieJar()
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                let value = String(decoding: line, as: UTF8.self)
                jar.absorb(setCookie: value, now: context.now)
                _ = RetryPolicy.parseRetryAfter(value, now: context.now)
            }
            _ = jar.headerLine
        case "html-form":
            let fields = HTMLForm.hiddenInputs(bytes)
            _ = HTMLForm.encode(fields.map { ($0.name, $0.value) })
        case "snapshot":
            // A valid snapshot of a small index, damaged as the input says and resealed, so the
            // damage reaches the shape checks behind the checksum: loading must refuse it or give
            // an index that searches without reading out of bounds.
            guard var damaged = FuzzTargets.smallSnapshot else { return true }
            var i = 0
            if bytes.count >= 2 {  // first two bytes: how much of the file survives
                let keep = (Int(bytes[0]) << 8 | Int(bytes[1])) % (damaged.count + 1)
                if keep >= 16 { damaged.removeSubrange(keep...) }
                i = 2
            }
            while i + 3 <= bytes.count {  // then (offset high, offset low, byte) edits
                let at = (Int(bytes[i]) << 8 | Int(bytes[i + 1])) % max(damaged.count - 8, 1)
                if at >= 16, at < damaged.count { damaged[at] = bytes[i + 2] }
                i += 3
            }
            if let index = try? SymbolIndex(snapshot: SymbolIndex.resealedSnapshot(damaged)) {
                for q in ["apple", "berkshre b", "GOOG"] { _ = index.search(q, limit: 5) }
                _ = index.suggestion(forUnknownSymbol: "APPL")
                _ = index.listings
            }
        case "watch-input":
            // What a user types or writes: keys, alert rules and watchlist files.
            _ = WatchKey.decode(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            _ = AlertRule.parse(text)
            let file = WatchList.parseFile(text, name: "list")
            _ = WatchList.resolve(commandLine: [], file: file, config: WatchList.parseConfig(text))
        case "header-lines":
            // Each line as libcurl's header callback would hand it over, line end included.
            var headers: [HTTPHeader] = []
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                let withEnd = Array(line) + [UInt8(ascii: "\n")]
                switch withEnd.withUnsafeBytes({ HTTPHeaderLine.parse($0) }) {
                case .statusLine: headers.removeAll()
                case .header(let h): headers.append(h)
                case .other: break
                }
            }
            let now = context.now
            _ = HTTPResponse(status: 429, headers: headers, body: []).header("Retry-After").map {
                RetryPolicy.parseRetryAfter($0, now: now)
            }
        default: return false
        }
        return true
    }
}
