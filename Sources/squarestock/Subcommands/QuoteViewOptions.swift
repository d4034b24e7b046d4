import ArgumentParser

/// How `quote` and `recent` show their quotes: in which currency, with which look, and whether
/// each request is logged. One group, so both commands take the same options.
struct QuoteViewOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Convert prices to this currency (e.g. EUR) with FX quotes from the same source. Config: currency.")
    var currency: String?

    @OptionGroup var display: LookOptions

    @Flag(
        name: .long, help: "Log every request (URL with keys redacted, status, kind of body, time) to standard error.")
    var verbose = false

    /// `--currency` is three ASCII letters.
    func validate() throws {
        if let c = currency, c.count != 3 || !c.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw ValidationError("--currency takes a three-letter ISO code such as EUR or USD")
        }
    }
}
