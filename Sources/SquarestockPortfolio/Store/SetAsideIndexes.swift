import GRDB

/// The journal's two indexes a large write would otherwise update row by row
/// (`entry_by_import`, keyed by a hash that lands anywhere, and `entry_by_symbol`), dropped at
/// the write's start and built again before its check reads them. SQLite builds an index over
/// rows already written by sorting them, for about a third of what inserting into it row by row
/// costs (measured on 200,000 rows: BENCHMARKS.md), so this pays when the write brings at least
/// as many rows as the file holds; `JournalWriter` decides. Both steps happen inside the write's
/// one transaction: a write killed, refused or rolled back (a preview) leaves the file with its
/// indexes as they were. Each index comes back from its own definition as `sqlite_master` keeps
/// it, so it is the index the migrations made, whatever they made.
struct SetAsideIndexes {
    static let names = ["entry_by_import", "entry_by_symbol"]

    /// Each index's name and `CREATE INDEX` text, in the order they are built again.
    private let definitions: [(name: String, sql: String)]

    /// Drops the indexes (those of `names` the file has), keeping their definitions.
    init(_ db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'entry' AND sql IS NOT NULL")
        definitions = Self.names.compactMap { name in
            rows.first { $0["name"] == name }.map { (name, $0["sql"]) }
        }
        for index in definitions { try db.execute(sql: "DROP INDEX \(index.name)") }
    }

    /// Builds the indexes again.
    func restore(_ db: Database) throws {
        for index in definitions { try db.execute(sql: index.sql) }
    }
}
