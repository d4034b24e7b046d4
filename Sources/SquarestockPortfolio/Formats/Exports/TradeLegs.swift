import SquarestockCore

/// The rows of an export that writes a trade as several signed balance changes (Binance's
/// Buy/Spend/Fee rows of one second, Coinbase Pro's match and fee rows of one trade id) summed
/// into one `AccountMovement` per asset: partial fills add up, a fee row goes on its asset's
/// leg (a leg of no amount when the fee is paid in a third asset). Each leg sits on the line
/// of its first row; the rows summed into it are folded into the trade's first line.
struct TradeLegs {
    struct Leg {
        var line: Int
        var time: Instant
        var change: ExactDecimal
        var fee: ExactDecimal
    }

    private var legs: [String: [String: Leg]] = [:]
    private var folded: [(line: Int, trade: String)] = []

    /// Adds a row's change (or, `isFee`, its fee) to the `asset` leg of `trade`.
    mutating func add(
        trade: String, asset: String, line: Int, time: Instant, change: ExactDecimal, isFee: Bool
    ) throws(ExportRowRefusal) {
        var leg = legs[trade, default: [:]][asset] ?? Leg(line: line, time: time, change: .zero, fee: .zero)
        if leg.line != line { folded.append((line, trade)) }
        guard let next = isFee ? leg.fee + change.magnitude : leg.change + change else {
            throw ExportRowRefusal("its amount is too large")
        }
        if isFee { leg.fee = next } else { leg.change = next }
        legs[trade, default: [:]][asset] = leg
    }

    /// The file's records: the legs with the file's `other` movements, in file order, made
    /// events by `AccountMovementEntries`, and each row summed into a leg folded into its trade.
    func records(
        with other: [(line: Int, movement: AccountMovement)], source: String, context: ExportContext
    ) -> [ExportRecord] {
        let all = (other + movements).sorted { $0.line < $1.line }
        return AccountMovementEntries.records(all, source: source, context: context) + foldedRecords
    }

    /// The legs as movements keyed `trade|asset`, each trade's referring to it, on their lines.
    private var movements: [(line: Int, movement: AccountMovement)] {
        legs.flatMap { trade, byAsset in
            byAsset.map { asset, leg in
                (
                    leg.line,
                    AccountMovement(
                        id: trade + "|" + asset, reference: trade, time: leg.time, kind: .trade, asset: asset,
                        amount: leg.change, fee: leg.fee)
                )
            }
        }
    }

    /// A record for each row summed into a leg on another line: folded into its trade's first.
    private var foldedRecords: [ExportRecord] {
        folded.map { line, trade in
            ExportRecord(line: line, .merged(line: legs[trade]?.values.map(\.line).min() ?? line))
        }
    }
}
