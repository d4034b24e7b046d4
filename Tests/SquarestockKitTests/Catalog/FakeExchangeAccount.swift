@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// FakeX's private API: balances only, asked with the key in an `X-FakeX-Key` header (the
/// secret never leaves; a real exchange would sign with it). Enough to show that the facade
/// finds a new exchange's account, hands it the key from that exchange's own variables and
/// prices what it returns; orders are not part of the proof, so they are refused as unsupported.
struct FakeExchangeAccount: ExchangeAccount {
    let exchange = FakeExchangeService.name
    let credentials: ExchangeCredentials
    let baseURL: String

    /// `/v1/balances`: `{"balances":[{"asset":"BTC","total":"2","available":"1.5"}]}`; a 401
    /// means the key was refused.
    func balances(transport: any HTTPTransport) -> Result<[AssetBalance], AccountError> {
        let request = HTTPRequest(url: baseURL + "/v1/balances", headers: ["X-FakeX-Key: " + credentials.key])
        switch transport.perform(request) {
        case .failure(let e): return .failure(.lostAnswer(e, isOrder: false, exchange: exchange))
        case .success(let r) where r.status == 401:
            return .failure(.invalidKey(exchange: exchange, detail: "HTTP 401"))
        case .success(let r):
            guard let rows = (try? JSONReader.parse(r.body))?["balances"]?.array else {
                return .failure(.malformed(exchange: exchange, detail: "the answer has no balances"))
            }
            var out: [AssetBalance] = []
            for row in rows {
                guard let asset = row["asset"]?.string, let total = row["total"]?.numberOrStringDecimal,
                    let available = row["available"]?.numberOrStringDecimal
                else { return .failure(.malformed(exchange: exchange, detail: "a balance lacks a field")) }
                out.append(
                    AssetBalance(asset: asset, total: total, available: available, held: (total - available) ?? .zero))
            }
            return .success(out)
        }
    }

    func openOrders(transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> { unsupported() }

    func closedOrders(limit: Int, transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> {
        unsupported()
    }

    func order(id: String, transport: any HTTPTransport) -> Result<AccountOrder, AccountError> { unsupported() }

    func place(_ request: OrderRequest, listing: PairListing, validateOnly: Bool, transport: any HTTPTransport)
        -> Result<PlacedOrder, AccountError>
    { unsupported() }

    func cancel(id: String, transport: any HTTPTransport) -> Result<Int, AccountError> { unsupported() }

    func cancelAll(transport: any HTTPTransport) -> Result<Int, AccountError> { unsupported() }

    private func unsupported<T>() -> Result<T, AccountError> {
        .failure(.notSupported(exchange: exchange, what: "orders on the test's fake exchange"))
    }
}
