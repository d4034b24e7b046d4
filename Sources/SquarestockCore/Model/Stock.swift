/// Everything squarestock knows about one symbol after a fetch: the unit every output format
/// and the sparkline are built from.
public struct Stock: Sendable {
    public var company: Company
    public var price: Price
    /// The regular session of the last trading day, for placing intraday points by time.
    public var session: ClosedRange<Instant>?
    /// Everything else, behind one reference that stocks built alike share (`StockDetails`): a
    /// stock is copied into results, arrays and caches, and with the venue's values inline it
    /// was 745 bytes with a dozen counted references; now it is its company (the venue one
    /// reference), its price, its session and this.
    @usableFromInline var details: StockDetails

    /// Inlinable, as are `Company`'s, `Price`'s and `Currency`'s: a decoder builds one per line,
    /// and an opaque initializer copied every field in and had the caller release its own.
    @inlinable
    public init(
        company: Company, currency: Currency? = nil, timeZone: ExchangeTimeZone? = nil, price: Price,
        intraday: [IntradayPoint] = [], session: ClosedRange<Instant>? = nil, source: String, notes: [StockNote] = [],
        intradayUnavailable: String? = nil
    ) {
        self.company = company
        self.price = price
        self.session = session
        details = StockDetails(
            StockDetails.Fields(
                currency: currency, timeZone: timeZone, intraday: intraday, source: source, notes: notes,
                intradayUnavailable: intradayUnavailable))
    }

    /// A stock of `company` at `price` with everything else as `template` has it, shared rather
    /// than copied: what a decoder builds per line from a stock it made once per venue.
    @inlinable
    package init(company: Company, price: Price, session: ClosedRange<Instant>?, detailsOf template: Stock) {
        self.init(company: company, price: price, session: session, sharing: template.shared)
    }

    /// The details this stock shares with those built alike, as one reference to keep: a decoder
    /// keeps this per venue (not a whole template stock, whose every copy moved 368 bytes) and
    /// builds each line's stock on it with `init(company:price:session:sharing:)`.
    @inlinable
    package var shared: Shared { Shared(details) }

    /// A stock's shared details (`shared`), opaque outside the stock.
    @usableFromInline
    package struct Shared: Sendable {
        @usableFromInline let details: StockDetails
        @inlinable init(_ details: StockDetails) { self.details = details }
    }

    /// A stock of `company` at `price` with the details `shared` holds: what
    /// `init(company:price:session:detailsOf:)` makes of the stock they came from.
    @inlinable
    package init(company: Company, price: Price, session: ClosedRange<Instant>?, sharing shared: Shared) {
        self.company = company
        self.price = price
        self.session = session
        details = shared.details
    }

    public var currency: Currency? {
        get { details.fields.currency }
        set { updateDetails { $0.currency = newValue } }
    }
    /// The exchange's zone; every time shown for this stock is in it.
    public var timeZone: ExchangeTimeZone? {
        get { details.fields.timeZone }
        set { updateDetails { $0.timeZone = newValue } }
    }
    /// The day's real intraday points, oldest first; empty when the source had none.
    public var intraday: [IntradayPoint] {
        get { details.fields.intraday }
        set { updateDetails { $0.intraday = newValue } }
    }
    /// Name of the source that answered (`stooq`, `yahoo-csv`, `samples`).
    public var source: String {
        get { details.fields.source }
        set { updateDetails { $0.source = newValue } }
    }
    /// Things the user should know that did not stop the quote.
    public var notes: [StockNote] {
        get { details.fields.notes }
        set { updateDetails { $0.notes = newValue } }
    }
    /// Why `intraday` is empty, when the source said or when it has no intraday data at all.
    public var intradayUnavailable: String? {
        get { details.fields.intradayUnavailable }
        set { updateDetails { $0.intradayUnavailable = newValue } }
    }
    /// The market state the source itself reported (Yahoo's `marketState`), which knows about
    /// holidays; nil when the source says nothing.
    public var reportedStatus: MarketStatus? {
        get { details.fields.reportedStatus }
        set { updateDetails { $0.reportedStatus = newValue } }
    }
    /// The pre-market or after-hours price while the market is in that session.
    public var extendedHours: ExtendedHoursQuote? {
        get { details.fields.extendedHours }
        set { updateDetails { $0.extendedHours = newValue } }
    }
    /// Set for a recording (the samples): the moment it was taken. Market status and age are
    /// judged then, so a demo of a past day reads as that day did, not as "delayed for a year".
    public var recordedAt: Instant? {
        get { details.fields.recordedAt }
        set { updateDetails { $0.recordedAt = newValue } }
    }
    /// The decimals the venue prices in (a crypto pair's tick, 8 for XMR-BTC), for display; nil
    /// means the usual 2 (4 below 1).
    public var priceDecimals: Int? {
        get { details.fields.priceDecimals }
        set { updateDetails { $0.priceDecimals = newValue } }
    }

    /// Sets a detail in new details: other stocks sharing the old ones keep theirs.
    private mutating func updateDetails(_ change: (inout StockDetails.Fields) -> Void) {
        var fields = details.fields
        change(&fields)
        details = StockDetails(fields)
    }
}

/// The outcome for one requested symbol: a stock, or the reason there is none. Kept per symbol
/// so one failure never hides the others.
public struct StockResult: Sendable {
    public var symbol: String
    public var outcome: Result<Stock, QuoteError>
    /// For an unknown symbol: the listing the user probably meant (`AAPL (Apple Inc.)`).
    public var suggestion: String?

    public init(symbol: String, outcome: Result<Stock, QuoteError>, suggestion: String? = nil) {
        self.symbol = symbol
        self.outcome = outcome
        self.suggestion = suggestion
    }

    /// The user-facing error line, with the suggestion when there is one; free of control
    /// characters, since it is written into CSV and JSON cells as well as to standard error.
    public var errorMessage: String? { errorDetail.map { TerminalText.stripControls(symbol) + ": " + $0 } }

    /// `errorMessage` without the symbol in front, for a caller that names the symbol itself.
    public var errorDetail: String? {
        error.map { e in
            TerminalText.stripControls(e.detail + (suggestion.map { "; did you mean \($0)?" } ?? ""))
        }
    }

    public var stock: Stock? { try? outcome.get() }
    public var error: QuoteError? {
        if case .failure(let e) = outcome { return e }
        return nil
    }
}
