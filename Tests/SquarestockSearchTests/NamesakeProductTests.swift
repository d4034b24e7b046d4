import Testing

@testable import SquarestockSearch

/// A one-word query that is a whole word of a large cap's name puts that company before the
/// funds and other securities carrying the word (`schwab`: Charles Schwab before Schwab's ETFs),
/// and moves nothing else. Small made-up directories, one shape of name per case.
struct NamesakeProductTests {
    static let nyse = ListingExchange(otherListedCode: UInt8(ascii: "N"))!
    static let arca = ListingExchange(otherListedCode: UInt8(ascii: "P"))!
    static let capitalMarket = ListingExchange(nasdaqMarketCategory: UInt8(ascii: "S"))!

    static func listing(_ symbol: String, _ name: String, _ type: SecurityType, _ exchange: ListingExchange)
        -> Listing
    {
        Listing(symbol: symbol, name: name, exchange: exchange, type: type, isETF: type == .etf)
    }

    /// A sponsor whose stock has the word second and whose products have it first, a sponsor
    /// whose products share its second word, and an unrelated small company sharing a fund
    /// family's word.
    static let listings = [
        listing("SCHK", "Schwab 1000 Index ETF", .etf, arca),
        listing("SCHX", "Schwab U.S. Large-Cap ETF", .etf, arca),
        listing("SCCR", "Schwab Strategic Trust Schwab Core Bond ETF", .etf, arca),
        listing("SCHW", "Charles Schwab Corporation (The) Common Stock", .commonStock, nyse),
        listing("BKCG", "BNY Mellon ETF Trust II BNY Mellon Concentrated Growth ETF", .etf, arca),
        listing("DMF", "Mellon Municipal Income Fund", .fund, nyse),
        listing("BK", "The Bank of New York Mellon Corporation Common Stock", .commonStock, nyse),
        listing("VTI", "Vanguard Total Stock Market ETF", .etf, arca),
        listing("AVD", "American Vanguard Corporation Common Stock", .commonStock, nyse),
    ]

    static let largeCaps = LargeCapList(Array("Symbol|Security\nSCHW|Charles Schwab\nBK|BNY Mellon\n".utf8))

    static func symbols(_ index: SymbolIndex, _ query: String, type: TypeFilter = .any) -> [String] {
        index.search(query, limit: 10, type: type).map(\.symbol)
    }

    @Test func aLargeCapComesBeforeTheProductsCarryingItsName() {
        let plain = SymbolIndex(listings: Self.listings)
        let index = SymbolIndex(listings: Self.listings, largeCaps: Self.largeCaps)
        // As text the products match better: each has the word first, the stock has it second.
        let asText = Self.symbols(plain, "schwab")
        #expect(asText.count == 4 && asText.last == "SCHW")
        #expect(Self.symbols(index, "schwab") == ["SCHW"] + asText.dropLast())
        // A fund as well as an ETF, and a word that is not first in the products either.
        let mellon = Self.symbols(plain, "mellon")
        #expect(mellon.firstIndex(of: "DMF")! < mellon.firstIndex(of: "BK")!)
        #expect(mellon.firstIndex(of: "BKCG")! < mellon.firstIndex(of: "BK")!)
        #expect(Self.symbols(index, "mellon") == ["BK"] + mellon.filter { $0 != "BK" })
    }

    @Test func theProductsKeepTheirOrderAndScoresBelowTheCompany() throws {
        let index = SymbolIndex(listings: Self.listings, largeCaps: Self.largeCaps)
        let plain = SymbolIndex(listings: Self.listings)
        let moved = index.search("schwab", limit: 10)
        let stock = try #require(moved.first)
        #expect(moved.dropFirst().allSatisfy { $0.score < stock.score })
        // Asked for ETFs only, they come in the order they had.
        #expect(Self.symbols(index, "schwab", type: .etf) == Self.symbols(plain, "schwab", type: .etf))
    }

    @Test func onlyAWholeWordOfALargeCapsNameInAOneWordQueryMovesProducts() {
        let index = SymbolIndex(listings: Self.listings, largeCaps: Self.largeCaps)
        // An unrelated small company sharing the word of a fund family: the funds stay first.
        #expect(Self.symbols(index, "vanguard").first == "VTI")
        // More words say which product is meant.
        #expect(Self.symbols(index, "schwab core bond").first == "SCCR")
        #expect(Self.symbols(index, "schwab 1000").first == "SCHK")
        // A prefix is a name still being typed.
        #expect(Self.symbols(index, "schwa").first == "SCHK")
        // An exact ticker stays an exact ticker.
        #expect(Self.symbols(index, "schk").first == "SCHK")
        #expect(index.search("schk", limit: 1).first?.score == 100)
    }

    @Test func noCommonStockChangesPlace() {
        // A smaller company whose name begins with the word stays before the large cap that
        // has it second: the rule moves products, not stocks.
        let withNamesake =
            Self.listings + [Self.listing("SWBF", "Schwab Fitness Inc. Common Stock", .commonStock, Self.capitalMarket)]
        let index = SymbolIndex(listings: withNamesake, largeCaps: Self.largeCaps)
        #expect(Array(Self.symbols(index, "schwab").prefix(2)) == ["SWBF", "SCHW"])
    }

    @Test func onTheShippedDirectory() {
        // Each had the sponsor's ETFs first: 34 Schwab ETFs, BNY Mellon's ETFs and funds,
        // Goldman Sachs' ETFs (rank 35, 13, 44 before this rule).
        for (query, symbol) in [("schwab", "SCHW"), ("mellon", "BK"), ("sachs", "GS")] {
            #expect(SearchFixtures.index.search(query, limit: 1).first?.symbol == symbol, "\(query)")
        }
    }
}
