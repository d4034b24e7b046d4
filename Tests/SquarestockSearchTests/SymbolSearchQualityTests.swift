import Testing

@testable import SquarestockCore
@testable import SquarestockSearch

/// Search quality on the real 2025-10-20 directory: for each kind of query a person types, the
/// listing they mean must come first. The same table drives `searchbench` and `compare.sh`
/// (bench/queries.tsv).
@Suite("Symbol search quality")
struct SymbolSearchQualityTests {
    static let expectations: [(String, String, String)] = [
        ("aapl", "AAPL", "exact ticker"),
        ("AAPL", "AAPL", "exact ticker, upper case"),
        ("f", "F", "one-letter ticker"),
        ("t", "T", "one-letter ticker"),
        ("v", "V", "one-letter ticker"),
        ("qqq", "QQQ", "ETF ticker"),
        ("brk.b", "BRK.B", "class ticker with dot"),
        ("brk b", "BRK.B", "class ticker with space"),
        ("brkb", "BRK.B", "class ticker without separator"),
        ("goog", "GOOG", "exact ticker beats GOOGL prefix"),
        ("apple", "AAPL", "company word"),
        ("tesla", "TSLA", "company word"),
        ("amazon", "AMZN", "company word (Amazon.com)"),
        ("netflix", "NFLX", "company word"),
        ("microsoft", "MSFT", "company word"),
        ("nvidia", "NVDA", "company word"),
        ("exxon", "XOM", "first word of a longer name"),
        ("walmart", "WMT", "company word"),
        ("intel", "INTC", "company word"),
        ("mcdonalds", "MCD", "apostrophe dropped"),
        ("mcdonald's", "MCD", "apostrophe in query"),
        ("coca cola", "KO", "hyphenated name typed as two words"),
        ("coca-cola", "KO", "hyphenated name"),
        ("jp morgan", "JPM", "two words"),
        ("jpmorgan", "JPM", "glued short pair"),
        ("at&t", "T", "ampersand name"),
        ("att", "T", "ampersand name glued"),
        ("bank of america", "BAC", "noise word 'of'"),
        ("meta platforms", "META", "two words"),
        ("ford motor", "F", "two words"),
        ("motor ford", "F", "words in any order"),
        ("berkshire hathaway", "BRK.A", "both classes tie: alphabetical (documented)"),
        ("berkshire b", "BRK.B", "share class letter"),
        ("berkshire class b", "BRK.B", "share class phrase"),
        ("alphabet class a", "GOOGL", "share class phrase"),
        ("alphabet class c", "GOOG", "share class phrase"),
        ("alphabet a", "GOOGL", "share class letter"),
        ("apple inc", "AAPL", "noise word in query"),
        ("apple inc. common stock", "AAPL", "noise words in query"),
        ("tesla inc", "TSLA", "noise word in query"),
        ("aple", "APLE", "exact ticker wins over typo of apple (documented)"),
        ("appel", "AAPL", "transposition"),
        ("aplpe", "AAPL", "transposition"),
        ("microsft", "MSFT", "deletion typo"),
        ("mircosoft", "MSFT", "transposition"),
        ("nvidea", "NVDA", "substitution typo"),
        ("berkshre", "BRK.A", "deletion typo (both classes tie)"),
        ("amazn", "AMZN", "deletion typo"),
        ("netflx", "NFLX", "deletion typo"),
        ("teslaa", "TSLA", "insertion typo"),
        ("exon", "XOM", "deletion typo"),
        ("cocacola", "KO", "glued words"),
        ("amd", "AMD", "ticker and initials"),
        ("ibm", "IBM", "ticker and initials"),
        ("advanced micro devices", "AMD", "full name"),
        ("international business machines", "IBM", "full name"),
        ("google", "GOOG", "short name from an ETF name, for both share classes (they tie: alphabetical)"),
        ("google class c", "GOOG", "the ETF's short name and the share class (it gave Class A alone)"),
        ("google class a", "GOOGL", "the ETF's short name and the share class"),
        ("spdr s&p 500", "SPY", "ETF name"),
        ("s&p 500", "SPY", "ETF name words"),
        ("vanguard s&p 500", "VOO", "ETF name"),
        ("invesco qqq", "QQQ", "ETF name"),
        ("ishares bitcoin", "IBIT", "ETF name"),
        ("3m", "MMM", "digit word"),
        ("johnson & johnson", "JNJ", "ampersand with spaces"),
        ("procter gamble", "PG", "two words"),
        ("goldman sachs", "GS", "two words"),
        ("visa", "V", "company word equal to one-letter ticker"),
        ("mastercard", "MA", "company word"),
        ("disney", "DIS", "second word of the name"),
        ("walt disney", "DIS", "two words"),
        ("nvid", "NVDA", "prefix of the name"),
        ("micros", "MSFT", "prefix of the name"),
        // From Benchmarks/search/queries-varied.tsv (issue 30).
        ("ford", "F", "a large cap's name; FORD is Forward Industries' ticker"),
        ("FORD", "FORD", "a ticker typed in capitals"),
        ("hp", "HPQ", "a large cap's name; HP is Helmerich & Payne's ticker"),
        ("key", "KEY", "ticker that is a word, also Key Tronic's first word"),
        ("safe", "SAFE", "ticker that is a word; Safe Bulkers' name does not pass it"),
        ("drop box", "DBX", "split name; Box Inc. matches one word"),
        ("capitalone", "COF", "joined name with a weak match as typed"),
        ("master card", "MA", "split name"),
    ]

    @Test(arguments: expectations)
    func topResult(_ query: String, _ symbol: String, _ why: String) {
        let top = SearchFixtures.index.search(query, limit: 5)
        #expect(top.first?.symbol == symbol, "\(query) (\(why)): got \(top.map { "\($0.symbol) \($0.score)" })")
    }

    @Test func everyExpectedSymbolExistsInTheData() {
        let symbols = Set(SearchFixtures.directory.listings.map(\.symbol))
        for (_, symbol, _) in Self.expectations { #expect(symbols.contains(symbol), "\(symbol)") }
    }

    @Test func bothBerkshireClassesLeadForTheCompanyName() {
        // The large-cap list names the issuer, not a class: the classes tie on the name and the
        // alphabetical one leads.
        for q in ["berkshire", "berkshire hathaway", "berkshre"] {
            let top = SearchFixtures.index.search(q, limit: 2).map(\.symbol)
            #expect(Set(top) == ["BRK.A", "BRK.B"], "\(q): \(top)")
        }
    }

    @Test func initialsKeepTheCOfCompanyOrCorporationAfterTheWeightedWords() {
        // Taiwan Semiconductor Manufacturing Company: `tsm` (its ticker too) and `tsmc`.
        #expect(SearchFixtures.index.search("tsmc", limit: 1).first?.symbol == "TSM")
        #expect(SearchFixtures.index.search("tsm", limit: 1).first?.symbol == "TSM")
        // The plain initials still answer alone: International Business Machines Corporation.
        #expect(SearchFixtures.index.search("ibm", limit: 1).first?.symbol == "IBM")
    }

    @Test func exactTickerBeatsATypoOfAName() {
        // `aple` is Apple Hospitality's ticker; Apple Inc. comes right after it.
        let top = SearchFixtures.index.search("aple", limit: 2).map(\.symbol)
        #expect(top == ["APLE", "AAPL"])
        // Forward Industries trades as FORD, but `ford` is also Ford Motor's whole first word, and
        // Ford is in the large-cap list: the large cap first, the ticker right after it.
        let ford = SearchFixtures.index.search("ford", limit: 2).map(\.symbol)
        #expect(ford == ["F", "FORD"])
        #expect(SearchFixtures.index.search("FORD", limit: 1).first?.symbol == "FORD")
    }

    @Test func exactTickerScores100() {
        for q in ["aapl", "f", "t", "brk.b"] {
            #expect(SearchFixtures.index.search(q, limit: 1).first?.score == 100, "\(q)")
        }
        let name = SearchFixtures.index.search("apple", limit: 1).first
        #expect(name.map { $0.score > 90 && $0.score < 100 } == true)
    }

    @Test func commonStockRanksAboveItsWarrantsUnitsRightsAndPreferreds() {
        let cases: [(String, String, [String])] = [
            ("archer aviation", "ACHR", ["ACHR.WS"]),
            ("artius ii acquisition", "AACB", ["AACBR", "AACBU"]),
            ("arbor realty", "ABR", ["ABR-PD", "ABR-PE", "ABR-PF"]),
            ("bank of america", "BAC", ["BAC-PB", "BAC-PK"]),
            ("ford motor", "F", ["F-PB", "F-PC", "F-PD"]),
        ]
        for (q, common, others) in cases {
            let ranked = SearchFixtures.index.search(q, limit: 20).map(\.symbol)
            guard let at = ranked.firstIndex(of: common) else {
                Issue.record("\(q): \(common) missing from \(ranked)")
                continue
            }
            #expect(at == 0, "\(q): \(ranked)")
            for o in others {
                if let j = ranked.firstIndex(of: o) { #expect(j > at, "\(q): \(o) above \(common)") }
            }
        }
    }

    @Test func kindWordsSelectTheKind() {
        #expect(SearchFixtures.index.search("archer aviation warrant", limit: 1).first?.symbol == "ACHR.WS")
        #expect(SearchFixtures.index.search("artius ii units", limit: 1).first?.symbol == "AACBU")
        #expect(SearchFixtures.index.search("arbor realty preferred", limit: 1).first?.type == .preferred)
    }

    @Test func typeFilter() {
        let etfs = SearchFixtures.index.search("spdr s&p 500", limit: 10, type: .etf)
        #expect(etfs.first?.symbol == "SPY")
        #expect(etfs.allSatisfy { $0.type == .etf })
        #expect(SearchFixtures.index.search("tesla", limit: 10, type: .stock).allSatisfy { $0.type == .commonStock })
        #expect(!SearchFixtures.index.search("tesla", limit: 10, type: .etf).contains { $0.symbol == "TSLA" })
        #expect(
            TypeFilter(argument: "ETF") == .etf && TypeFilter(argument: "stocks") == .stock
                && TypeFilter(argument: "bond") == nil)
    }

    @Test func exchangeFilter() {
        let nyse = SearchFixtures.index.search("berkshire", limit: 10, exchange: "nyse")
        #expect(nyse.first?.symbol == "BRK.A" && nyse.allSatisfy { $0.exchange == "NYSE" })
        #expect(
            SearchFixtures.index.search("berkshire hathaway", limit: 10, exchange: "nasdaq").allSatisfy {
                !$0.symbol.hasPrefix("BRK.")
            })
        #expect(SearchFixtures.index.search("apple", limit: 10, exchange: "nasdaq").first?.symbol == "AAPL")
        #expect(SearchFixtures.index.search("apple", limit: 10, exchange: "nyse").first?.symbol == "APLE")
    }

    @Test func testIssuesNeverShown() {
        for q in ["test", "nasdaq test stock", "zxzzt", "iex test company", "ntest", "ctest"] {
            let r = SearchFixtures.index.search(q, limit: 50)
            #expect(!r.contains { $0.name.localizedCaseInsensitiveContainsTest }, "\(q): \(r.map(\.symbol))")
        }
    }

    @Test func limitsScoresAndEdgeCases() {
        #expect(SearchFixtures.index.search("", limit: 10).isEmpty)
        #expect(SearchFixtures.index.search("   ", limit: 10).isEmpty)
        #expect(SearchFixtures.index.search("apple", limit: 0).isEmpty)
        #expect(SearchFixtures.index.search("a", limit: 3).count == 3)
        #expect(SearchFixtures.index.search("qwxzvbnmkj", limit: 10).isEmpty)
        for r in SearchFixtures.index.search("bank", limit: 50) { #expect((0...100).contains(r.score)) }
        let ranked = SearchFixtures.index.search("energy", limit: 50).map(\.score)
        #expect(ranked == ranked.sorted(by: >))
        _ = SearchFixtures.index.search("\u{1B}[31mapple\u{7}é💥", limit: 5)  // no crash on control bytes or emoji
        #expect(SearchFixtures.index.search("Société Générale", limit: 1).count <= 1)
    }

    @Test(arguments: [
        ("AAPLE", "AAPL"), ("APPLE", "AAPL"), ("TESLA", "TSLA"), ("MSFTT", "MSFT"), ("NVDIA", "NVDA"),
        ("GOOGLE", "GOOGL"), ("BRKB", "BRK.B"), ("QQQQ", "QQQ"), ("AMZM", "AMZN"),
    ])
    func didYouMean(_ unknown: String, _ symbol: String) {
        let s = SearchFixtures.index.suggestion(forUnknownSymbol: unknown)
        #expect(s?.symbol == symbol, "\(unknown) -> \(String(describing: s?.symbol))")
    }

    @Test func noSuggestionForNonsense() {
        #expect(SearchFixtures.index.suggestion(forUnknownSymbol: "XYZQW") == nil)
        #expect(SearchFixtures.index.suggestion(forUnknownSymbol: "") == nil)
        #expect(SearchFixtures.index.suggestion(forUnknownSymbol: "AAPL")?.symbol == "AAPL")  // known: itself
        // An index is in no listing directory: `^GSPC` compacted was Goldman Sachs' preferred
        // GS$C (GS-PC), "did you mean" and a search's exact ticker (100) both.
        #expect(SearchFixtures.index.suggestion(forUnknownSymbol: "^GSPC") == nil)
        #expect(SearchFixtures.index.search("^GSPC", limit: 5).allSatisfy { $0.score < 100 })
    }

    @Test func snapshotRoundTripAnswersTheSame() throws {
        let index = SearchFixtures.index
        let loaded = try SymbolIndex(snapshot: index.snapshot())
        #expect(loaded.count == index.count)
        #expect(loaded.listing(at: 100) == index.listing(at: 100))
        for (q, _, _) in Self.expectations {
            #expect(loaded.search(q, limit: 10) == index.search(q, limit: 10), "\(q)")
        }
        #expect(loaded.suggestion(forUnknownSymbol: "AAPLE") == index.suggestion(forUnknownSymbol: "AAPLE"))
    }

    @Test func damagedSnapshotsAreRejected() {
        let good = SearchFixtures.index.snapshot()
        #expect(throws: SymbolIndexSnapshotError.notASnapshot) { try SymbolIndex(snapshot: Array("hello".utf8)) }
        // A cut or flipped file fails its checksum before anything is read from it.
        #expect(throws: SymbolIndexSnapshotError.inconsistent) {
            try SymbolIndex(snapshot: Array(good.prefix(good.count / 2)))
        }
        var flipped = good
        flipped[good.count / 2] ^= 0x01
        #expect(throws: SymbolIndexSnapshotError.inconsistent) { try SymbolIndex(snapshot: flipped) }
        var wrongVersion = good
        wrongVersion[8] = 99
        #expect(throws: SymbolIndexSnapshotError.unsupportedVersion(99)) { try SymbolIndex(snapshot: wrongVersion) }
    }

    @Test func indexFromListingsMatchesTheOnePassLoad() {
        let fromListings = SymbolIndex(listings: SearchFixtures.directory.listings, largeCaps: SearchFixtures.largeCaps)
        for (q, _, _) in Self.expectations {
            #expect(
                fromListings.search(q, limit: 5).map(\.symbol)
                    == SearchFixtures.index.search(q, limit: 5).map(\.symbol), "\(q)")
        }
    }
}

extension String {
    /// Whether the name reads like one of the directory's test issues.
    fileprivate var localizedCaseInsensitiveContainsTest: Bool {
        let l = lowercased()
        return l.contains("test stock") || l.contains("test symbol") || l.contains("test company")
            || l.contains("tick pilot test")
            || l.hasPrefix("nyse test") || l.contains("symbology test")
    }
}
