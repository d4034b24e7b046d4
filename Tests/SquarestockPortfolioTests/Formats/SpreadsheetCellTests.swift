import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// Export cells a spreadsheet would evaluate get a `'` mark; numbers stay numbers; import takes
/// the mark off again, and only that mark.
struct SpreadsheetCellTests {
    @Test(arguments: [
        ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("'quoted", "''quoted"),
        ("-", "'-"),
        ("-12.50", "-12.50"),
        ("+3", "+3"),
        ("0.5", "0.5"),
        ("AAPL", "AAPL"),
        ("BRK.B", "BRK.B"),
        ("", ""),
    ])
    func aFormulaIsMarkedAndANumberIsNot(cell: String, written: String) {
        #expect(SpreadsheetCell.marked(cell) == written)
        #expect(SpreadsheetCell.unmarked(written) == cell)
    }

    /// A user's note that merely begins with `'` is read as written.
    /// A CRLF is one Character in Swift, equal to neither "\r" nor "\n": a cell whose only line
    /// end is CRLF was once written unquoted, and split the row for every reader.
    @Test func aCellWithACRLFIsQuoted() {
        #expect(SpreadsheetCell.csv("line one\r\nline two") == "\"line one\r\nline two\"")
        #expect(SpreadsheetCell.csv("\r\n=1+1") == "\"'\r\n=1+1\"")
        #expect(SpreadsheetCell.unmarked("'\r\n=1+1") == "\r\n=1+1")
    }

    @Test func onlyTheMarkIsTakenOff() {
        #expect(SpreadsheetCell.unmarked("'tis") == "'tis")
        #expect(SpreadsheetCell.unmarked("'") == "'")
    }

    @Test func symbolsAreTheQuoteCommandsAlphabet() throws {
        for good in ["aapl", "BRK.B", "7203.T", "^GSPC", "EURUSD=X", "BTC-USD", "A_B"] {
            #expect(throws: Never.self) { try EntryFactory.symbol(good) }
        }
        for bad in ["A\"B", "A;B", "A  B", "A B", "", "ÄPPL", String(repeating: "X", count: 25)] {
            #expect(throws: PortfolioError.invalidSymbol(bad)) { try EntryFactory.symbol(bad) }
        }
    }
}
