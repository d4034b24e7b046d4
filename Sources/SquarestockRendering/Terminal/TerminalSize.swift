#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The window of a terminal, as the kernel reports it. The one place that asks (TIOCGWINSZ);
/// each caller keeps its own fallback for what the kernel does not say (`COLUMNS` or 80 columns
/// for the capabilities, `LINES` for a chart's height, 80 x 24 for watch).
package struct TerminalSize: Sendable, Equatable {
    /// Either may be 0: some pseudo-terminals do not know their size.
    package var columns: Int
    package var rows: Int

    /// The window of the terminal on `fd`; nil when `fd` is no terminal the kernel can size.
    package static func query(fd: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

extension TerminalCapabilities {
    /// Rows of the terminal on `fd`, from its window size, else a positive `LINES`; nil when
    /// neither knows (a pipe, a file).
    package static func rows(fd: Int32, environment: [String: String]) -> Int? {
        if isatty(fd) == 1, let size = TerminalSize.query(fd: fd), size.rows > 0 { return size.rows }
        if let text = environment["LINES"], let value = Int(text), value > 0 { return value }
        return nil
    }
}

extension ChartSize {
    /// The size a chart takes when not told: the whole width, and the height less
    /// `reservedRows` (the command line, the next prompt, the notes under the chart); without a
    /// known height, the standard 20 rows. Never below `minimum`.
    package static func fitting(columns: Int, rows: Int?, reservedRows: Int) -> ChartSize {
        let height = rows.map { $0 - reservedRows } ?? standard.height
        return ChartSize(width: max(columns, minimum.width), height: max(height, minimum.height))
    }
}
