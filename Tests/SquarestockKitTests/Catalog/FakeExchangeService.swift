@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockServices

/// FakeX, the test's fourth exchange, declared the way a real service is (`KrakenService`): one
/// entry naming its adapter, its stream and its account, which a test adds to the standard
/// catalog with `adding`. Its hosts are invented; `--endpoint` moves all three onto the loopback
/// server, as it moves a real exchange's.
enum FakeExchangeService {
    static let name = "fakex"
    static let displayName = "FakeX"
    static let restURL = "https://api.fakex.invalid"
    static let streamURL = "wss://stream.fakex.invalid/v1/ws"

    static let entry = ServiceEntry(
        name: name, displayName: displayName,
        exchange: { FakeExchangeAdapter() },
        stream: StreamCapability(quotes: { FakeExchangeStreamFeed() }),
        account: AccountCapability(keyVariable: "FAKEX_API_KEY", secretVariable: "FAKEX_API_SECRET") { c in
            FakeExchangeAccount(
                credentials: c.credentials, baseURL: c.endpoint.map { Endpoint.rebase(restURL, onto: $0) } ?? restURL)
        })
}
