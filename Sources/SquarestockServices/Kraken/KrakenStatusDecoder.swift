import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/SystemStatus` → `{"status":"online|maintenance|cancel_only|post_only",
/// "timestamp":"..."}` inside the envelope.
package enum KrakenStatusDecoder {
    package static func status(_ response: HTTPResponse) -> Result<ExchangeSystemStatus, QuoteError> {
        KrakenEnvelope.result(response).flatMap { result in
            guard let s = result["status"]?.string else {
                return .failure(
                    .malformed(
                        source: KrakenEnvelope.source, line: 1, column: 1, detail: "no \"status\" in SystemStatus"))
            }
            return .success(ExchangeSystemStatus(wire: s))
        }
    }
}
