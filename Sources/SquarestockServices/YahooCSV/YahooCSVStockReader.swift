import SquarestockCore
import SquarestockMarket
import SquarestockNetworking

/// Turns the rows of quotes.csv answers into stocks.
///
/// The lines of an answer repeat their venues (and a large answer its symbols), so the reader
/// keeps what it looked up: the venue of each symbol and exchange code with the venue's zone,
/// and each venue's last session window (lines mostly share a trading day). Looking these up per
/// line (a registry search by suffix, a zone made, a calendar consulted) cost more than reading
/// the line. Every answer reads exactly as `stock(symbol:row:)` on a fresh reader would.
package struct YahooCSVStockReader {
    package let context: SourceContext
    package let sourceName: String
    private var fields = YahooQuoteLineReader()
    private var venues: [Venue] = []
    /// Per venue, the details of a stock with nothing of a line in it (no symbol, no price). A
    /// line's stock shares them (currency, zone, source name: one reference), so a line builds
    /// only its company, price and session.
    private var templates: [Stock.Shared] = []
    private var venueBySymbol: [String: Int] = [:]
    /// The venue of every bare ticker, once one has been looked up.
    private var bareTickerVenue: Int?
    /// -1: the registry knows no venue by that code (the symbol decides).
    private var venueByCode: [String: Int] = [:]
    /// The symbols of regular lines by their bytes, with their texts and venues.
    private var symbols = YahooSymbolTable()
    /// The last trade date converted, and its midnight as seconds since the epoch as if UTC.
    private var midnightDay = CivilDate(year: 1970, month: 1, day: 1)
    private var midnight: Int64 = 0
    private var midnightIsPlain = true

    /// A venue as the lines name it, with what is derived from it.
    private struct Venue {
        let exchange: Exchange?
        let zone: ExchangeTimeZone?
        /// A stock with nothing of a line in it, to make the currency templates from.
        let template: Stock
        var sessionDay: CivilDate?
        var session: ClosedRange<Instant>?
        /// The code of the last currency a line named, and the venue's template with it.
        var currencyCode: String?
        var currencyTemplate: Stock.Shared?
    }

    package init(context: SourceContext, sourceName: String) {
        self.context = context
        self.sourceName = sourceName
    }

    /// The stock of one line, or why there is none (per symbol: one line's failure is its own).
    /// Dates (`M/d/yyyy`) and times (`h:mma`) are the exchange's wall clock.
    package mutating func stock(symbol: String, row: YahooCSVRow) -> Result<Stock, QuoteError> {
        var line = YahooQuoteLine()
        fields.read(row, into: &line)
        var outcome: Result<Stock, QuoteError>?
        stock(
            symbol: symbol, line: consume line, symbolSlot: nil, { _, s in outcome = .success(s) },
            { _, e in outcome = .failure(e) })
        return outcome!
    }

    /// Reads a whole answer into stocks line by line, keeping no rows: `wanted` is asked with
    /// each line's symbol, and of each line it wanted `stock` (`got` here) gets the symbol and
    /// the stock, or `failed` the symbol and why there is none (a line with the wrong number of
    /// fields fails its own symbol: `YahooCSVDecoder.walk`'s `linesFailAlone`). Answers the
    /// answer's error, or nil; a caller keeps nothing it was handed when there is
    /// one (the lines before the one that failed were read already). A line's stock (or error) is
    /// the one `stock(symbol:row:)` gives for its row.
    ///
    /// A regular line is read from the field bounds the scanner wrote (no second walk), and its
    /// symbol's text and venue come from `YahooSymbolTable`; other lines are rows, read as
    /// `stock(symbol:row:)` reads them. A stock and an error each have a closure of their own:
    /// no `Result` is built around a line's stock (about 370 bytes, moved into the result and out again,
    /// and destroyed through the standard library's generic witness), which cost a large answer
    /// as much per line as reading the line's fields.
    package mutating func readStocks(
        _ response: HTTPResponse, codes: [String], lineScanner: Bool = true, wanted: (String) -> Bool,
        stock got: (String, consuming Stock) -> Void, failed: (String, QuoteError) -> Void
    ) -> QuoteError? {
        let layout = YahooColumnLayout(codes: codes)
        let bounds = UnsafeMutablePointer<Int>.allocate(capacity: 2 * max(codes.count, 1))
        defer { bounds.deallocate() }
        return layout.roles.withUnsafeBufferPointer { roles in
            YahooCSVDecoder.walk(
                response, layout: layout, lineScanner: lineScanner, bounds: bounds,
                regular: { body, _, scanner in
                    let slot = symbols.slot(body, from: scanner.symbolStart, to: scanner.symbolEnd)
                    let symbol =
                        slot.map { symbols.symbol($0) }
                        ?? YahooCSVDecoder.symbolText(
                            UnsafeRawBufferPointer(rebasing: body[scanner.symbolStart..<scanner.symbolEnd]))
                    guard wanted(symbol) else { return }
                    var line = YahooQuoteLine()
                    fields.read(body, bounds: bounds, roles: roles, into: &line)
                    stock(symbol: symbol, line: consume line, symbolSlot: slot, got, failed)
                },
                general: { row in
                    guard wanted(row.symbol) else { return }
                    // What `stock(symbol:row:)` does, handing over as the regular lines do.
                    var line = YahooQuoteLine()
                    fields.read(row, into: &line)
                    stock(symbol: row.symbol, line: consume line, symbolSlot: nil, got, failed)
                },
                linesFailAlone: true,
                badLine: { symbol, error in
                    guard wanted(symbol) else { return false }
                    failed(symbol, error)
                    return true
                })
        }
    }

    /// Hands `got` the stock of a line's values, or `failed` why there is none; `symbolSlot` is
    /// the symbol's slot in `symbols`, if it has one. The line is taken, not copied (320 bytes a
    /// line when it was borrowed). The stock is built as `got`'s argument: returned, it was
    /// built in a local, copied with its references retained and moved twice (368 bytes each)
    /// before the caller saw it.
    @inline(never)
    private mutating func stock(
        symbol: String, line: consuming YahooQuoteLine, symbolSlot: Int?, _ got: (String, consuming Stock) -> Void,
        _ failed: (String, QuoteError) -> Void
    ) {
        // The legacy service's answer for a ticker it did not know: a last of 0.00 and nothing
        // else. Read as a price, it was "0.00, which no share trades at; try again later".
        guard let last = line.last, !(last.sign == 0 && line.holdsNothingButLast) else {
            if let text = line.unreadableLast {
                failed(symbol, .priceNotReadable(source: "yahoo-csv", sent: text))
            } else {
                failed(symbol, .noData(source: "yahoo-csv"))
            }
            return
        }
        let v = venue(symbol: symbol, code: line.exchangeCode, symbolSlot: symbolSlot)
        var lastTrade: Instant? = nil
        var window: ClosedRange<Instant>? = nil
        var dayOnly: CivilDate? = nil
        if let d = line.date, let zone = venues[v].zone {
            if let time = line.time {
                let (instant, tradeDate) = trade(on: d, at: time, in: zone)
                lastTrade = instant
                window = session(venue: v, on: tradeDate)
            } else {
                // A date whose time is missing or unreadable (`N/A`, `13:05pm`): that day's
                // session, and no last trade. A made-up midnight read "last trade 00:00:00
                // EDT" and "delayed (no trade for 13h)" during the session.
                window = session(venue: v, on: d)
                dayOnly = d
            }
        }
        let shared =
            line.currency.flatMap { Currency.sent($0) == nil ? nil : template(venue: v, currency: $0) } ?? templates[v]
        var change = line.change
        var changePercent = line.changePercent
        if line.previousClose != nil {
            // What `Price.deriveChange` fills in; it reads only these four values (and with no
            // previous close it derives nothing).
            var derived = Price(
                last: last, change: change, changePercent: changePercent, previousClose: line.previousClose)
            derived.deriveChange()
            change = derived.change
            changePercent = derived.changePercent
        }
        var stock = Stock(
            company: Company(
                symbol: symbol, name: line.name, exchange: venues[v].exchange, exchangeCode: line.exchangeCode),
            price: Price(
                last: last, change: change, changePercent: changePercent, open: line.open, high: line.high,
                low: line.low, previousClose: line.previousClose,
                // A count of shares is never below zero: a negative one is shown as missing.
                volume: line.volume.flatMap { $0.sign < 0 ? nil : $0 }, lastTrade: lastTrade),
            session: window, sharing: shared)
        if let dayOnly {
            stock.notes.append(
                .remark("yahoo-csv gives only the trading day (\(dayOnly)) for this quote, not the time"))
        }
        // Moved into `got`'s argument, not copied: a copy retained every reference the stock
        // holds and released them again after the call.
        got(symbol, consume stock)
    }

    /// The instant of the wall clock `time` on `day` in `zone` (`zone.instant(for:)`) and the
    /// date it falls on there (`zone.localDateTime(at:).date`). The day's midnight is kept
    /// (lines mostly share a date), and a wall clock the zone took as it is (no gap, no overlap:
    /// the offset at the instant brings back the same wall clock) falls on `day` itself.
    @inline(__always)
    private mutating func trade(on day: CivilDate, at time: TimeOfDay, in zone: ExchangeTimeZone) -> (
        Instant, CivilDate
    ) {
        let wall = CivilDateTime(date: day, time: time)
        if day != midnightDay {
            midnightDay = day
            // A day the calendar would move (a 30 February, fields out of range) takes the long way.
            midnightIsPlain =
                ExchangeTimeZone.isWithinBounds(CivilDateTime(date: day))
                && CivilDate(daysSinceEpoch: day.daysSinceEpoch) == day
            midnight = midnightIsPlain ? CivilDateTime(date: day).secondsSinceEpochAsUTC : 0
        }
        guard midnightIsPlain, ExchangeTimeZone.isWithinBounds(wall), (0..<86_400).contains(time.secondsSinceMidnight)
        else {
            let instant = zone.instant(for: wall)
            return (instant, zone.localDateTime(at: instant).date)
        }
        let w = midnight &+ Int64(time.secondsSinceMidnight)
        let instant = zone.instant(forWallSecondsAsUTC: w)
        if instant.secondsSinceEpoch &+ Int64(zone.offsetSeconds(at: instant)) == w { return (instant, day) }
        return (instant, zone.localDateTime(at: instant).date)
    }

    /// The venue's template with the currency a line names instead of the venue's own; the last
    /// one made per venue is kept, since an answer's lines on one venue mostly share a currency.
    private mutating func template(venue v: Int, currency code: String) -> Stock.Shared {
        if let kept = venues[v].currencyTemplate, venues[v].currencyCode == code { return kept }
        var template = venues[v].template
        template.currency = Currency.named(code)
        venues[v].currencyCode = code
        venues[v].currencyTemplate = template.shared
        return template.shared
    }

    /// The venue the exchange code names, else the one the symbol implies (its suffix, or the US
    /// market for a bare ticker); a venue with no exchange when neither names one.
    private mutating func venue(symbol: String, code: String?, symbolSlot: Int?) -> Int {
        if let code {
            if let v = venueByCode[code] {
                if v >= 0 { return v }
            } else {
                let v = context.registry.exchange(sourceCode: code).map { add($0) } ?? -1
                venueByCode[code] = v
                if v >= 0 { return v }
            }
        }
        guard let slot = symbolSlot else { return venue(symbol: symbol) }
        if let v = symbols.venue(slot) { return v }
        let v = venue(symbol: symbol)
        symbols.setVenue(v, of: slot)
        return v
    }

    /// The venue the symbol implies: its suffix's, or the US market's for a bare ticker.
    private mutating func venue(symbol: String) -> Int {
        // Every bare ticker has the same venue (`ExchangeRegistry.isBareTicker`): one look-up
        // serves them all, with no hashing of the symbol per line.
        if ExchangeRegistry.isBareTicker(symbol) {
            if let v = bareTickerVenue { return v }
            let v = add(context.registry.exchange(forSymbol: symbol))
            bareTickerVenue = v
            return v
        }
        if let v = venueBySymbol[symbol] { return v }
        let v = add(context.registry.exchange(forSymbol: symbol))
        venueBySymbol[symbol] = v
        return v
    }

    private mutating func add(_ exchange: Exchange?) -> Int {
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        let template = Stock(
            company: Company(symbol: "", exchange: exchange), currency: exchange?.currency, timeZone: zone,
            price: Price(), intraday: [], session: nil, source: sourceName,
            intradayUnavailable: "yahoo-csv has no intraday data")
        venues.append(Venue(exchange: exchange, zone: zone, template: template))
        templates.append(template.shared)
        return venues.count - 1
    }

    /// The venue's regular session on `day`.
    private mutating func session(venue v: Int, on day: CivilDate) -> ClosedRange<Instant>? {
        if venues[v].sessionDay == day { return venues[v].session }
        let session = SessionWindow.regular(exchange: venues[v].exchange, zone: venues[v].zone, on: day)
        venues[v].sessionDay = day
        venues[v].session = session
        return session
    }
}
