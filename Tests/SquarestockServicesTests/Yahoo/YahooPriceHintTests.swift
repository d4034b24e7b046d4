import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockServices

/// Yahoo's `priceHint` is the instrument's precision: a coin at 0.00001234 shows all its
/// digits (it showed 0.0000), EURUSD=X shows 1.0834 (it showed 1.08), from a quote row as from
/// a chart's `meta`; a hint that is no whole number in 0...18 is ignored.
struct YahooPriceHintTests {
    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_764_000_000))

    static func quoteBody(_ rows: [(symbol: String, price: String, hint: String)]) -> [UInt8] {
        let items = rows.map { r in
            """
            {"symbol":"\(r.symbol)","regularMarketPrice":\(r.price),"regularMarketPreviousClose":\(r.price),\
            "priceHint":\(r.hint),"currency":"USD","exchangeTimezoneName":"UTC","regularMarketTime":1763990000}
            """
        }
        return Array(#"{"quoteResponse":{"result":[\#(items.joined(separator: ","))],"error":null}}"#.utf8)
    }

    static func shown(_ stock: Stock) -> String {
        NumberFormatting.price(stock.price.last!, decimals: stock.priceDecimals)
    }

    @Test func aQuoteRowsHintIsThePricesDecimals() throws {
        let body = Self.quoteBody([
            ("SHIB-USD", "0.00001234", "8"), ("EURUSD=X", "1.0834", "4"), ("AAPL", "268.81", "2"),
            ("ODD", "1.23456", "2.5"), ("HUGE", "1.5", "40"), ("TEXT", "1.5", "\"4\""), ("PENNY", "0.0012", "2"),
            ("HALF", "0.005", "2"),
        ])
        guard case .rows(let rows) = YahooQuoteDecoder.decode(HTTPResponse(status: 200, body: body)) else {
            Issue.record("expected rows")
            return
        }
        func stock(_ s: String) throws -> Stock {
            try YahooQuoteDecoder.stock(
                symbol: s, row: rows[s]!, chart: nil, context: Self.context, sourceName: "yahoo"
            ).get()
        }
        #expect(Self.shown(try stock("SHIB-USD")) == "0.00001234")
        #expect(Self.shown(try stock("EURUSD=X")) == "1.0834")
        #expect(Self.shown(try stock("AAPL")) == "268.81")
        // No usable hint: the usual rule (2 decimals at 1 and above).
        #expect(try stock("ODD").priceDecimals == nil)
        #expect(try stock("HUGE").priceDecimals == nil)
        #expect(try stock("TEXT").priceDecimals == nil)
        #expect(Self.shown(try stock("ODD")) == "1.23")
        // A hint that would show a nonzero price as zero (it printed 0.00) gives way to the rule.
        #expect(try stock("PENNY").priceDecimals == nil)
        #expect(Self.shown(try stock("PENNY")) == "0.00120")
        // Nor as a hundred per cent more than it is (0.005 at 2 decimals is 0.01).
        #expect(try stock("HALF").priceDecimals == nil && Self.shown(try stock("HALF")) == "0.00500")
    }

    @Test func aChartsHintIsThePricesDecimals() throws {
        let body = """
            {"chart":{"result":[{"meta":{"currency":"USD","symbol":"SHIB-USD","exchangeTimezoneName":"UTC",\
            "regularMarketPrice":0.00001234,"chartPreviousClose":0.000011,"priceHint":8,\
            "regularMarketTime":1763990000,"dataGranularity":"1d","range":"5d"},\
            "timestamp":[1763942400],"indicators":{"quote":[{"close":[0.00001234],"open":[0.000011],\
            "high":[0.0000125],"low":[0.000011],"volume":[1000]}]}}],"error":null}}
            """
        let stock = try YahooChartQuote.stock(
            symbol: "SHIB-USD", response: HTTPResponse(status: 200, body: Array(body.utf8)), context: Self.context,
            sourceName: "yahoo"
        ).get()
        #expect(stock.priceDecimals == 8)
        #expect(Self.shown(stock) == "0.00001234")
    }

    /// Without a hint (Stooq, Alpha Vantage), a price below a hundredth keeps three significant
    /// digits instead of rounding to zeros.
    @Test(arguments: [
        ("0.00001234", "0.0000123"), ("0.00123", "0.00123"), ("0.0123", "0.0123"), ("0.5", "0.5000"),
        ("268.81", "268.81"), ("0", "0.00"),
    ])
    func theUsualRuleKeepsASubCentPricesDigits(price: String, shown: String) {
        #expect(NumberFormatting.price(ExactDecimal(price)!) == shown)
    }
}

/// Yahoo's chart prices are floats printed as doubles: such a number is the float's shortest
/// text, any other number stays as sent.
struct YahooFloatPriceTests {
    @Test(arguments: [
        ("254.55999755859375", "254.56"), ("255.4600067138672", "255.46"), ("1.0834000110626221", "1.0834"),
        // Not a float's double: kept digit for digit.
        ("254.5599975585938", "254.5599975585938"), ("0.123456789012", "0.123456789012"),
        // Short already, or whole.
        ("254.56", "254.56"), ("40127700", "40127700"),
    ])
    func floatsBecomeTheirShortText(sent: String, read: String) {
        #expect(YahooFloatPrice.decimal(.number(sent))?.description == read)
    }
}
