import PropertyBased
import Testing

@testable import SquarestockServices

/// Random quotes.csv answers in the benchmark's shape (`f=sl1d1t1c1ohgv`), mostly well-formed,
/// with one field in twenty swapped for text that sends a line (or the whole answer) to the
/// general path: the fast path must read every answer as the general path and the oracle do.
struct YahooCSVLinePropertyTests {
    static let symbols = [
        "\"AAPL\"", "\"AIR.PA\"", "\"^GSPC\"", "\"EURUSD=X\"", "\"BTC-USD\"", "\"7203.T\"", "\"BRK.B\"", "msft",
        "\"vod.l\"", "\"0700.HK\"",
    ]
    static let numbers = [
        "300.1", "-3.43", "+0.65", "N/A", "415", "0", "-0", "0.00001", "123456789.123", "12345678901234567",
        "\"17.60\"", "+3.2", "-.5", "1.", "45944790",
    ]
    static let dates = ["\"1/3/2012\"", "\"5/6/2020\"", "\"11/1/2020\"", "\"3/8/2020\"", "\"N/A\"", "\"12/31/2016\""]
    static let times = [
        "\"12:00am\"", "\"12:30pm\"", "\"4:00pm\"", "\"1:30am\"", "\"2:30am\"", "\"11:59pm\"", "\"N/A\"", "\"9:30 AM\"",
    ]
    /// Text the fast path must hand to the general reader, or read the long way.
    static let wild = [
        "", "\"\"", " 1.5 ", "\" AAPL \"", "1,234", "\"1,234.5\"", "38.88B", "+1.53%", "1e3", "\"a\"\"b\"", "\"x\"y",
        "a\"b", "\u{1B}[31m", "é", "\t2", "12O.5", "\"2/30/2016\"", "\"11/4/16\"", "-", "null", "\"unterminated",
        "\"line\nbreak\"", "N/D", "n/a", "\"13:00pm\"", "\"4:00\"", "\u{00A0}5",
    ]
    static let terminators = ["\n", "\n", "\n", "\r\n", "\r", "\n\n", ""]

    static let line = Gen.int(in: 0...99_999).array(of: 10).map { picks -> String in
        var fields: [String] = []
        for column in 0..<9 {
            let r = picks[column]
            let set: [String]
            switch column {
            case 0: set = symbols
            case 2: set = dates
            case 3: set = times
            default: set = numbers
            }
            fields.append(r % 20 == 0 ? wild[(r / 20) % wild.count] : set[(r / 20) % set.count])
        }
        return fields.joined(separator: ",") + terminators[picks[9] % terminators.count]
    }
    static let body = line.array(of: 1...6).map { $0.joined() }

    @Test func theFastPathReadsAsTheGeneralPathAndTheOracle() async {
        await propertyCheck(count: 500, input: Self.body) { body in
            let r = LegacyYahooCSV.readings(body, codes: "sl1d1t1c1ohgv")
            #expect(r.fast == r.oracle)
            #expect(r.general == r.oracle)
            #expect(r.streamed == r.oracleStocks)
        }
    }
}
