import SquarestockCore
import SquarestockServices

/// A setting that cannot be used, whichever of flag, environment or config file gave it. The
/// texts are the usage errors the commands have always printed.
public enum SettingsError: Error, Equatable, CustomStringConvertible {
    case unknownSource(String)
    case endpointNotHTTP(String)
    case timeoutOutOfRange
    /// `--theme` or config `theme` names no theme.
    case unknownTheme(String)
    case unknownExchange(String)
    /// `--stream` with a source that has no stream.
    case noStream(source: String)
    /// `book --live` on an exchange whose stream has no checked book.
    case noLiveBook(exchange: String)
    /// `--portfolio`, `SQUARESTOCK_PORTFOLIO` or config `portfolio` holds a control, escape or
    /// invisible character.
    case invalidPortfolioName(String)
    /// One of the above for a value the command line did not give: where it was set (an
    /// environment variable, a line of the config file), so it is fixed there.
    indirect case setBy(SettingsError, origin: String)

    public var description: String {
        switch self {
        case .unknownSource(let name):
            return
                "unknown source '\(name)'; choose one of \(ServiceCatalog.standard.sourceNames.joined(separator: ", "))"
        case .endpointNotHTTP(let endpoint):
            return "--endpoint must start with http:// or https:// (got '\(endpoint)')"
        case .unknownExchange(let name):
            return
                "unknown exchange '\(name)'; choose one of \(ServiceCatalog.standard.exchangeNames.joined(separator: ", "))"
        case .noStream(let source):
            return "--source \(source) has no stream; use --source \(ServiceCatalog.standard.streamOfferText)"
        case .noLiveBook(let exchange):
            return
                "--exchange \(exchange) has no live book; use --exchange \(ServiceCatalog.standard.liveBookOfferText), or drop --live"
        case .unknownTheme(let name):
            return "unknown theme '\(name)'; choose one of \(Settings.themeNames.joined(separator: ", "))"
        case .invalidPortfolioName(let name):
            return
                "the portfolio name '\(TerminalText.visible(name))' holds a control or invisible character; "
                + "choose a plain name (--portfolio, SQUARESTOCK_PORTFOLIO or config portfolio)"
        case .timeoutOutOfRange:
            return "--timeout must be between 0.001 and 600 seconds (1 ms to 10 minutes)"
        case .setBy(let error, let origin):
            return "\(error.description) (set by \(origin); fix it there)"
        }
    }
}
