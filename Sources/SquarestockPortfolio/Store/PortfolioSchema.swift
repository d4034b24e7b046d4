import GRDB

/// The ledger's tables, as versioned migrations (never edited once shipped: a change is a new
/// migration). The journal refuses UPDATE and DELETE by trigger: corrections are entries.
enum PortfolioSchema {
    /// `PRAGMA application_id` of a squarestock ledger ("SQST"): a file without it that already
    /// holds tables is someone else's database and is never touched.
    static let applicationID: Int32 = 0x5351_5354

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    PRAGMA application_id = \(applicationID);
                    CREATE TABLE portfolio (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE,
                        method TEXT NOT NULL DEFAULT 'fifo' CHECK (method IN ('fifo', 'lifo', 'hifo', 'average'))
                    );
                    CREATE TABLE entry (
                        id INTEGER PRIMARY KEY,
                        portfolio_id INTEGER NOT NULL REFERENCES portfolio(id),
                        kind TEXT NOT NULL CHECK (kind IN ('buy', 'sell', 'dividend', 'split', 'deposit', 'withdraw', 'reversal')),
                        date TEXT NOT NULL,
                        symbol TEXT,
                        quantity TEXT,
                        price TEXT,
                        currency TEXT NOT NULL,
                        amount INTEGER NOT NULL DEFAULT 0,
                        fee INTEGER NOT NULL DEFAULT 0,
                        withheld INTEGER NOT NULL DEFAULT 0,
                        fx_rate TEXT,
                        split_numerator INTEGER,
                        split_denominator INTEGER,
                        lot INTEGER REFERENCES entry(id),
                        reverses INTEGER UNIQUE REFERENCES entry(id),
                        import_key TEXT,
                        note TEXT,
                        UNIQUE (portfolio_id, import_key)
                    );
                    CREATE INDEX entry_by_portfolio ON entry (portfolio_id, date, id);
                    CREATE TRIGGER entry_is_append_only_update BEFORE UPDATE ON entry
                        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                    CREATE TRIGGER entry_is_append_only_delete BEFORE DELETE ON entry
                        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                    CREATE TABLE price (
                        symbol TEXT PRIMARY KEY,
                        price TEXT NOT NULL,
                        currency TEXT NOT NULL,
                        change TEXT,
                        traded INTEGER,
                        fetched INTEGER NOT NULL,
                        source TEXT NOT NULL
                    );
                    """)
        }
        // What a write checks, kept so it costs what it touches: entries by symbol in the order
        // they apply (`JournalReplay`), and each currency's cash (`CashBalances`) with the last
        // entry id it includes (NULL: rebuilt from the journal at the next write).
        m.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    CREATE INDEX entry_by_symbol ON entry (portfolio_id, symbol, date, id);
                    ALTER TABLE portfolio ADD COLUMN cash_through INTEGER;
                    CREATE TABLE cash (
                        portfolio_id INTEGER NOT NULL REFERENCES portfolio(id),
                        currency TEXT NOT NULL,
                        minor INTEGER NOT NULL,
                        PRIMARY KEY (portfolio_id, currency)
                    ) WITHOUT ROWID;
                    """)
        }
        // The journal rebuilt so an import writes two B-trees a row besides the table, both keyed
        // by integers or short text: the import key is found by a 64-bit hash of its text
        // (`ImportKeyHash`; the text stays in the row and a match is confirmed against it, so two
        // keys sharing a hash are still two keys), not by a UNIQUE index over the whole row's
        // text; `reverses` is indexed only where it is set (one entry in thousands); and
        // `entry_by_portfolio` is gone: every read it served walks the table in id order or
        // starts from `entry_by_symbol`, whose first column is the portfolio. SQLite cannot change
        // a table's constraints in place, so the rows are copied into a new table in id order,
        // ids kept (lots and reversals name them), and the old one dropped.
        m.registerMigration("v3") { db in
            db.add(function: ImportKeyHash.sqlFunction)
            try db.execute(
                sql: """
                    CREATE TABLE entry_v3 (
                        id INTEGER PRIMARY KEY,
                        portfolio_id INTEGER NOT NULL REFERENCES portfolio(id),
                        kind TEXT NOT NULL CHECK (kind IN ('buy', 'sell', 'dividend', 'split', 'deposit', 'withdraw', 'reversal')),
                        date TEXT NOT NULL,
                        symbol TEXT,
                        quantity TEXT,
                        price TEXT,
                        currency TEXT NOT NULL,
                        amount INTEGER NOT NULL DEFAULT 0,
                        fee INTEGER NOT NULL DEFAULT 0,
                        withheld INTEGER NOT NULL DEFAULT 0,
                        fx_rate TEXT,
                        split_numerator INTEGER,
                        split_denominator INTEGER,
                        lot INTEGER REFERENCES entry(id),
                        reverses INTEGER REFERENCES entry(id),
                        import_key TEXT,
                        import_hash INTEGER,
                        note TEXT,
                        CHECK ((import_key IS NULL) = (import_hash IS NULL))
                    );
                    INSERT INTO entry_v3 (id, portfolio_id, kind, date, symbol, quantity, price, currency, amount,
                        fee, withheld, fx_rate, split_numerator, split_denominator, lot, reverses, import_key,
                        import_hash, note)
                    SELECT id, portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee, withheld,
                        fx_rate, split_numerator, split_denominator, lot, reverses, import_key,
                        \(ImportKeyHash.sqlName)(import_key), note
                    FROM entry ORDER BY id;
                    DROP TABLE entry;
                    ALTER TABLE entry_v3 RENAME TO entry;
                    CREATE INDEX entry_by_import ON entry (import_hash) WHERE import_hash IS NOT NULL;
                    CREATE INDEX entry_by_symbol ON entry (portfolio_id, symbol, date);
                    CREATE UNIQUE INDEX entry_reversing ON entry (reverses) WHERE reverses IS NOT NULL;
                    CREATE TRIGGER entry_is_append_only_update BEFORE UPDATE ON entry
                        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                    CREATE TRIGGER entry_is_append_only_delete BEFORE DELETE ON entry
                        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                    """)
            db.remove(function: ImportKeyHash.sqlFunction)
        }
        // Daily closes for the returns (`portfolio returns`): one row a symbol and day, the
        // close as its source sent it (`adjusted`: a history service's close, divided by the
        // splits up to `fetched`; a price typed or imported is as traded), and per symbol the
        // span of days its source has been asked for, so a refresh asks only for days outside it.
        // FX rates are closes of their pair (`EURUSD=X`).
        m.registerMigration("v4") { db in
            try db.execute(
                sql: """
                    CREATE TABLE daily_price (
                        symbol TEXT NOT NULL,
                        date TEXT NOT NULL,
                        close TEXT NOT NULL,
                        currency TEXT NOT NULL,
                        source TEXT NOT NULL,
                        fetched INTEGER NOT NULL,
                        adjusted INTEGER NOT NULL CHECK (adjusted IN (0, 1)),
                        PRIMARY KEY (symbol, date)
                    ) WITHOUT ROWID;
                    CREATE TABLE daily_price_span (
                        symbol TEXT PRIMARY KEY,
                        first TEXT NOT NULL,
                        through TEXT NOT NULL,
                        fetched INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        // Kinds for what brokers' and exchanges' records hold besides trades (`EntryKind`):
        // interest, a fee charged on its own, and the legs of a currency conversion. The CHECK
        // on `kind` cannot change in place, so the journal is copied as in v3, ids kept.
        m.registerMigration("v5") { db in
            try db.execute(
                sql: """
                    CREATE TABLE entry_v5 (
                        id INTEGER PRIMARY KEY,
                        portfolio_id INTEGER NOT NULL REFERENCES portfolio(id),
                        kind TEXT NOT NULL CHECK (kind IN ('buy', 'sell', 'dividend', 'split', 'deposit', 'withdraw',
                            'reversal', 'interest', 'fee', 'exchange')),
                        date TEXT NOT NULL,
                        symbol TEXT,
                        quantity TEXT,
                        price TEXT,
                        currency TEXT NOT NULL,
                        amount INTEGER NOT NULL DEFAULT 0,
                        fee INTEGER NOT NULL DEFAULT 0,
                        withheld INTEGER NOT NULL DEFAULT 0,
                        fx_rate TEXT,
                        split_numerator INTEGER,
                        split_denominator INTEGER,
                        lot INTEGER REFERENCES entry(id),
                        reverses INTEGER REFERENCES entry(id),
                        import_key TEXT,
                        import_hash INTEGER,
                        note TEXT,
                        CHECK ((import_key IS NULL) = (import_hash IS NULL))
                    );
                    INSERT INTO entry_v5 (id, portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee, withheld, fx_rate,
                        split_numerator, split_denominator, lot, reverses, import_key, import_hash, note)
                    SELECT id, portfolio_id, kind, date, symbol, quantity, price, currency, amount, fee, withheld, fx_rate,
                        split_numerator, split_denominator, lot, reverses, import_key, import_hash, note
                    FROM entry ORDER BY id;
                    DROP TABLE entry;
                    ALTER TABLE entry_v5 RENAME TO entry;
                    CREATE INDEX entry_by_import ON entry (import_hash) WHERE import_hash IS NOT NULL;
                    CREATE INDEX entry_by_symbol ON entry (portfolio_id, symbol, date);
                    CREATE UNIQUE INDEX entry_reversing ON entry (reverses) WHERE reverses IS NOT NULL;
                    CREATE TRIGGER entry_is_append_only_update BEFORE UPDATE ON entry
                        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                    CREATE TRIGGER entry_is_append_only_delete BEFORE DELETE ON entry
                        BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
                    """)
        }
        // The base currency each recorded FX rate is into (`JournalEntry.fxBase`). A column added
        // in place: the triggers forbid changing rows, not the table.
        m.registerMigration("v6") { db in
            try db.execute(sql: "ALTER TABLE entry ADD COLUMN fx_base TEXT")
        }
        return m
    }
}
