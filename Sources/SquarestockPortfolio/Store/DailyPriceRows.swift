import GRDB
import GRDBSQLite
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// The `daily_price` rows of one symbol read straight from SQLite's statement, as `JournalRows`
/// reads entries: returns over ten years of 500 holdings read 1.3 million closes, and GRDB's
/// `Row` with a `String` for every column cost more than the returns themselves. The date and
/// the close are parsed from the column's bytes; the currency and source, the same on nearly
/// every row, are made into strings only when they change.
enum DailyPriceRows {
    static let sql =
        "SELECT date, close, currency, source, fetched, adjusted FROM daily_price WHERE symbol = ? ORDER BY date"

    /// Hands each of `symbol`'s closes to `body`, oldest first; a row it cannot read is skipped.
    static func each(
        _ db: Database, symbol: String,
        _ body: (
            _ day: Int64, _ close: ExactDecimal, _ currency: String, _ source: String, _ fetched: Int64,
            _ adjusted: Bool
        ) -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments([symbol])
        let s = statement.sqliteStatement
        defer { sqlite3_reset(s) }
        var currency = Remembered()
        var source = Remembered()
        while true {
            switch sqlite3_step(s) {
            case SQLITE_ROW:
                guard let date = JournalRows.bytes(s, 0).flatMap(DateTimeParsing.isoDate),
                    let close = JournalRows.bytes(s, 1).flatMap(ExactDecimal.parse),
                    let c = JournalRows.bytes(s, 2).map({ currency.string($0) }),
                    let src = JournalRows.bytes(s, 3).map({ source.string($0) })
                else { continue }
                body(date.daysSinceEpoch, close, c, src, sqlite3_column_int64(s, 4), sqlite3_column_int64(s, 5) != 0)
            case SQLITE_DONE: return
            case let code: throw JournalRows.failure(db, code, sql: sql)
            }
        }
    }

    /// The last text a column held, as a string, made again only when the bytes differ.
    struct Remembered {
        var bytes: [UInt8] = []
        var text = ""

        mutating func string(_ b: UnsafeRawBufferPointer) -> String {
            let same =
                b.count == bytes.count
                && bytes.withUnsafeBytes { old in b.count == 0 || memcmp(old.baseAddress!, b.baseAddress!, b.count) == 0
                }
            if same { return text }
            bytes = Array(b)
            text = String(decoding: b, as: UTF8.self)
            return text
        }
    }
}
