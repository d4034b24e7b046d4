import SquarestockCore
import SquarestockNetworking
import SquarestockServices

/// The one door the command line goes through: each command makes one call here for its main
/// job (`quote`, `chart`, `search`, `doctor`, `updateSymbols`, `watchFeed`), with the settings
/// it resolved once. Which source, decoder and transport do the work is decided here, so the
/// executable keeps only its flags, the terminal and the printing.
public struct SquarestockApp: Sendable {
    public let settings: Settings
    /// Makes the transport for a command's requests under the given limits: libcurl in the
    /// tool, a scripted or loopback one in tests.
    let makeTransport: @Sendable (TransportOptions) -> any HTTPTransport

    public init(settings: Settings) {
        self.settings = settings
        self.makeTransport = { CurlTransport(options: $0) }
    }

    /// For tests: every request goes to `transport`, whatever the limits.
    package init(settings: Settings, transport: any HTTPTransport) {
        self.settings = settings
        self.makeTransport = { _ in transport }
    }

    /// The same app on another of the ledger's portfolios (the paper account's), with the same
    /// transport.
    func onPortfolio(_ name: String) -> SquarestockApp {
        var s = settings
        s.portfolioName = name
        return SquarestockApp(settings: s, makeTransport: makeTransport)
    }

    private init(settings: Settings, makeTransport: @escaping @Sendable (TransportOptions) -> any HTTPTransport) {
        self.settings = settings
        self.makeTransport = makeTransport
    }

    /// The transport under the settings' limits.
    var transport: any HTTPTransport { makeTransport(settings.transportOptions) }
}
