import Foundation
import SquarestockCore
import SquarestockLive

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a key and its secret for `account login`: prompts on a terminal with echo off for the
/// secret, or takes standard input when piped (the key on the first line, the secret after it:
/// a PEM key spans several lines).
enum SecretInput {
    static func credentials(exchange: String) -> ExchangeCredentials? {
        if isatty(0) == 1 {
            guard let key = prompt("\(exchange) API key (or key name): ", echo: false),
                let secret = prompt("\(exchange) secret (private key; paste, then Enter): ", echo: false)
            else { return nil }
            return ExchangeCredentials(key: key, secret: secret)
        }
        let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        var lines = input.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard lines.count >= 2 else { return nil }
        let key = lines.removeFirst()
        return ExchangeCredentials(key: key, secret: lines.joined(separator: "\n"))
    }

    /// One line from the terminal; with `echo` off the typed text is not shown.
    static func prompt(_ text: String, echo: Bool) -> String? {
        _ = Terminal.writeError(text)
        var saved = termios()
        let canHide = tcgetattr(0, &saved) == 0
        if !echo && canHide {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSAFLUSH, &quiet)
        }
        defer {
            if !echo && canHide {
                tcsetattr(0, TCSAFLUSH, &saved)
                _ = Terminal.writeError("\n")
            }
        }
        guard let line = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces), !line.isEmpty else {
            return nil
        }
        return line
    }
}
