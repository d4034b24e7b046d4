import SquarestockCore
import SquarestockNetworking

/// Sends one signed private call (`POST /0/private/<Method>`, form body with the nonce) and reads
/// Kraken's envelope. Each call is sent once; only a refused nonce (`EAPI:Invalid nonce`, which
/// Kraken returns before acting on the request) is sent again, once, with a fresh nonce and a
/// new signature. A call that moves money (`isOrder`) and loses its answer after it may have been
/// sent is `statusUnknown`, never resent.
package struct KrakenPrivateClient: Sendable {
    package static let exchange = "kraken"
    let credentials: ExchangeCredentials
    let nonces: KrakenNonceSource
    /// `https://api.kraken.com`, or the `--endpoint` origin.
    let baseURL: String

    package init(credentials: ExchangeCredentials, nonces: KrakenNonceSource, endpoint: String?) {
        self.credentials = credentials
        self.nonces = nonces
        let base = "https://api.kraken.com"
        baseURL = endpoint.map { Endpoint.rebase(base, onto: $0) } ?? base
    }

    package func call(
        _ method: String, _ parameters: [(String, String)] = [], isOrder: Bool = false, transport: any HTTPTransport
    ) -> Result<JSONValue, AccountError> {
        let path = "/0/private/" + method
        for attempt in 0..<2 {
            let sent: Result<HTTPResponse, AccountError> = nonces.withNonce { nonce in
                let body = (["nonce=" + nonce] + parameters.map { Endpoint.encode($0.0) + "=" + Endpoint.encode($0.1) })
                    .joined(separator: "&")
                guard
                    let sign = KrakenSigner.signature(
                        path: path, nonce: nonce, body: body, secret: credentials.secret)
                else {
                    return .failure(
                        .invalidKey(
                            exchange: Self.exchange, detail: "the secret is not base64", advice: KrakenService.keyAdvice
                        ))
                }
                // A server that echoes the request names the signature in its error: kept out of
                // every message as the key is.
                SecretRedactor.shared.registerPassing(sign)
                let request = HTTPRequest(
                    url: baseURL + path,
                    headers: [
                        "API-Key: " + credentials.key, "API-Sign: " + sign,
                        "Content-Type: application/x-www-form-urlencoded",
                        "User-Agent: " + ExchangeRequest.userAgent,
                    ],
                    method: "POST", body: Array(body.utf8))
                return transport.perform(request).mapError {
                    AccountError.lostAnswer($0, isOrder: isOrder, exchange: Self.exchange)
                }
            }
            // A refusal that is not Kraken's JSON after an order left (a proxy's 403 page) is not
            // taken for a refused key, nor a server error for a refusal whatever its body (an
            // HTTP 500 saying "EOrder:Insufficient funds" came after the order was placed): the
            // order's fate is unknown.
            let answered = sent.flatMap { response -> Result<JSONValue, AccountError> in
                if isOrder, let unread = AccountError.unclearAfterSending(response, exchange: Self.exchange) {
                    return .failure(unread)
                }
                return KrakenPrivateEnvelope.result(response, method: method)
            }
            switch answered {
            case .failure(.invalidNonce) where attempt == 0: continue
            case let outcome: return outcome
            }
        }
        return .failure(.invalidNonce(exchange: Self.exchange))
    }
}
