import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockServices

/// The catalog lists the services in the order `--source` always has (the usage golden prints
/// it), resolves aliases and case, makes each service under its own name, and takes one more.
struct ServiceCatalogTests {
    let catalog = ServiceCatalog.standard

    @Test func namesAndDefaultsAreTheOnesTheCommandsAlwaysTook() {
        #expect(
            catalog.sourceNames == [
                "auto", "yahoo", "alphavantage", "stooq", "yahoo-csv", "samples", "tradernet", "kraken", "coinbase",
                "tradeogre",
            ])
        #expect(catalog.exchangeNames == ["kraken", "coinbase", "tradeogre"])
        #expect(catalog.defaultSource == "auto" && catalog.defaultExchange == "kraken")
    }

    @Test func aliasesAndCaseResolveButExchangesTakeNamesOnly() {
        for (spelling, name) in [
            ("Alpha-Vantage", "alphavantage"), ("YAHOOCSV", "yahoo-csv"), ("sample", "samples"), ("Kraken", "kraken"),
        ] {
            #expect(catalog.entry(named: spelling)?.name == name, "\(spelling)")
            #expect(catalog.isSource(spelling), "\(spelling)")
        }
        #expect(!catalog.isSource("nasdaq") && catalog.entry(named: "nasdaq") == nil)
        #expect(catalog.isExchange("KRAKEN") && !catalog.isExchange("yahoo") && !catalog.isExchange("samples"))
        #expect(catalog.adapter(named: "yahoo") == nil)
        #expect(catalog.streamsOnly("Tradernet") && !catalog.streamsOnly("kraken"))
    }

    /// Every source and adapter reports the name it is listed under (each reads it from its
    /// service's entry), so outputs and `recent` name what `--source` takes back.
    @Test func eachServiceIsMadeUnderItsOwnName() {
        let context = SourceContext()
        for name in catalog.sourceNames {
            #expect(catalog.quoteSource(named: name, context: context)?.name == name, "\(name)")
            // A stream-only source has no history to serve.
            let history = ServiceCatalog.history(of: catalog.quoteSource(named: name, context: context)!)
            #expect((history != nil) == !catalog.streamsOnly(name), "\(name)")
        }
        for name in catalog.exchangeNames {
            let adapter = catalog.adapter(named: name)
            #expect(adapter?.name == name && adapter?.displayName == catalog.entry(named: name)?.displayName)
        }
    }

    /// `auto` asks the exchange of the context (`--exchange`), else the catalog's default.
    @Test func autoAsksTheChosenExchangeForCryptoPairs() {
        let fallback = { (exchange: String?) in
            catalog.quoteSource(named: "auto", context: SourceContext(exchange: exchange)) as? FallbackSource
        }
        #expect(fallback(nil)?.exchangeFallback?.name == "kraken")
        #expect(fallback("coinbase")?.exchangeFallback?.name == "coinbase")
    }

    /// The offers made to a user whose source has no stream, or whose exchange no live book,
    /// read as they always have, now built from the catalog's stream entries.
    @Test func theStreamOffersReadAsBefore() {
        #expect(
            SettingsError.noStream(source: "stooq").description
                == "--source stooq has no stream; use --source yahoo (stocks, ETFs, indices, FX, crypto), coinbase or kraken (crypto pairs), or tradernet (US and Russian stocks)"
        )
        #expect(
            SettingsError.noLiveBook(exchange: "coinbase").description
                == "--exchange coinbase has no live book; use --exchange kraken (its books carry a checksum) or tradernet, or drop --live"
        )
        #expect(catalog.streamFeed(named: "auto")?.name == "yahoo" && catalog.streamFeed(named: "stooq") == nil)
        #expect(catalog.bookFeed(exchange: "kraken", pair: "xbt-usd", depth: 10)?.symbol == "BTC-USD")
        #expect(catalog.bookFeed(exchange: "coinbase", pair: "BTC-USD", depth: 10) == nil)
    }

    /// An account's key variables and its refused-key advice come from its service, and the
    /// messages read as they did when Core named the exchanges.
    @Test func accountWordsComeFromTheServices() {
        let variables = catalog.exchangeNames.map { name in
            catalog.entry(named: name)?.account.map { $0.keyVariable + "/" + $0.secretVariable } ?? "none"
        }
        #expect(
            variables == [
                "KRAKEN_API_KEY/KRAKEN_API_SECRET", "COINBASE_API_KEY_NAME/COINBASE_API_PRIVATE_KEY",
                "TRADEOGRE_API_KEY/TRADEOGRE_API_SECRET",
            ])
        #expect(AccountCapability.defaultVariables("fakex") == ("FAKEX_API_KEY", "FAKEX_API_SECRET"))
        #expect(
            AccountError.invalidKey(exchange: "kraken", detail: "EAPI:Invalid key", advice: KrakenService.keyAdvice)
                .message
                == "kraken refused the key (EAPI:Invalid key); create a key with the Query Funds, Query Open Orders & Trades, Query Closed Orders & Trades and Create & Modify Orders permissions, then run `squarestock account login --exchange kraken`"
        )
        #expect(
            AccountError.invalidKey(exchange: "coinbase", detail: "HTTP 401", advice: CoinbaseService.keyAdvice).message
                == "coinbase refused the key (HTTP 401); create an ECDSA (ES256) Advanced Trade key with the View and Trade permissions, then run `squarestock account login --exchange coinbase`"
        )
        #expect(
            AccountError.invalidKey(exchange: "tradeogre", detail: "Must be authorized").message
                == "tradeogre refused the key (Must be authorized); check the key and secret, then run `squarestock account login --exchange tradeogre`"
        )
        #expect(
            KrakenNonceFile.refusal("/k/kraken-nonce", "it is a folder").message
                == "cannot use Kraken's nonce file /k/kraken-nonce: it is a folder")
    }

    @Test func aCatalogTakesOneMoreServiceAndSettingsUseIt() throws {
        let extra = catalog.adding(
            ServiceEntry(name: "fakex", displayName: "FakeX", exchange: { UnavailableExchange(name: "fakex") }))
        #expect(extra.exchangeNames == ["kraken", "coinbase", "tradeogre", "fakex"])
        let settings = try Settings.resolve(
            .init(exchange: "fakex"), environment: [:], loadConfig: { _ in ConfigFile() }, catalog: extra)
        #expect(settings.exchangeName == "fakex" && settings.catalog.adapter(named: "fakex") != nil)
        #expect(throws: SettingsError.unknownExchange("fakex")) {
            try Settings.resolve(.init(exchange: "fakex"), environment: [:], loadConfig: { _ in ConfigFile() })
        }
    }
}
