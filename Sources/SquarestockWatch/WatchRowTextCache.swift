/// The cells a `WatchTableRenderer` made from each row's values (price, change, range, status),
/// kept with the row's `WatchEntry.revision`: the watch loop draws a frame every second for the
/// ages and the countdown, and with 500 rows formatting every price again each time cost about
/// 1 % of a core between refreshes. A row's cells are made again when its revision moves.
///
/// One per screen, beside the renderer that fills it (the cells depend on its style and
/// holdings); it holds one row per watched symbol, so it stays as large as the list.
package final class WatchRowTextCache {
    struct Row {
        var revision: Int
        var cells: [WatchTableRenderer.Column: WatchTableRenderer.Cell]
    }

    private var rows: [String: Row] = [:]
    /// How many rows were made rather than found kept: a test's measure of the work a frame did.
    package private(set) var made = 0

    package init() {}

    /// The cells kept for `entry` at its revision, or those `make` returns, then kept.
    func cells(
        for entry: WatchEntry, make: (WatchEntry) -> [WatchTableRenderer.Column: WatchTableRenderer.Cell]
    ) -> [WatchTableRenderer.Column: WatchTableRenderer.Cell] {
        if let row = rows[entry.symbol], row.revision == entry.revision { return row.cells }
        let cells = make(entry)
        rows[entry.symbol] = Row(revision: entry.revision, cells: cells)
        made += 1
        return cells
    }
}
