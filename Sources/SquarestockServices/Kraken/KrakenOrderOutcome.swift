import SquarestockCore

/// What Kraken's answer to a sent `AddOrder` says about the order. Only two answers are clear: an
/// acceptance (a txid) and a refusal Kraken makes before it acts (a bad key or nonce, a missing
/// permission, the order's own faults, a mode that takes no orders, a rate limit). Anything else
/// after the request left (`EGeneral:Internal error`, `EService:Busy`, `EService:Unavailable`, an
/// error this version does not know, an answer it cannot read) may come after the order was
/// placed, so it is "status unknown", never an invitation to send the order again.
enum KrakenOrderOutcome {
    /// Errors Kraken returns before acting on an order.
    static let refusals = [
        "EAPI:", "EOrder:", "EQuery:", "EFunding:", "EGeneral:Invalid arguments", "EGeneral:Permission denied",
        "EGeneral:Temporary lockout", "EService:Market in", "EService:Throttled", "EService: Throttled",
    ]

    /// `what`: "the order", or "the cancellation" (a cancel answered `EGeneral:Internal error`
    /// may have cancelled: it was reported as refused, the order as still open).
    static func afterSending(_ e: AccountError, what: String = "the order") -> AccountError {
        switch e {
        case .marketClosed(let exchange, let detail), .unavailable(let exchange, let detail),
            .rejected(let exchange, let detail):
            if refusals.contains(where: { detail.hasPrefix($0) }) { return e }
            return .statusUnknown(exchange: exchange, detail: "Kraken answered \(detail) after \(what) was sent")
        case .malformed(let exchange, let detail):
            return .statusUnknown(exchange: exchange, detail: "its answer could not be read: " + detail)
        default:
            return e
        }
    }
}
