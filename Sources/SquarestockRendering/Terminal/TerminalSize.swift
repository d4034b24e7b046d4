#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalCapabilities {
    /// Rows of the terminal on `fd`, from TIOCGWINSZ, else a positive `LINES`; nil when neither
    /// knows (a pipe, a file).
    public static func rows(fd: Int32, environment: [String: String]) -> Int? {
        var size = winsize()
        if isatty(fd) == 1, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        if let text = environment["LINES"], let value = Int(text), value > 0 { return value }
        return nil
    }
}

extension ChartSize {
    /// The size a chart takes when not told: the whole width, and the height less
    /// `reservedRows` (the command line, the next prompt, the notes under the chart); without a
    /// known height, the standard 20 rows. Never below `minimum`.
    public static func fitting(columns: Int, rows: Int?, reservedRows: Int) -> ChartSize {
        let height = rows.map { $0 - reservedRows } ?? standard.height
        return ChartSize(width: max(columns, minimum.width), height: max(height, minimum.height))
    }
}
