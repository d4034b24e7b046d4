/// Every service squarestock can use, one entry each, in the order `--source` lists them. The
/// facade, Core and the command line ask it (by the name a user typed) for a quote source, an
/// exchange adapter, or what a service offers; none of them names a service. The standard
/// catalog is the one list of services (`ServiceCatalog.standard`); tests inject their own.
package struct ServiceCatalog: Sendable {
    package let entries: [ServiceEntry]
    /// What `--source` means when it is not given, and `--exchange`.
    package let defaultSource: String
    package let defaultExchange: String

    package init(entries: [ServiceEntry], defaultSource: String, defaultExchange: String) {
        let spellings = entries.flatMap { [$0.name] + $0.aliases }
        precondition(Set(spellings).count == spellings.count, "a service name or alias is used twice")
        self.entries = entries
        self.defaultSource = defaultSource
        self.defaultExchange = defaultExchange
    }

    /// The catalog with one more service (a test's fake exchange), last.
    package func adding(_ entry: ServiceEntry) -> ServiceCatalog {
        ServiceCatalog(entries: entries + [entry], defaultSource: defaultSource, defaultExchange: defaultExchange)
    }

    /// The entry a user's spelling names (name or alias, any case).
    package func entry(named name: String) -> ServiceEntry? { entries.first { $0.answers(to: name) } }

    /// What `--source` accepts (aliases aside), in order.
    package var sourceNames: [String] { entries.filter { $0.quotes != nil || $0.exchange != nil }.map(\.name) }

    /// What `--exchange` accepts, in order.
    package var exchangeNames: [String] { entries.filter { $0.exchange != nil }.map(\.name) }

    package func isSource(_ name: String) -> Bool {
        entry(named: name).map { $0.quotes != nil || $0.exchange != nil } ?? false
    }

    /// `--exchange` takes exchange names only, not their aliases.
    package func isExchange(_ name: String) -> Bool { exchangeNames.contains(name.lowercased()) }

    /// The quote source `name` stands for, made for `context`.
    package func quoteSource(named name: String, context: SourceContext) -> QuoteSource? {
        guard let entry = entry(named: name) else { return nil }
        if let make = entry.quotes { return make(context, self) }
        return entry.exchange.map { ExchangeSource(adapter: $0()) }
    }

    /// The exchange adapter `name` stands for.
    package func adapter(named name: String) -> ExchangeAdapter? {
        guard let entry = entry(named: name), isExchange(entry.name) else { return nil }
        return entry.exchange?()
    }

    /// Whether `name`'s quotes come only from its stream.
    package func streamsOnly(_ name: String) -> Bool { entry(named: name)?.streamsOnly ?? false }

    /// The history side of a quote source: the source itself, when it serves history (all but
    /// the stream-only ones do).
    package static func history(of source: QuoteSource) -> HistorySource? { source as? HistorySource }
}
