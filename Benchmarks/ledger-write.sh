#!/usr/bin/env bash
# Benchmarks/ledger-write.sh: what an import of a large book costs (time, CPU, peak memory,
# rows/s), against the sqlite3 shell loading the same rows into the same tables in one
# transaction (the same-run peer: SQLite's own cost of these inserts, no CSV checks, no replay);
# then what one ledger write costs on that book, against the same write on an empty book (a write
# should cost what it touches, not the journal's length).
#
# Usage: Benchmarks/ledger-write.sh [ROWS]          (ROWS=1000000 by default, 400 symbols)
#        BIN=path/to/squarestock OLD_BIN=path/to/older/squarestock Benchmarks/ledger-write.sh
# BIN defaults to the release build README installs (.build/release/squarestock, built with
# --static-swift-stdlib). OLD_BIN, when given, imports the same file into its own ledger and is
# timed on a copy of the large ledger. RUNS=0 times the imports alone.
# Needs GNU time (/usr/bin/time) for peak memory and CPU, and sqlite3 for the peer.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-1000000}
RUNS=${RUNS:-7}
BIN=${BIN:-$PWD/.build/release/squarestock}
WORK=${WORK:-/tmp/squarestock-ledger-bench}
[[ -x $BIN ]] || { echo "build first: swift build -c release --product squarestock --static-swift-stdlib" >&2; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK"
export HOME=$WORK NO_COLOR=1 SQUARESTOCK_NOW=2026-11-26T12:00:00Z
csv=$WORK/book.csv
# Seeded rows: dates rising over 10 years, 400 symbols, a note each.
awk -v n="$ROWS" 'BEGIN {
    print "date,kind,symbol,quantity,price,currency,note"
    for (i = 0; i < n; i++) {
        d = int(i * 3650 / n); y = 2014 + int(d / 365); m = 1 + int((d % 365) / 31); day = 1 + (d % 28)
        printf "%04d-%02d-%02d,buy,S%d,%d,%d.25,USD,r%d\n", y, m, day, i % 400, 1 + i % 97, 1 + i % 500, i
    }
}' > "$csv"
echo "book: $ROWS rows, $(du -m "$csv" | cut -f1) MB of CSV"
measure() { # label, data home, command... (standard input from $STDIN, or none)
    local label=$1 home=$2; shift 2
    XDG_DATA_HOME=$home /usr/bin/time -f "%e %M %U %S" -o "$WORK/t" "$@" < "${STDIN:-/dev/null}" > /dev/null 2> "$WORK/err" || { cat "$WORK/err"; exit 1; }
    read -r secs kib user sys < "$WORK/t"
    printf '%s\t%s\t%s\t%s\n' "$label" "$secs" "$kib" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" >> "$WORK/runs.tsv"
}
: > "$WORK/runs.tsv"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure import "$WORK/big" "$BIN" portfolio import "$csv" --yes
# The peer: the ledger's own tables (the schema a build made, read from its ledger), the rows
# loaded by the sqlite3 shell's .import and inserted with their import keys and amounts, in one
# transaction. Under v2 a UNIQUE index over each key's text skips the keys held already; under v3
# (the key found by its 64-bit hash) the shell cannot compute squarestock's hash, so it stores
# random() in its place (the same B-tree work: keys spread over 64 bits) and skips no key.
peer() { # label, ledger whose schema the peer uses
    local label=$1 ledger=$2 hash="" hashed="" conflict="ON CONFLICT (portfolio_id, import_key) DO NOTHING"
    sqlite3 "$ledger" .schema | grep -v grdb_migrations > "$WORK/schema.sql"
    if grep -q import_hash "$WORK/schema.sql"; then hash=", import_hash" hashed=", random()" conflict=""; fi
    rm -f "$WORK/peer.sqlite"*
    cat > "$WORK/peer.sql" <<SQL
PRAGMA journal_mode = WAL;
PRAGMA foreign_keys = ON;
PRAGMA cache_size = -16384;
.read $WORK/schema.sql
INSERT INTO portfolio (id, name) VALUES (1, 'main');
BEGIN IMMEDIATE;
CREATE TEMP TABLE raw (date TEXT, kind TEXT, symbol TEXT, quantity TEXT, price TEXT, currency TEXT, note TEXT);
.import --csv --skip 1 $csv raw
INSERT INTO entry (portfolio_id, kind, date, symbol, quantity, price, currency, amount, import_key$hash, note)
    SELECT 1, kind, date, symbol, quantity, price, currency, CAST(round(quantity * price * 100) AS INTEGER),
        '0|' || date || ',' || kind || ',' || symbol || ',' || quantity || ',' || price || ',' || currency || ',' || note$hashed,
        note
    FROM raw ORDER BY rowid
    $conflict;
COMMIT;
SQL
    STDIN=$WORK/peer.sql measure "$label" "$WORK" sqlite3 "$WORK/peer.sqlite"
}
peer "import, sqlite3 .import peer" "$WORK/big/squarestock/portfolio.sqlite"
if [[ -n ${OLD_BIN:-} ]]; then
    measure "import, OLD_BIN" "$WORK/old-import" "$OLD_BIN" portfolio import "$csv" --yes
    peer "import, sqlite3 .import peer, OLD_BIN schema" "$WORK/old-import/squarestock/portfolio.sqlite"
fi
"$BIN" --version > /dev/null
XDG_DATA_HOME=$WORK/empty "$BIN" portfolio deposit 1 USD --date 2024-01-01 > /dev/null
if [[ -n ${OLD_BIN:-} ]]; then cp -r "$WORK/big" "$WORK/old"; fi
# S7 has ROWS/400 entries in the large book, which the write replays; NEW has none.
for ((r = 0; r < RUNS; r++)); do
    measure "buy S7, empty book" "$WORK/empty" "$BIN" portfolio buy S7 1 --price 1 --date 2024-01-02
    measure "buy S7, large book" "$WORK/big" "$BIN" portfolio buy S7 1 --price 1 --date 2024-01-02
    measure "buy NEW, empty book" "$WORK/empty" "$BIN" portfolio buy NEW 1 --price 1 --date 2024-01-02
    measure "buy NEW, large book" "$WORK/big" "$BIN" portfolio buy NEW 1 --price 1 --date 2024-01-02
    if [[ -n ${OLD_BIN:-} ]]; then
        measure "buy S7, large book, OLD_BIN" "$WORK/old" "$OLD_BIN" portfolio buy S7 1 --price 1 --date 2024-01-02
    fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -F'\t' -v rows="$ROWS" '
    { t[$1] = t[$1] " " $2; m[$1] = m[$1] " " $3; c[$1] = c[$1] " " $4; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
    function median(s,   a, n, i, j, x) {
        n = split(s, a, " ")
        for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]; a[j + 1] = x }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END {
        printf "| what | median s | CPU s (user + sys) | peak MiB |\n|---|---|---|---|\n"
        for (i = 1; i <= k; i++) { l = order[i]; printf "| %s | %.3f | %.2f | %.0f |\n", l, median(t[l]), median(c[l]), median(m[l]) / 1024; med[l] = median(t[l]); cpu[l] = median(c[l]) }
        printf "\n"
        for (i = 1; i <= k; i++) if (order[i] ~ /^import/) printf "%s: %.0f rows/s, %.0f rows per CPU second\n", order[i], rows / med[order[i]], rows / cpu[order[i]]
        printf "import vs the sqlite3 peer, same run: %.2fx the time, %.2fx the CPU\n", med["import"] / med["import, sqlite3 .import peer"], cpu["import"] / cpu["import, sqlite3 .import peer"]
        if ("import, OLD_BIN" in med) printf "OLD_BIN vs this build, import: %.2fx the time, %.2fx the CPU\n", med["import, OLD_BIN"] / med["import"], cpu["import, OLD_BIN"] / cpu["import"]
        p = "import, sqlite3 .import peer, OLD_BIN schema"
        if (p in med) printf "OLD_BIN vs the sqlite3 peer on its schema, same run: %.2fx the time, %.2fx the CPU\n", med["import, OLD_BIN"] / med[p], cpu["import, OLD_BIN"] / cpu[p]
        if (!("buy NEW, empty book" in med)) exit
        printf "\nlarge book vs empty book, same run: NEW %.2fx, S7 %.2fx\n", med["buy NEW, large book"] / med["buy NEW, empty book"], med["buy S7, large book"] / med["buy S7, empty book"]
        if ("buy S7, large book, OLD_BIN" in med) printf "OLD_BIN vs this build, S7 on the large book: %.0fx\n", med["buy S7, large book, OLD_BIN"] / med["buy S7, large book"]
    }' "$WORK/runs.tsv"
