import Foundation
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Pairs are found by squarestock's name and by the key an exchange answers under, and a pair the
/// exchange does not list gets the closest one it does as a suggestion.
struct PairDirectoryTests {
    static func listing(_ symbol: String, native: String? = nil, key: String? = nil, status: PairStatus = .online)
        -> PairListing
    {
        PairListing(
            pair: TradingPair(symbol: symbol)!, nativeName: native ?? symbol.replacingOccurrences(of: "-", with: ""),
            responseKey: key, status: status)
    }

    static let directory = PairDirectory(
        exchange: "kraken",
        listings: [
            listing("BTC-USD", native: "XBTUSD", key: "XXBTZUSD"), listing("BTC-USDT", native: "XBTUSDT"),
            listing("ETH-USD", native: "ETHUSD", key: "XETHZUSD"),
            listing("ETH-BTC", native: "ETHXBT", key: "XETHXXBT"),
            listing("SOL-EURC"), listing("ETC-EUR"), listing("LUNA-USD", status: .delisted),
            listing("XMR-USDT"),
        ])

    /// Issue 28: `BTC-USDTT` got `BTC-USD` (its family) instead of the one-letter-away `BTC-USDT`;
    /// Kraken's own `XBT-USD` and `SOL-USDC` (where `SOL-USD` is listed) got nothing.
    @Test func aMistypedQuoteKrakensSpellingAndARelatedQuoteAreSuggested() {
        let d = PairDirectory(
            exchange: "kraken",
            listings: [
                Self.listing("BTC-USD", native: "XBTUSD"), Self.listing("BTC-USDT", native: "XBTUSDT"),
                Self.listing("SOL-USD"), Self.listing("DOGE-USD", native: "XDGUSD"), Self.listing("ETH-BTC"),
            ])
        func suggested(_ s: String) -> String? { d.suggestion(for: TradingPair(symbol: s)!)?.symbol }
        #expect(suggested("BTC-USDTT") == "BTC-USDT")
        #expect(suggested("XBT-USD") == "BTC-USD")
        #expect(suggested("XDG-USD") == "DOGE-USD")
        #expect(suggested("ETH-XBT") == "ETH-BTC")
        #expect(suggested("SOL-USDC") == "SOL-USD")
        // A real quote keeps its family's preference over a one-letter neighbour.
        #expect(suggested("BTC-USDC") == "BTC-USD")
        guard case .failure(.unlistedPair(_, let named)) = d.resolve("XBT-USD") else {
            Issue.record("XBT-USD resolved")
            return
        }
        #expect(named == "BTC-USD")
    }

    @Test func symbolsParseAsBaseAndQuote() {
        #expect(TradingPair(symbol: "btc-usd") == TradingPair(base: "BTC", quote: "USD"))
        #expect(TradingPair(symbol: "XBT/USD")?.symbol == "XBT-USD")
        #expect(TradingPair(symbol: "1INCH-EUR")?.base == "1INCH")
        #expect(TradingPair(symbol: "ETH2.S-ETH")?.base == "ETH2.S")
        for bad in ["BTC", "BTC-", "-USD", "BTC-USD-X", "BT C-USD", "BTC-US$", ".ETH-BTC", "ETH.-BTC", ""] {
            #expect(TradingPair(symbol: bad) == nil, "\(bad)")
        }
    }

    @Test func pairsAreFoundByNameAndByAnswerKey() throws {
        let d = Self.directory
        #expect(try d.resolve("btc-usd").get().nativeName == "XBTUSD")
        #expect(d.listing(answerKey: "XXBTZUSD")?.pair.symbol == "BTC-USD")
        #expect(d.listing(answerKey: "XBTUSDT")?.pair.symbol == "BTC-USDT")
        #expect(d.listing(answerKey: "XETHXXBT")?.pair.symbol == "ETH-BTC")
        #expect(d.listing(answerKey: "NOPE") == nil)
    }

    @Test(arguments: [
        ("BTC-USDC", "BTC-USD"),  // a stablecoin family member
        ("XMR-USD", "XMR-USDT"),  // the same family the other way
        ("SOL-EUR", "SOL-EURC"),
        ("BTC-ETH", "ETH-BTC"),  // the pair the other way round
        ("ETH-GBP", "ETH-USD"),  // the same base with a common quote
        ("ETX-EUR", "ETC-EUR"),  // one letter away, same quote
    ])
    func anUnlistedPairGetsTheClosestListedOne(asked: String, suggested: String) {
        guard case .failure(.unlistedPair("kraken", let suggestion)) = Self.directory.resolve(asked) else {
            Issue.record("\(asked) resolved")
            return
        }
        #expect(suggestion == suggested)
    }

    @Test func delistedPairsAreNeitherResolvedNorSuggested() {
        #expect(Self.directory.listing(for: TradingPair(base: "LUNA", quote: "USD")) == nil)
        guard case .failure(.unlistedPair(_, let suggestion)) = Self.directory.resolve("LUNA-USDT") else {
            Issue.record("LUNA-USDT resolved")
            return
        }
        #expect(suggestion == nil)
        #expect(
            QuoteError.unlistedPair(source: "kraken", suggestion: "BTC-USD").message(symbol: "BTC-USDC")
                == "BTC-USDC: kraken does not list this pair; did you mean BTC-USD? (`squarestock markets --exchange kraken` lists its pairs)"
        )
    }

    @Test func aStockSymbolIsToldHowPairsAreWritten() {
        guard case .failure(.unsupportedSymbol("kraken", let reason)) = Self.directory.resolve("AAPL") else {
            Issue.record("AAPL resolved")
            return
        }
        #expect(reason.contains("BASE-QUOTE"))
    }

    @Test func oneEditApart() {
        #expect(PairDirectory.isOneEditApart("ETH", "ETC"))
        #expect(PairDirectory.isOneEditApart("SOL", "SOLO"))
        #expect(PairDirectory.isOneEditApart("SOLO", "SOL"))
        #expect(!PairDirectory.isOneEditApart("SOL", "SOL"))
        #expect(!PairDirectory.isOneEditApart("BTC", "ETH"))
    }
}
