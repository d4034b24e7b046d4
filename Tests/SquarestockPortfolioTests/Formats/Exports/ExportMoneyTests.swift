import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// Money as the exports write it, read exactly: the samples' own cells.
struct ExportMoneyTests {
    @Test(
        arguments: [
            ("-$694.48", "-694.48", "USD"),
            ("$1,259.59", "1259.59", "USD"),
            ("-$2,019.29", "-2019.29", "USD"),
            ("€3343.11229989", "3343.11229989", "EUR"),
            ("-€597.49846", "-597.49846", "EUR"),
            ("2214.01 EUR", "2214.01", "EUR"),
            ("89,162.28 SEK", "89162.28", "SEK"),
            ("-3.605E-05", nil, nil),
            ("500,135", "500135", nil),
            ("0,76672417", "0.76672417", nil),
            ("0,125", "0.125", nil),
            ("1234,567", "1234.567", nil),
            ("1 950,60", "1950.60", nil),
            ("-0.979", "-0.979", nil),
            ("$-12.00", "-12.00", "USD"),
            ("Not available", nil, nil),
            ("1.2.3", nil, nil),
            ("", nil, nil),
        ] as [(String, String?, String?)])
    func aPointFileReadsEachCell(text: String, amount: String?, currency: String?) {
        let v = ExportMoney.parse(text)
        #expect(v?.amount == amount.flatMap(ExactDecimal.init))
        #expect(v?.currency == currency)
    }

    /// DEGIRO's Dutch file writes a decimal comma: `"-27,80"`, `"1.234,56"`.
    @Test(arguments: [("-27,80", "-27.80"), ("1.234,56", "1234.56"), ("0,07", "0.07"), ("1,0613", "1.0613")])
    func aCommaFileReadsItsDecimals(text: String, amount: String) {
        #expect(ExportMoney.parse(text, mark: .comma)?.amount == ExactDecimal(amount))
    }

    /// DEGIRO's: thousands are spaces, so one `.` or `,` is the decimal mark whatever follows it.
    @Test(arguments: [("-1,215", "-1.215"), ("-1.215", "-1.215"), ("1 046,3825", "1046.3825"), ("-27,80", "-27.80")])
    func eitherMarkIsTheDecimalOne(text: String, amount: String) {
        #expect(ExportMoney.parse(text, mark: .either)?.amount == ExactDecimal(amount))
    }

    /// More digits than the currency has are rounded half away from zero, and said.
    @Test func anAmountBeyondTheCurrencysDigitsIsRoundedAndSaid() throws {
        let r = try #require(ExportMoney.minor(ExactDecimal("0.979")!, currency: "USD"))
        #expect(r.minor == 98 && r.rounded)
        let s = try #require(ExportMoney.minor(ExactDecimal("-1.79924")!, currency: "CHF"))
        #expect(s.minor == -180 && s.rounded)
        let exact = try #require(ExportMoney.minor(ExactDecimal("455")!, currency: "JPY"))
        #expect(exact.minor == 455 && !exact.rounded)
        #expect(ExportMoney.minor(ExactDecimal("1")!, currency: "XYZ") == nil)
    }

    /// Text encoded twice is decoded once; text that only looks like it is left alone.
    @Test(arguments: [
        ("CrÃ©dito de divisa", "Crédito de divisa"), ("Crédito", "Crédito"), ("Ã", "Ã"), ("plain", "plain"),
        ("Â£5", "£5"),
    ])
    func twiceEncodedTextIsRepaired(text: String, repaired: String) {
        #expect(ExportTable.repaired(text) == repaired)
    }
}
