import ArgumentParser
import SquarestockCore
import SquarestockKit

/// The plain one-shot quote, `squarestock AAPL MSFT [--source S] [--format F]`, answered
/// before the argument parser runs (issue 30). Building the parser's command tree reflects over
/// the commands and their options, and parses the arguments twice more to look for a
/// completion-script request; each first dynamic cast there scans every protocol conformance
/// record in the binary. That was 40 % of a one-shot quote. What runs here is
/// `QuoteCommand.perform`, the body of `quote` itself, with the settings resolved the same way.
///
/// Only this exact form is taken: symbols (the first not a command's name), `--source` and
/// `--format` with a value each, nothing else. Any other word or option, a bad value, a bad
/// symbol, settings that do not resolve, or no symbol at all (the watchlist case) return nil,
/// and the parser handles the arguments as before, with its usage errors.
enum QuoteFastPath {
    /// What the fast path would run: nil when the arguments are for the parser.
    struct Request: Equatable {
        var symbols: [String]
        var source: String?
        var format: QuoteCommand.Format?
    }

    /// The request in `arguments` (without the program name), or nil.
    static func request(_ arguments: [String], commands: [String]) -> Request? {
        guard let first = arguments.first, !commands.contains(first) else { return nil }
        var request = Request(symbols: [], source: nil, format: nil)
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            guard word.hasPrefix("-") else {
                guard !word.isEmpty, word.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }),
                    (try? SymbolSyntax.normalize(word).get()) != nil
                else { return nil }
                request.symbols.append(word)
                i += 1
                continue
            }
            guard i + 1 < arguments.count, !arguments[i + 1].hasPrefix("-") else { return nil }
            let value = arguments[i + 1]
            switch word {
            case "--source" where request.source == nil: request.source = value
            case "--format" where request.format == nil:
                // As `CaseInsensitiveArgument` reads it, without the parser's generic path.
                guard let format = QuoteCommand.Format(rawValue: value.lowercased()) else { return nil }
                request.format = format
            default: return nil
            }
            i += 2
        }
        return request.symbols.isEmpty ? nil : request
    }

    /// Runs the quote when `arguments` are the plain form; returns false (having printed
    /// nothing) when they are not. Throws what `QuoteCommand.perform` throws.
    static func run(_ arguments: [String], commands: [String]) throws -> Bool {
        guard let request = request(arguments, commands: commands),
            let settings = try? SourceOptions.resolve(Settings.Flags(source: request.source))
        else { return false }
        try QuoteCommand.perform(
            request.symbols, settings: settings, format: request.format, currency: nil, look: LookOptions.Look(),
            verbose: false,
            sources: [:])
        return true
    }
}
