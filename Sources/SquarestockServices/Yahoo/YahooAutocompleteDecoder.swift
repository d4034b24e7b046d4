import SquarestockCore
import SquarestockNetworking

/// Reads the legacy Yahoo autocomplete answers (`autoc?query=...`), plain JSON or JSONP
/// (`YAHOO.Finance.SymbolSuggest.ssCallback({...})`, sometimes prefixed with `/**/`). Values can
/// carry trailing spaces; the error variant has lower-case keys (`result: null, error: {...}`).
package enum YahooAutocompleteDecoder {
    static let types = ["S": "Equity", "E": "ETF", "M": "Fund", "O": "Option", "I": "Index", "F": "Future"]

    package static func matches(_ response: HTTPResponse) -> Result<[OnlineSymbolMatch], QuoteError> {
        let root: JSONValue
        do { root = try JSONReader.parseAllowingJSONP(response.body) } catch {
            let kind = BodyKind.classify(response.body)
            if kind != .json {
                return .failure(
                    .notJSON(
                        source: "yahoo", status: response.status, kind: kind, excerpt: BodyKind.excerpt(response.body)))
            }
            return .failure(.malformed(source: "yahoo", line: 1, column: error.offset + 1, detail: error.message))
        }
        let set = root["ResultSet"]
        if let err = set?["error"], !err.isNull {
            let text = err["description"]?.string ?? err["code"]?.string ?? "error"
            return .failure(.httpStatus(source: "yahoo", status: response.status, excerpt: TerminalText.sanitize(text)))
        }
        let results = set?["Result"]?.array ?? set?["result"]?.array ?? []
        return .success(
            results.compactMap { r in
                guard let symbol = r["symbol"]?.string, !symbol.isEmpty else { return nil }
                let type = r["typeDisp"]?.string ?? r["type"]?.string.flatMap { types[$0] } ?? ""
                if type == "Option" { return nil }
                return OnlineSymbolMatch(
                    symbol: symbol, name: r["name"]?.string ?? "",
                    exchange: r["exchDisp"]?.string ?? r["exch"]?.string ?? "",
                    type: type, origin: "yahoo")
            })
    }
}
