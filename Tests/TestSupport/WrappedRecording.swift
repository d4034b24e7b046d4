import Foundation

/// Replays the "wrapped" recordings (request and response with status, headers and body, as
/// yahoo-finance2 saves them) through the loopback server, Set-Cookie and Location included.
public enum WrappedRecording {
    /// The recorded response; absolute `Location` URLs keep only path and query, so the client's
    /// `--endpoint` rebasing leads back to the same test server.
    public static func response(_ fixture: String) -> LoopbackResponse {
        guard let object = try? JSONSerialization.jsonObject(with: Data(Fixture.bytes(fixture))) as? [String: Any],
            let response = object["response"] as? [String: Any]
        else {
            return .text("bad fixture \(fixture)", status: 500)
        }
        let status = response["status"] as? Int ?? 500
        var headers: [(name: String, value: String)] = []
        for (name, value) in response["headers"] as? [String: Any] ?? [:] {
            let lower = name.lowercased()
            if ["content-length", "connection", "transfer-encoding", "content-encoding"].contains(lower) { continue }
            if let many = value as? [String] {
                for v in many { headers.append((name, v)) }
            } else if let one = value as? String {
                headers.append((name, one))
            }
        }
        return LoopbackResponse(
            status: status, headers: headers, body: Array((response["bodyText"] as? String ?? "").utf8))
    }
}
