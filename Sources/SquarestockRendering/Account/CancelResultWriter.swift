import SquarestockCore

/// `cancel --format json`: one object whatever the ending, so a script reads the outcome from
/// standard output as it does an order's (`OrderResultWriter`). `orders` are the orders shown
/// before asking; `cancelled` is how many the exchange (or, with `"paper": true`, the paper
/// account) says it cancelled: 0 when nothing was sent or it refused, null only when the
/// cancellation may have reached the exchange and its outcome is unknown (`"statusUnknown":
/// true`: check the open orders before trying again).
package enum CancelResultWriter {
    package static func json(
        _ shown: [AccountOrder], exchange: String, paper: Bool, all: Bool, cancelled: Int?, unknown: Bool = false,
        error: String? = nil
    ) -> String {
        let s = JSONText.quoted
        let orders = shown.map { "  " + AccountOrderWriter.jsonObject($0) }
        let fields: [(String, String)] = [
            ("exchange", s(exchange)),
            ("paper", paper ? "true" : "false"),
            ("all", all ? "true" : "false"),
            ("cancelled", unknown ? "null" : String(cancelled ?? 0)),
            ("statusUnknown", unknown ? "true" : "false"),
            ("error", error.map(s) ?? "null"),
            ("orders", orders.isEmpty ? "[]" : "[\n" + orders.joined(separator: ",\n") + "\n]"),
        ]
        return "{" + fields.map { "\(s($0.0)): \($0.1)" }.joined(separator: ", ") + "}\n"
    }
}
