#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the output stream can show, decided once at start-up so renderers never query the
/// environment themselves and tests can state the terminal they want.
package struct TerminalCapabilities: Sendable, Equatable {
    /// Output goes to a terminal, not a pipe or file.
    package var isTTY: Bool
    /// Escape codes may be written (see `resolve` for the rules).
    package var useColour: Bool
    /// Width of the output in columns, always at least 1.
    package var columns: Int
    /// The locale's character encoding is UTF-8, so block elements and `…` can be shown.
    package var supportsUnicode: Bool
    /// The background the colours are chosen for.
    package var theme: TerminalTheme

    package init(
        isTTY: Bool, useColour: Bool, columns: Int, supportsUnicode: Bool, theme: TerminalTheme = .dark
    ) {
        self.isTTY = isTTY
        self.useColour = useColour
        self.columns = columns
        self.supportsUnicode = supportsUnicode
        self.theme = theme
    }

    /// Capabilities of file descriptor `fd` under `environment` (normally the process environment).
    ///
    /// Asks the kernel only whether `fd` is a terminal and how wide its window is; every other
    /// decision is `resolve`'s, which tests call directly.
    package static func detect(
        environment: [String: String],
        fd: Int32 = 1,
        forceNoColour: Bool = false
    ) -> TerminalCapabilities {
        let tty = isatty(fd) == 1
        return resolve(
            environment: environment,
            isTTY: tty,
            windowColumns: tty ? TerminalSize.query(fd: fd).map(\.columns) : nil,
            forceNoColour: forceNoColour
        )
    }

    /// The decision rules, free of system calls.
    ///
    /// - Colour: only on a TTY, and never with `forceNoColour` (a `--no-color` flag), with
    ///   `NO_COLOR` set to a non-empty value (no-color.org) or with `TERM=dumb`.
    /// - Columns: `windowColumns` (the window size), else a positive `COLUMNS`, else 80.
    /// - Unicode: the first non-empty of `LC_ALL`, `LC_CTYPE`, `LANG` (the POSIX precedence)
    ///   names UTF-8 (`UTF-8` or `utf8`, any case); an unset locale means "C", so ASCII.
    package static func resolve(
        environment: [String: String],
        isTTY: Bool,
        windowColumns: Int?,
        forceNoColour: Bool = false
    ) -> TerminalCapabilities {
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        let useColour = isTTY && !forceNoColour && !noColour && !dumb

        var columns = 80
        if let window = windowColumns, window > 0 {
            columns = window
        } else if let text = environment["COLUMNS"], let value = Int(text), value > 0 {
            columns = value
        }

        var supportsUnicode = false
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let lower = value.lowercased()
            supportsUnicode = lower.contains("utf-8") || lower.contains("utf8")
            break
        }

        return TerminalCapabilities(
            isTTY: isTTY,
            useColour: useColour,
            columns: columns,
            supportsUnicode: supportsUnicode,
            theme: TerminalTheme.resolve(environment: environment)
        )
    }
}
