import Testing

@testable import SquarestockSearch

/// Prominence breaks ties between equally good matches and nothing more; names spaced otherwise
/// than the listing compete with the query as typed. Small made-up directories, so each case
/// shows the one rule it is about.
struct ProminenceTieTests {
    static func stock(_ symbol: String, _ name: String, _ exchange: ListingExchange) -> Listing {
        Listing(symbol: symbol, name: name, exchange: exchange, type: .commonStock)
    }

    static let nyse = ListingExchange(otherListedCode: UInt8(ascii: "N"))!
    static let capitalMarket = ListingExchange(nasdaqMarketCategory: UInt8(ascii: "S"))!
    static let globalSelect = ListingExchange(nasdaqMarketCategory: UInt8(ascii: "Q"))!

    /// Ford Motor trades as F; Forward Industries, a micro-cap, as FORD.
    static let fords = [
        stock("FORD", "Forward Industries, Inc. - Common Stock", capitalMarket),
        stock("F", "Ford Motor Company Common Stock", nyse),
        stock("SNAP", "Snap Inc. Class A Common Stock", nyse),
        stock("SNPX", "Snap Fitness Inc. Common Stock", nyse),
    ]

    static func symbols(_ index: SymbolIndex, _ query: String) -> [String] {
        index.search(query, limit: 5).map(\.symbol)
    }

    @Test func aLargeCapsNameBeatsAMicroCapsTickerOfTheSameWord() {
        let index = SymbolIndex(listings: Self.fords, largeCaps: LargeCapList(Array("Symbol|Security\nF|Ford\n".utf8)))
        #expect(Self.symbols(index, "ford").prefix(2) == ["F", "FORD"])
        // Typed in capitals it is the ticker that is meant.
        #expect(Self.symbols(index, "FORD").first == "FORD")
        #expect(index.search("FORD", limit: 1).first?.score == 100)
    }

    @Test func withoutTheListTheExactTickerKeepsItsLead() {
        // NYSE against the Capital Market and a shorter symbol are not enough to pass a ticker.
        let index = SymbolIndex(listings: Self.fords)
        #expect(Self.symbols(index, "ford").prefix(2) == ["FORD", "F"])
    }

    @Test func aTickerThatIsAlsoItsOwnNameIsNotContested() {
        let index = SymbolIndex(
            listings: Self.fords, largeCaps: LargeCapList(Array("Symbol|Security\nSNPX|Snap Fitness\n".utf8)))
        #expect(Self.symbols(index, "snap").first == "SNAP")
        #expect(index.search("snap", limit: 1).first?.score == 100)
    }

    @Test func prominenceOrdersEqualNameMatchesButNeverABetterOne() {
        let listings = [
            Self.stock("ACMG", "Acme Gadgets Inc. - Common Stock", Self.capitalMarket),
            Self.stock("ACMW", "Acme Widgets Inc. Common Stock", Self.nyse),
        ]
        let index = SymbolIndex(listings: listings, largeCaps: LargeCapList(Array("Symbol|Security\nACMW|Acme\n".utf8)))
        #expect(Self.symbols(index, "acme") == ["ACMW", "ACMG"])
        #expect(Self.symbols(index, "acme gadgets").first == "ACMG")
        let plain = SymbolIndex(listings: listings.reversed())
        #expect(Self.symbols(plain, "acme").first == "ACMW")  // the directory's attributes alone: NYSE first
    }

    @Test func theListMarksEveryClassOfAnIssuerAndOnlyItsCommonStock() {
        let list = LargeCapList(
            Array("Symbol|Security\r\nBRK.B|Berkshire Hathaway\r\n\r\nGOOGL|Alphabet\nnot a symbol\n".utf8))
        #expect(list.count == 2)
        #expect(
            list.containsIssuer(of: "BRK.A") && list.containsIssuer(of: "BRK.B") && list.containsIssuer(of: "GOOGL"))
        #expect(!list.containsIssuer(of: "GOOG") && !list.containsIssuer(of: "BRK-PA") && !list.containsIssuer(of: ""))
        #expect(LargeCapList([]).count == 0)
        let preferred = Listing(
            symbol: "F-PB", name: "Ford Motor Company 6.20% Notes", exchange: Self.nyse, type: .note)
        let caps = LargeCapList(Array("Symbol|Security\nF|Ford\n".utf8))
        #expect(
            ListingProminence.points(preferred, largeCaps: caps)
                == ListingProminence.points(preferred, largeCaps: .empty))
        let ford = Self.fords[1]
        #expect(
            ListingProminence.points(ford, largeCaps: caps)
                == ListingProminence.points(ford, largeCaps: .empty) + ListingProminence.largeCapPoints)
    }

    @Test func aSplitNameIsNotHiddenByAWeakMatchOfItsWords() {
        let listings = [
            Self.stock("DBX", "Dropbox, Inc. - Class A Common Stock", Self.globalSelect),
            Self.stock("BOX", "Box, Inc. Class A Common Stock", Self.nyse),
        ]
        let index = SymbolIndex(listings: listings)
        #expect(Self.symbols(index, "drop box").first == "DBX")
        // As typed, a listing matching both words outright still comes first.
        let both = SymbolIndex(
            listings: listings + [Self.stock("DRBX", "Drop Box Corp. Common Stock", Self.capitalMarket)])
        #expect(Self.symbols(both, "drop box").first == "DRBX")
        #expect(
            SymbolIndex.spacingVariants("pay pal") == [SymbolIndex.SpacingVariant(text: "paypal", isJoined: true)])
        #expect(SymbolIndex.spacingVariants("exxonmobil").first?.text == "exxon mobil")
    }
}
