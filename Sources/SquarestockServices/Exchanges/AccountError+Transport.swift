import SquarestockCore
import SquarestockNetworking

extension AccountError {
    /// A private request that got no answer. A failure before anything left (no address, no
    /// connection, TLS) is plain; after the request may have been sent, an order's fate is
    /// unknown, and it is never sent again.
    package static func lostAnswer(_ e: TransportError, isOrder: Bool, exchange: String) -> AccountError {
        switch e {
        case .couldNotResolve, .couldNotConnect, .connectTimedOut, .tls, .invalidURL:
            return .transport(exchange: exchange, e)
        default:
            return isOrder
                ? .statusUnknown(exchange: exchange, detail: e.description) : .transport(exchange: exchange, e)
        }
    }

    /// For an order (or a cancellation) that was sent: an error answer (HTTP 400 and up) whose
    /// body is not JSON, so not the exchange's own words (a proxy's or firewall's page, nothing
    /// at all), says nothing of its fate: "status unknown", never a refusal the user would answer
    /// by sending it again. A 401 (the exchange's own refusal of the key or token, in plain text
    /// on Coinbase) and a 429 (throttled) come before anything is acted on and stay what they are.
    package static func unreadableRefusal(_ response: HTTPResponse, exchange: String) -> AccountError? {
        guard response.status >= 400, response.status != 401, response.status != 429 else { return nil }
        var screened = response
        screened.status = 200
        guard case .failure(let e) = ExchangeResponse.json(screened, source: exchange) else { return nil }
        // Classified as a 200's body; the status it names is the response's own.
        let detail = e.detail.replacingOccurrences(of: "(HTTP 200)", with: "(HTTP \(response.status))")
        return .statusUnknown(
            exchange: exchange,
            detail: "HTTP \(response.status) after the request was sent, not in its words: \(detail)")
    }

    /// For an order (or a cancellation) that was sent: a server error (HTTP 5xx, whatever its
    /// body) does not say it was not acted on, and neither does `unreadableRefusal`'s page: the
    /// error that says so, or nil when the answer is the exchange's own.
    package static func unclearAfterSending(_ response: HTTPResponse, exchange: String) -> AccountError? {
        guard response.status < 500 else {
            return .statusUnknown(exchange: exchange, detail: "HTTP \(response.status) after the request was sent")
        }
        return unreadableRefusal(response, exchange: exchange)
    }

    /// An unknown-order error naming `id` (decoders know the answer, not which id was asked).
    package func naming(orderID id: String) -> AccountError {
        guard case .unknownOrder(let exchange, let named) = self, named.isEmpty else { return self }
        return .unknownOrder(exchange: exchange, id: id)
    }

    /// For an order that was sent: an answer that cannot be read may still mean the order was
    /// placed (an HTML error page from a proxy after the exchange acted, a new answer shape), so
    /// it is "status unknown", never an invitation to send it again.
    package var afterSendingOrder: AccountError {
        guard case .malformed(let exchange, let detail) = self else { return self }
        return .statusUnknown(exchange: exchange, detail: "its answer could not be read: " + detail)
    }
}
