import SquarestockCore

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
