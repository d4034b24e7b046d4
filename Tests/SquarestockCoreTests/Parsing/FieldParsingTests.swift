import Testing

@testable import SquarestockCore

struct FieldParsingTests {
    @Test(arguments: ["", "N/A", "n/a", "N/D", "null", "NULL", "-", "nan", "NaN", " N/A ", "none"])
    func missingTokens(_ token: String) {
        #expect(token.withBytes { FieldParsing.isMissing($0) })
        #expect(token.withBytes { FieldParsing.decimal($0) } == .missing)
    }

    @Test(arguments: ["0", "N/AB", "--", "nil", "1"])
    func notMissing(_ token: String) {
        #expect(!token.withBytes { FieldParsing.isMissing($0) })
    }

    static let human: [(String, String?)] = [
        ("300.46", "300.46"), ("+0.50", "0.50"), ("-3.47", "-3.47"), ("+1.53%", "1.53"), ("-0.71%", "-0.71"),
        ("38.88B", "38880000000"), ("522.09B", "522090000000"), ("537.69M", "537690000"), ("1.5K", "1500"),
        ("-546.92M", "-546920000"), ("1,234.5", "1234.5"), ("12,345,678", "12345678"), (" 17.60 ", "17.60"),
        ("1,23", nil), ("12a", nil), ("%", nil), ("1e3", "1000"),
    ]

    @Test(arguments: human)
    func humanNumbers(_ c: (String, String?)) {
        let v = c.0.withBytes { FieldParsing.humanNumber($0) }
        if let expected = c.1 {
            #expect(v == .number(ExactDecimal(expected)!), "\(c.0)")
            if case .number(let d) = v {
                #expect(
                    d.description == expected
                        || d.normalized.description == ExactDecimal(expected)!.normalized.description)
            }
        } else {
            #expect(v == .invalid, "\(c.0)")
        }
    }

    @Test func decimalFastPathRejectsJunk() {
        #expect("12.5x".withBytes { FieldParsing.decimal($0) } == .invalid)
        #expect("12.5".withBytes { FieldParsing.decimal($0) } == .number(ExactDecimal(significand: 125, scale: 1)))
    }
}
