import Testing

@testable import SquarestockCore
@testable import SquarestockSearch

@Suite("Symbol directory parser")
struct SymbolDirectoryParserTests {
    static let nasdaqHeader =
        "Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares"
    static let otherHeader = "ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol"

    static func nasdaqFile(
        _ rows: [String], footer: String = "File Creation Time: 1020202512:11|||||||", eol: String = "\n"
    ) -> [UInt8] {
        Array(([nasdaqHeader] + rows + [footer]).joined(separator: eol).utf8) + Array(eol.utf8)
    }

    static func parseError(_ bytes: [UInt8]) -> SymbolDirectoryError? {
        do {
            _ = try SymbolDirectoryParser.parse(bytes)
            return nil
        } catch { return error }
    }

    @Test func realFilesParse() throws {
        let (k1, a) = try SymbolDirectoryParser.parse(SearchFixtures.nasdaqListed)
        let (k2, b) = try SymbolDirectoryParser.parse(SearchFixtures.otherListed)
        #expect(k1 == .nasdaqListed && k2 == .otherListed)
        #expect(a.listings.count == 5134)  // 5 145 lines: header, 5 143 rows (9 test issues), footer
        #expect(a.testIssuesSkipped == 9)
        #expect(b.listings.count == 6718)
        #expect(b.testIssuesSkipped == 25)
        #expect(a.creationTime == CivilDateTime(year: 2025, month: 10, day: 20, hour: 12, minute: 11))
        #expect(a.creationDate == CivilDate(year: 2025, month: 10, day: 20))
        let both = SearchFixtures.directory
        #expect(both.listings.count == 11852)
        #expect(both.listings.first?.symbol == "AACB")  // nasdaqlisted first
    }

    @Test func testIssuesAreNeverListed() {
        let symbols = Set(SearchFixtures.directory.listings.map(\.symbol))
        for test in ["ZXZZT", "ZXYZ.A", "ZEXIT", "ZIEXT", "ZXIET", "MTEST", "CTEST.E", "NTEST.A", "ATEST.A"] {
            #expect(!symbols.contains(test), "\(test)")
        }
        #expect(!SearchFixtures.directory.listings.contains { $0.name.contains("Test Symbol") })
    }

    @Test func lfAndCRLFGiveTheSameListings() throws {
        let lf = try SymbolDirectoryParser.parse(SearchFixtures.otherListed).directory
        let crlfBytes = SearchFixtures.otherListed.split(separator: 10, omittingEmptySubsequences: false)
            .map { Array($0) }.joined(separator: [13, 10]).map { $0 }
        let crlf = try SymbolDirectoryParser.parse(Array(crlfBytes)).directory
        #expect(lf.listings == crlf.listings)
        #expect(lf.creationTime == crlf.creationTime)
    }

    @Test func trailingAndDoubleSpacesAreCleaned() throws {
        #expect(SearchFixtures.listing("AA")?.name == "Alcoa Corporation Common Stock")
        #expect(SearchFixtures.listing("TSLA")?.name == "Tesla, Inc. - Common Stock")
        let d = try SymbolDirectoryParser.parse(
            Self.nasdaqFile(["  ABC  |  Abc  Corp - Common Stock   |Q|N|N|100|N|N"])
        ).directory
        #expect(d.listings.first?.symbol == "ABC")
        #expect(d.listings.first?.name == "Abc Corp - Common Stock")
    }

    @Test func emptyETFFieldOnTestIssues() throws {
        let d = try SymbolDirectoryParser.parse(
            Self.nasdaqFile([
                "ZXZZT|NASDAQ TEST STOCK|G|Y|N|100||N",
                "AAPL|Apple Inc. - Common Stock|Q|N|N|100|N|N",
            ])
        ).directory
        #expect(d.listings.map(\.symbol) == ["AAPL"])
        #expect(d.testIssuesSkipped == 1)
    }

    @Test func footerDate() throws {
        let d = try SymbolDirectoryParser.parse(Self.nasdaqFile([], footer: "File Creation Time: 0102202609:30|||||||"))
            .directory
        #expect(d.creationTime == CivilDateTime(year: 2026, month: 1, day: 2, hour: 9, minute: 30))
        // otherlisted pads the footer with one pipe fewer than its header has.
        let other = Array(
            "\(Self.otherHeader)\nF|Ford Motor Company Common Stock|N|F|N|100|N|F\nFile Creation Time: 1020202512:11||||||\n"
                .utf8)
        #expect(try SymbolDirectoryParser.parse(other).directory.listings.count == 1)
    }

    static let malformed: [(String, [UInt8], SymbolDirectoryError)] = [
        ("empty", [], .empty),
        ("blank", Array("  \n\n".utf8), .empty),
        ("html", Array("<!DOCTYPE html><html><body>Access denied</body></html>".utf8), .htmlInsteadOfDirectory),
        ("html after blank lines", Array("\n  <html>".utf8), .htmlInsteadOfDirectory),
        ("bad header", Array("Ticker|Name\nAAPL|Apple\n".utf8), .badHeader(line: 1, found: "Ticker|Name")),
        (
            "missing footer", Array("\(nasdaqHeader)\nAAPL|Apple Inc. - Common Stock|Q|N|N|100|N|N\n".utf8),
            .missingFooter(lastLine: 2)
        ),
        (
            "truncated row",
            nasdaqFile(["AAPL|Apple Inc. - Common Stock|Q|N|N|100|N|N", "MSFT|Microsoft Corporation|Q|N"]),
            .wrongFieldCount(line: 3, expected: 8, found: 4)
        ),
        (
            "extra field", nasdaqFile(["AAPL|Apple Inc.|Q|N|N|100|N|N|X"]),
            .wrongFieldCount(line: 2, expected: 8, found: 9)
        ),
        (
            "bad test flag", nasdaqFile(["AAPL|Apple Inc.|Q|maybe|N|100|N|N"]),
            .invalidValue(line: 2, field: "Test Issue", value: "maybe")
        ),
        (
            "bad tier", nasdaqFile(["AAPL|Apple Inc.|X|N|N|100|N|N"]),
            .invalidValue(line: 2, field: "Market Category", value: "X")
        ),
        (
            "bad lot", nasdaqFile(["AAPL|Apple Inc.|Q|N|N|1x0|N|N"]),
            .invalidValue(line: 2, field: "Round Lot Size", value: "1x0")
        ),
        ("empty symbol", nasdaqFile(["|Apple Inc.|Q|N|N|100|N|N"]), .emptyField(line: 2, field: "Symbol")),
        ("empty name", nasdaqFile(["AAPL||Q|N|N|100|N|N"]), .emptyField(line: 2, field: "Security Name")),
        (
            "bad footer", nasdaqFile([], footer: "File Creation Time: yesterday|||||||"),
            .badFooter(line: 2, found: "File Creation Time: yesterday|||||||")
        ),
        (
            "impossible footer date", nasdaqFile([], footer: "File Creation Time: 1332202512:11|||||||"),
            .badFooter(line: 2, found: "File Creation Time: 1332202512:11|||||||")
        ),
        (
            "data after footer",
            Array("\(nasdaqHeader)\nFile Creation Time: 1020202512:11|||||||\nAAPL|Apple Inc.|Q|N|N|100|N|N\n".utf8),
            .dataAfterFooter(line: 3)
        ),
    ]

    @Test(arguments: malformed)
    func malformedFilesFailWithLineNumbers(_ name: String, _ bytes: [UInt8], _ expected: SymbolDirectoryError) {
        #expect(Self.parseError(bytes) == expected, "\(name)")
    }

    /// CQS symbology -> display symbol, per `DirectorySymbol`.
    @Test(arguments: [
        ("F", "F"), ("BRK.B", "BRK.B"), ("BF.A", "BF.A"), ("ABRpD", "ABR-PD"), ("XYZp", "XYZ-P"),
        ("AAM.WS", "AAM.WS"), ("NE.WS.A", "NE.WS.A"), ("AAM.U", "AAM.U"), ("BRWr", "BRW.R"), ("JGHrw", "JGH.R.WI"),
        ("XYZw", "XYZ.WI"),
    ])
    func cqsToDisplaySymbol(_ cqs: String, _ display: String) {
        #expect(DirectorySymbol.display(cqs: cqs) == display)
    }

    @Test func threeSymbologiesAreKept() throws {
        let p = try #require(SearchFixtures.listing("ABR-PD"))
        #expect(p.actSymbol == "ABR$D" && p.cqsSymbol == "ABRpD" && p.nasdaqSymbol == "ABR-D")
        #expect(p.type == .preferred)
        let w = try #require(SearchFixtures.listing("AAM.WS"))
        #expect(w.actSymbol == "AAM.W" && w.cqsSymbol == "AAM.WS" && w.nasdaqSymbol == "AAM+" && w.type == .warrant)
        let u = try #require(SearchFixtures.listing("AAM.U"))
        #expect(u.nasdaqSymbol == "AAM=" && u.type == .unit)
        let r = try #require(SearchFixtures.listing("BRW.R"))
        #expect(r.actSymbol == "BRW.R" && r.cqsSymbol == "BRWr" && r.nasdaqSymbol == "BRW^" && r.type == .right)
        let n = try #require(SearchFixtures.listing("AAPL"))
        #expect(n.cqsSymbol == nil && n.actSymbol == "AAPL" && n.nasdaqSymbol == "AAPL")
    }

    /// Kind of security, read from the ETF flag, the CQS suffix and the name's description.
    @Test(arguments: [
        ("AAPL", SecurityType.commonStock), ("KOF", .commonStock),  // ADS "representing 10 Units"
        ("ET", .commonStock),  // partnership "Common Units"
        ("SPY", .etf), ("QQQ", .etf), ("IBIT", .etf),  // IBIT: ETF by name, flag N
        ("AACB", .commonStock), ("AACBR", .right), ("AACBU", .unit), ("AACIW", .warrant),
        ("ABR-PD", .preferred), ("ACHR.WS", .warrant), ("AAM.U", .unit), ("BRW.R", .right),
        ("F-PB", .note), ("ABLLL", .note), ("ASG", .fund), ("CHY", .fund),
    ])
    func securityTypes(_ symbol: String, _ type: SecurityType) throws {
        let l = try #require(SearchFixtures.listing(symbol), "\(symbol) in the directory")
        #expect(l.type == type, "\(symbol): \(l.name)")
    }

    @Test(arguments: [
        ("GOOGL", UInt8(ascii: "A")), ("GOOG", UInt8(ascii: "C")), ("BRK.A", UInt8(ascii: "A")),
        ("BRK.B", UInt8(ascii: "B")), ("META", UInt8(ascii: "A")), ("BF.B", UInt8(ascii: "B")),
    ])
    func shareClasses(_ symbol: String, _ cls: UInt8) throws {
        #expect(try #require(SearchFixtures.listing(symbol)).shareClass == cls)
    }

    @Test func exchanges() throws {
        #expect(try #require(SearchFixtures.listing("AAPL")).exchange.tier == "Global Select")
        #expect(try #require(SearchFixtures.listing("AACB")).exchange.tier == "Global Market")
        #expect(try #require(SearchFixtures.listing("AACG")).exchange.tier == "Capital Market")
        #expect(try #require(SearchFixtures.listing("F")).exchange.name == "NYSE")
        #expect(try #require(SearchFixtures.listing("SPY")).exchange.name == "NYSE Arca")
        let names: [(UInt8, String, String)] = [
            (78, "NYSE", "XNYS"), (65, "NYSE American", "XASE"), (80, "NYSE Arca", "ARCX"),
            (90, "Cboe BZX", "BATS"), (86, "IEX", "IEXG"), (77, "NYSE Texas", "XCHI"),
        ]
        for (code, name, mic) in names {
            let e = try #require(ListingExchange(otherListedCode: code))
            #expect(e.name == name && e.mic == mic)
        }
        #expect(ListingExchange(otherListedCode: UInt8(ascii: "Q")) == nil)
        let unknown = Array(
            "\(Self.otherHeader)\nXYZ|Xyz Corp Common Stock|Q|XYZ|N|100|N|XYZ\nFile Creation Time: 1020202512:11||||||\n"
                .utf8)
        #expect(try SymbolDirectoryParser.parse(unknown).directory.listings.first?.exchange.name == "Exchange Q")
    }

    @Test func exchangeFilterAliases() throws {
        let q = try #require(ListingExchange(nasdaqMarketCategory: UInt8(ascii: "Q")))
        #expect(
            q.matches(filter: "nasdaq") && q.matches(filter: "NASDAQ-GS") && q.matches(filter: "xnas")
                && !q.matches(filter: "nyse"))
        let p = try #require(ListingExchange(otherListedCode: UInt8(ascii: "P")))
        #expect(p.matches(filter: "arca") && p.matches(filter: "NYSE Arca") && !p.matches(filter: "nyse"))
    }
}
