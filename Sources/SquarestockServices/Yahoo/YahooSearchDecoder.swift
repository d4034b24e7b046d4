import SquarestockCore
import SquarestockNetworking

/// Reads `/v1/finance/search?q=...` answers. Private-company hits without a symbol
/// (`isYahooFinance: false`) and option contracts are left out.
package enum YahooSearchDecoder {
    package static func matches(_ response: HTTPResponse) -> Result<[OnlineSymbolMatch], QuoteError> {
        if response.status == 429 {
            return .failure(RateLimit.error(response, source: "yahoo"))
        }
        guard BodyKind.classify(response.body) == .json, let root = try? JSONReader.parse(response.body) else {
            return .failure(
                .notJSON(
                    source: "yahoo", status: response.status, kind: BodyKind.classify(response.body),
                    excerpt: BodyKind.excerpt(response.body)))
        }
        if response.status >= 400 {
            return .failure(
                .httpStatus(
                    source: "yahoo", status: response.status, excerpt: ResponseScreen.jsonMessage(response.body) ?? ""))
        }
        // An answer with no `quotes` is no answer: Yahoo's error envelope with HTTP 200
        // (`{"finance":{"error":{"description":"Invalid input"}}}`) read as "no listing found".
        guard let quotes = root["quotes"]?.array else {
            // An answer with no list and no error (news only) has no listing: no hits.
            guard let said = ResponseScreen.jsonMessage(in: root) else { return .success([]) }
            return .failure(
                .exchangeError(
                    source: "yahoo", message: said, hint: "try again in a few minutes; the offline matches stand"))
        }
        return .success(
            quotes.compactMap { q in
                guard let symbol = q["symbol"]?.string, q["isYahooFinance"] != .bool(false) else { return nil }
                let type = q["quoteType"]?.string ?? ""
                if type == "OPTION" { return nil }
                let name = q["longname"]?.string ?? q["shortname"]?.string ?? ""
                return OnlineSymbolMatch(
                    symbol: symbol, name: name,
                    exchange: q["exchDisp"]?.string ?? q["exchange"]?.string ?? "",
                    type: q["typeDisp"]?.string ?? type, origin: "yahoo")
            })
    }

    /// The real service's URL for a query (fuzzy matching on, no news).
    package static func url(query: String, limit: Int, context: SourceContext) -> String {
        context.url(
            "https://query2.finance.yahoo.com/v1/finance/search?q=" + Endpoint.encode(query)
                + "&quotesCount=\(limit)&newsCount=0&enableFuzzyQuery=true")
    }
}
