import SquarestockCore
import SquarestockNetworking
import Testing

@testable import SquarestockServices

/// `YahooCSVSource.quotes` reads each answer line by line into stocks (`readStocks`, no rows
/// kept); every requested symbol must get what it got when the answer was first made into rows
/// and each symbol took the first row that echoed it.
struct YahooCSVSourceBatchTests {
    /// Answers every request with the next body of the list, in order.
    struct Answers: HTTPTransport {
        let bodies: [Result<HTTPResponse, TransportError>]
        func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
            requests.indices.map { bodies[$0 % bodies.count] }
        }
    }

    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_588_881_600))

    /// The symbols' outcomes the way `quotes` made them before: rows, then the first row per symbol.
    static func byRows(_ symbols: [String], answers: [Result<HTTPResponse, TransportError>], codes: String) -> [String]
    {
        let split = YahooFieldCode.split(codes) ?? []
        var out: [String] = []
        for (b, start) in stride(from: 0, to: symbols.count, by: YahooCSVSource.batchSize).enumerated() {
            let batch = symbols[start..<min(start + YahooCSVSource.batchSize, symbols.count)]
            let decoded = answers[b % answers.count].mapError { QuoteError.transport(source: "yahoo-csv", $0) }
                .flatMap { LegacyYahooCSV.rows($0, codes: split, perLine: { batch.contains($0) }) }
            for symbol in batch {
                let outcome: Result<Stock, QuoteError>
                switch decoded {
                case .failure(let error): outcome = .failure(error)
                case .success(let rows):
                    if let row = rows.first(where: { $0.symbol == symbol }) {
                        outcome = LegacyYahooCSV.stock(
                            symbol: symbol, row: row, context: context, sourceName: "yahoo-csv")
                    } else {
                        outcome = .failure(.missingFromResponse(source: "yahoo-csv"))
                    }
                }
                out.append(symbol + " " + LegacyYahooCSV.describe(outcome))
            }
        }
        return out
    }

    func expectSame(
        _ symbols: [String], _ bodies: [String], codes: String = "sl1d1t1c1ohgv",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let answers = bodies.map {
            Result<HTTPResponse, TransportError>.success(HTTPResponse(status: 200, body: Array($0.utf8)))
        }
        let results = YahooCSVSource(fieldCodes: codes).quotes(
            for: symbols, context: Self.context, transport: Answers(bodies: answers))
        let streamed = results.map { $0.symbol + " " + LegacyYahooCSV.describe($0.outcome) }
        #expect(streamed == Self.byRows(symbols, answers: answers, codes: codes), sourceLocation: sourceLocation)
    }

    static let answer = """
        "AAPL",300.1,"5/6/2020","4:00pm",+1,299.1,301,299,1
        "msft",N/A,"5/6/2020","4:00pm",+1,299.1,301,299,1
        "AIR.PA",55.63,"5/6/2020","5:35pm",-0.34,55.97,56.11,55.41,1646398
        "AAPL",999,"5/7/2020","9:30am",+2,998,999,997,2
        " VOD.L ",221.15,"5/6/2020","4:35pm",N/A,221.5,222.8,220.5,N/A
        "BRK.B",300.6.3,"5/6/2020","4:00pm",+1,299.1,301,299,1

        """

    @Test func symbolsTakeTheFirstLineThatEchoesThem() {
        expectSame(["AAPL", "MSFT", "AIR.PA", "VOD.L", "BRK.B", "GOOG", "AAPL"], [Self.answer])
        expectSame(["GOOG"], [Self.answer])
        expectSame([], [Self.answer])
    }

    /// A line with too few or too many fields (thousands separators: `434.5,1,234,567`) fails
    /// its own symbol only; the rest of the answer is read (the whole batch failed with it).
    @Test func aLineWithTheWrongFieldCountFailsItsSymbolAlone() {
        let short = Self.answer + "\"INTC\",1,\"5/6/2020\"\n\"IBM\",120,\"5/6/2020\",\"4:00pm\",+1,119,121,118,10\n"
        expectSame(["AAPL", "INTC", "IBM"], [short])
        let split = "\"BP.L\",434.5,\"5/6/2020\",\"4:35pm\",+1,433,435,432,1,234,567\n" + Self.answer
        expectSame(["BP.L", "AAPL", "AIR.PA"], [split])
        let results = YahooCSVSource(fieldCodes: "sl1d1t1c1ohgv").quotes(
            for: ["BP.L", "AAPL"], context: Self.context,
            transport: Answers(bodies: [.success(HTTPResponse(status: 200, body: Array(split.utf8)))]))
        #expect(results[0].error?.detail.contains("11 fields where the f= codes ask for 9") == true, "\(results[0])")
        #expect(results[1].stock?.price.last == ExactDecimal("300.1"))
        #expect(results[0].error?.detail.contains("11 fields") == true)
        // A short line of a symbol nobody asked for is no quote line at all (`Error, try later`):
        // the answer fails, as it did, rather than every symbol being "missing".
        let notice = YahooCSVSource(fieldCodes: "sl1d1t1c1ohgv").quotes(
            for: ["AAPL"], context: Self.context,
            transport: Answers(bodies: [.success(HTTPResponse(status: 200, body: Array("Error, try later\n".utf8)))]))
        #expect(notice[0].error?.detail.contains("has 2 of 9 fields") == true, "\(notice[0])")
        let cut = Self.answer + "\"INTC\",1,\"5/6/2020\"\n"
        let intc = YahooCSVSource(fieldCodes: "sl1d1t1c1ohgv").quotes(
            for: ["INTC", "AAPL"], context: Self.context,
            transport: Answers(bodies: [.success(HTTPResponse(status: 200, body: Array(cut.utf8)))]))
        #expect(intc[0].error?.detail.contains("has 3 of 9 fields") == true && intc[1].stock != nil, "\(intc)")
        // With the symbol elsewhere than first, a split line may have moved it: the answer fails.
        expectSame(
            ["AAPL"], ["300.1,\"AAPL\",\"5/6/2020\",\"4:00pm\",+1,299.1,301,299,1,234\n"], codes: "l1sd1t1c1ohgv")
    }

    @Test func anAnswerThatFailsFailsItsWholeBatch() {
        let unclosed = Self.answer + "\"INTC\",1,\"5/6/2020\n"
        expectSame(["AAPL", "INTC"], [unclosed])
        expectSame(["AAPL"], ["It has come to our attention"])
        let throttled = Result<HTTPResponse, TransportError>.failure(.couldNotResolve(host: "example.invalid"))
        let results = YahooCSVSource().quotes(
            for: ["AAPL"], context: Self.context, transport: Answers(bodies: [throttled]))
        #expect(results[0].error == .transport(source: "yahoo-csv", .couldNotResolve(host: "example.invalid")))
    }

    @Test func batchesOfFiftyEachReadTheirOwnAnswer() {
        let symbols = (0..<120).map { "S\($0)" }
        let bodies = (0..<3).map { b in
            (0..<50).map { k in "\"S\(b * 50 + k)\",\(b + 1)\(k).5,\"5/6/2020\",\"4:00pm\",+1,2,3,4,5\n" }.joined()
        }
        expectSame(symbols, bodies)
    }
}
