import SquarestockCore

/// An exchange's own ledger rows (`AccountMovement`) as journal entries, event by event (the
/// rows sharing a reference: a trade's two legs). A crypto asset is held as `ASSET-CURRENCY`
/// (`BTC-EUR`) in the currency it was bought with:
///
/// - a trade of crypto for money is a purchase or sale at the money moved, its fee in money the
///   trade's fee (a fee taken in the asset makes fewer units received, or more given);
/// - a trade of one currency for another is the conversion's two `exchange` legs;
/// - a trade of one crypto asset for another is the sale of the one and the purchase of the
///   other at the value of what was given, in its holding's currency, at that day's stored close;
/// - a reward paid in an asset is income of its value that day and the asset bought with it;
/// - money deposited or withdrawn is a deposit or withdrawal, its fee a fee;
/// - crypto moved in from, or out to, another wallet is still the user's: the same holding, its
///   lots and cost unchanged, so the row records nothing but a network fee taken in the asset
///   (those units spent: sold at the day's close, the whole of it the fee). The ledger must hold
///   what moved on that day (`ExportRecord.holding`), else the row is refused with how to record
///   where it came from;
/// - a move between the account's own spot and staking wallets (a transfer, or a deposit or
///   withdrawal of a staked balance) is the same holding, staked (passed over).
///
/// Each event's entries are keyed `kraken:` and its reference (a trade) or its row's id, the
/// same whether the rows came from the API or the CSV export.
enum AccountMovementEntries {
    /// Whether `asset` is money (a currency the ledger knows that is not a crypto asset).
    static func isMoney(_ asset: String) -> Bool {
        CurrencyExponent.of(asset) != nil && !CurrencyExponent.crypto.contains(asset)
    }

    struct Event {
        var line: Int
        var legs: [AccountMovement]
    }

    /// The movements grouped into events in order of their first row; KFEE fee credits and legs
    /// of nothing (amount and fee 0) left out.
    static func events(_ rows: [(line: Int, movement: AccountMovement)]) -> [Event] {
        var events: [Event] = []
        var index: [String: Int] = [:]
        for (line, m) in rows {
            if m.asset == "KFEE" || m.amount.isZero && m.fee.isZero { continue }
            let key = m.kind == .trade ? "t:" + m.reference : "m:" + m.id
            if let i = index[key] {
                events[i].legs.append(m)
            } else {
                index[key] = events.count
                events.append(Event(line: line, legs: [m]))
            }
        }
        return events
    }

    /// A file's movements as records: one per event (the rows of one trade together) on its
    /// first row's line, each later row of an event folded into it, fee credits and rows of
    /// nothing passed over. What an event buys is held in that currency for the events after it.
    static func records(_ read: [(line: Int, movement: AccountMovement)], source: String, context: ExportContext)
        -> [ExportRecord]
    {
        var context = context
        var records: [ExportRecord] = []
        let events = events(read)
        var firstLines = Set<Int>()
        for e in events {
            let r = record(e, source: source, context: context)
            context.heldSymbols.formUnion(r.entries.compactMap(\.symbol))
            records.append(r)
            firstLines.insert(e.line)
        }
        for (line, m) in read where !firstLines.contains(line) {
            if m.asset == "KFEE" || m.amount.isZero && m.fee.isZero {
                records.append(ExportRecord(line: line, .skipped("a fee credit or a row of nothing")))
            } else if let event = events.first(where: { $0.legs.contains(m) }) {
                records.append(ExportRecord(line: line, .merged(line: event.line)))
            }
        }
        return records
    }

    static func record(_ event: Event, source: String, context: ExportContext) -> ExportRecord {
        var notes: [String] = []
        do {
            var entries = try entries(event, source: source, context: context, notes: &notes)
            let first = event.legs[0]
            let key = source + ":" + (first.kind == .trade ? first.reference : first.id)
            entries = ExportRowKeys.keyed(entries, base: key)
            guard let need = walletMove(first, context: context) else {
                return ExportRecord(line: event.line, .entries(entries), notes: notes)
            }
            var r = ExportRecord(
                line: event.line,
                entries.isEmpty
                    ? .skipped(need.passedOver)
                    : .entries(entries), notes: notes)
            r.holding = need
            return r
        } catch let refusal as ExportRowRefusal {
            return ExportRecord(line: event.line, .refused(refusal.reason))
        } catch let skip as Skip {
            return ExportRecord(line: event.line, .skipped(skip.reason))
        } catch {
            return ExportRecord(line: event.line, .refused("\(error)"))
        }
    }

    struct Skip: Error { let reason: String }

    static func entries(_ event: Event, source: String, context: ExportContext, notes: inout [String]) throws
        -> [JournalEntry]
    {
        let first = event.legs[0]
        let date = CivilDateTime(secondsSinceEpochUTC: first.time.secondsSinceEpoch).date
        let note = source + ": " + first.reference
        func noted(_ es: [JournalEntry]) -> [JournalEntry] {
            es.map { e in
                var e = e
                e.note = note
                return e
            }
        }
        switch first.kind {
        case .transfer: throw Skip(reason: "moved between the account's own spot and staking wallets: the same holding")
        case .other(let name): throw ExportRowRefusal("a '\(name)' row is not one squarestock reads yet")
        case .deposit, .withdrawal:
            if first.staked {
                throw Skip(reason: "moved between the account's own spot and staking wallets: the same holding, staked")
            }
            guard isMoney(first.asset) else {
                return noted(try networkFee(first, date: date, context: context, notes: &notes))
            }
            return noted(try cash(first, date: date, context: context, notes: &notes))
        case .reward:
            return noted(try reward(first, date: date, context: context, notes: &notes))
        case .trade:
            return noted(try trade(event.legs, date: date, context: context, notes: &notes))
        }
    }

    /// What a move of crypto between the account and another wallet says the ledger held on its
    /// day: what left (with its fee), or what arrived; nil for any other row.
    static func walletMove(_ m: AccountMovement, context: ExportContext) -> ExportRecord.HoldingNeeded? {
        guard m.kind == .deposit || m.kind == .withdrawal, !m.staked, !isMoney(m.asset) else { return nil }
        let magnitude = m.amount.magnitude
        let out = m.kind == .withdrawal || m.amount.isNegative
        let moved = out ? (magnitude + m.fee) ?? magnitude : magnitude
        return ExportRecord.HoldingNeeded(
            asset: m.asset, symbol: m.asset + "-" + context.holdingCurrency(of: m.asset), quantity: moved,
            date: CivilDateTime(secondsSinceEpochUTC: m.time.secondsSinceEpoch).date,
            what: "\(magnitude.normalized) \(m.asset) "
                + (out ? "left for another wallet" : "arrived from another wallet"))
    }

    /// A network fee taken in the asset of a move between wallets: those units are spent, a sale
    /// at the day's stored close whose whole proceeds are the fee (no money moves; the holding
    /// shrinks and the fee counts with the fees).
    static func networkFee(
        _ m: AccountMovement, date: CivilDate, context: ExportContext, notes: inout [String],
        label: String = "network fee"
    ) throws -> [JournalEntry] {
        guard m.fee.sign > 0 else { return [] }
        let currency = context.holdingCurrency(of: m.asset)
        let (value, price) = try value(m.fee, of: m.asset, in: currency, on: date, context: context)
        var sale = try EntryFactory.trade(
            .sell, symbol: m.asset + "-" + currency, quantity: m.fee, price: price, fee: nil, currency: currency,
            date: date, today: context.today)
        sale.amount = value
        sale.fee = value
        notes.append(
            "its \(label), \(m.fee.normalized) \(m.asset), spent at \(m.asset)'s close of \(date): "
                + MinorUnits.text(value, currency: currency) + " " + currency)
        return [sale]
    }

    static func money(_ value: ExactDecimal, _ asset: String, _ what: String, notes: inout [String])
        throws(ExportRowRefusal) -> Int64
    {
        try ExportRowReading.minor(value, asset, what: what, notes: &notes)
    }

    /// An amount and the fee charged on top, in minor units, rounded so that together they are
    /// the balance's change rounded once (Kraken keeps money to four decimals: 10.0050 with a fee
    /// of 0.0049 moves the balance by 10.0001, recorded as 10.01 and a fee of 0.01, not 10.01
    /// and 0.00).
    static func amountAndFee(_ amount: ExactDecimal, fee: ExactDecimal, _ asset: String, notes: inout [String])
        throws(ExportRowRefusal) -> (amount: Int64, fee: Int64)
    {
        guard let net = amount - fee else { throw ExportRowRefusal("its amount and fee are too large") }
        let a = try money(amount, asset, "the amount", notes: &notes)
        let n = try money(net, asset, "the amount less its fee", notes: &notes)
        return (a, a - n)
    }

    static func cash(_ m: AccountMovement, date: CivilDate, context: ExportContext, notes: inout [String]) throws
        -> [JournalEntry]
    {
        // In: the fee comes off the amount; out: it goes with it.
        let outward = m.amount.isNegative
        let magnitude = m.amount.magnitude
        let (amount, fee): (Int64, Int64)
        if outward {
            guard let total = magnitude + m.fee else { throw ExportRowRefusal("its amount and fee are too large") }
            let a = try money(magnitude, m.asset, "the amount", notes: &notes)
            amount = a
            fee = try money(total, m.asset, "the amount with its fee", notes: &notes) - a
        } else {
            (amount, fee) = try amountAndFee(magnitude, fee: m.fee, m.asset, notes: &notes)
        }
        var out: [JournalEntry] = []
        if amount > 0 {
            out.append(
                try EntryFactory.cash(
                    m.amount.isNegative ? .withdraw : .deposit, amount: MinorUnits.text(amount, currency: m.asset),
                    currency: m.asset, date: date, today: context.today))
        }
        if fee > 0 {
            out.append(
                try EntryFactory.fee(
                    amount: MinorUnits.text(fee, currency: m.asset), currency: m.asset, date: date, today: context.today
                ))
        }
        return out
    }

    /// The value of `quantity` of `asset` in `currency` at the stored close of `day`, rounded
    /// once to the currency's unit, with the price.
    static func value(
        _ quantity: ExactDecimal, of asset: String, in currency: String, on day: CivilDate, context: ExportContext
    )
        throws(ExportRowRefusal) -> (minor: Int64, price: ExactDecimal)
    {
        let symbol = asset + "-" + currency
        guard let price = context.close(symbol, day) else {
            throw ExportRowRefusal(
                "it needs \(asset)'s price in \(currency) on \(day), and the ledger has none: "
                    + "`squarestock portfolio price \(symbol) \(day) PRICE --currency \(currency)` records one")
        }
        guard
            let minor = MinorUnits.amount(
                quantity: quantity, price: price, exponent: CurrencyExponent.of(currency) ?? 2)
        else { throw ExportRowRefusal("its value is too large") }
        return (minor, price)
    }

    static func reward(_ m: AccountMovement, date: CivilDate, context: ExportContext, notes: inout [String]) throws
        -> [JournalEntry]
    {
        guard let received = m.amount - m.fee, received.sign > 0 else {
            throw ExportRowRefusal("a reward of no \(m.asset)")
        }
        let currency = context.holdingCurrency(of: m.asset)
        let (value, price) = try value(received, of: m.asset, in: currency, on: date, context: context)
        guard value > 0 else { throw Skip(reason: "a reward worth less than a cent") }
        let symbol = m.asset + "-" + currency
        let text = MinorUnits.text(value, currency: currency)
        var buy = try EntryFactory.trade(
            .buy, symbol: symbol, quantity: received, price: price, fee: nil, currency: currency, date: date,
            today: context.today)
        buy.amount = value
        if m.staked { notes.append("\(m.asset) staked: the same holding") }
        return [
            try EntryFactory.interest(
                amount: text, withheld: nil, currency: currency, symbol: symbol, date: date, today: context.today), buy,
        ]
    }

    static func trade(_ legs: [AccountMovement], date: CivilDate, context: ExportContext, notes: inout [String]) throws
        -> [JournalEntry]
    {
        // A fee charged in a third asset (Binance's BNB): a leg of no amount, its fee apart.
        var legs = legs
        if legs.count == 3, let i = legs.firstIndex(where: { $0.amount.isZero && $0.fee.sign > 0 }) {
            let fee = legs.remove(at: i)
            let paid: [JournalEntry]
            if isMoney(fee.asset) {
                paid = [
                    try EntryFactory.fee(
                        amount: MinorUnits.text(
                            try money(fee.fee, fee.asset, "the fee", notes: &notes), currency: fee.asset),
                        currency: fee.asset, date: date, today: context.today)
                ]
            } else {
                paid = try networkFee(fee, date: date, context: context, notes: &notes, label: "trade fee")
            }
            return try trade(legs, date: date, context: context, notes: &notes) + paid
        }
        guard legs.count == 2, let out = legs.first(where: { $0.amount.isNegative }),
            let into = legs.first(where: { !$0.amount.isNegative })
        else {
            throw ExportRowRefusal(
                "a trade of \(legs.count) \(legs.count == 1 ? "leg" : "legs"), not one out and one in")
        }
        // What left the account (fee included) and what arrived (fee taken off).
        guard let given = out.amount.magnitude + out.fee, let got = into.amount - into.fee,
            got.sign > 0
        else { throw ExportRowRefusal("a trade whose amounts do not add up") }
        switch (isMoney(out.asset), isMoney(into.asset)) {
        case (true, true):
            let a = try money(given, out.asset, "the amount given", notes: &notes)
            let b = try money(got, into.asset, "the amount received", notes: &notes)
            return [
                try EntryFactory.exchange(
                    amount: MinorUnits.text(-a, currency: out.asset), currency: out.asset, date: date,
                    today: context.today),
                try EntryFactory.exchange(
                    amount: MinorUnits.text(b, currency: into.asset), currency: into.asset, date: date,
                    today: context.today),
            ]
        case (true, false):
            // Bought `into` with money: the cost is the money before its fee, the fee apart.
            let cost = try money(out.amount.magnitude, out.asset, "the cost", notes: &notes)
            let fee = try money(given, out.asset, "the cost with its fee", notes: &notes) - cost
            return [try priced(.buy, into.asset, got, money: cost, fee: fee, currency: out.asset, date, context)]
        case (false, true):
            let (proceeds, fee) = try amountAndFee(into.amount, fee: into.fee, into.asset, notes: &notes)
            return [try priced(.sell, out.asset, given, money: proceeds, fee: fee, currency: into.asset, date, context)]
        case (false, false):
            let currency = context.holdingCurrency(of: out.asset)
            let (value, _) = try value(given, of: out.asset, in: currency, on: date, context: context)
            notes.append("\(out.asset) for \(into.asset) valued at \(out.asset)'s close in \(currency) of \(date)")
            return [
                try priced(.sell, out.asset, given, money: value, fee: 0, currency: currency, date, context),
                try priced(.buy, into.asset, got, money: value, fee: 0, currency: currency, date, context),
            ]
        }
    }

    /// A trade of `quantity` of `asset` for `money` (minor units of `currency`), its price the
    /// quotient kept to ten decimals (the money, not the price, is what the ledger adds up).
    static func priced(
        _ kind: EntryKind, _ asset: String, _ quantity: ExactDecimal, money: Int64, fee: Int64, currency: String,
        _ date: CivilDate, _ context: ExportContext
    ) throws -> JournalEntry {
        guard money > 0,
            let price = MinorUnits.decimal(money, exponent: CurrencyExponent.of(currency) ?? 2)
                .divided(by: quantity, scale: 10)
        else { throw ExportRowRefusal("a trade of \(asset) for nothing") }
        var e = try EntryFactory.trade(
            kind, symbol: asset + "-" + currency, quantity: quantity, price: price.normalized,
            fee: MinorUnits.text(fee, currency: currency), currency: currency, date: date, today: context.today)
        e.amount = money
        return e
    }
}
