#!/usr/bin/env bash
# Benchmarks/ledger-floor.sh: the product's import of a date-ordered book of ROWS rows against
# SQLite's own cost of writing those rows (Benchmarks/peers/sqlite_import_floor.c: the rows
# already parsed in memory, the same schema, statements and transaction shape as the writer's),
# alternating, ROUNDS rounds, in one run: how far the import is above the floor under it.
#
# Usage: Benchmarks/ledger-floor.sh [ROWS] [ROUNDS]   (200000 rows, 6 rounds by default)
#        BIN=path/to/squarestock PAGE_SIZE=16384 Benchmarks/ledger-floor.sh
# BIN defaults to the release build README installs; PAGE_SIZE gives the floor another page size
# (the product's ledgers have SQLite's default, 4096). Needs cc, libsqlite3-dev, GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-200000}
ROUNDS=${2:-6}
BIN=${BIN:-$PWD/.build/release/squarestock}
WORK=${WORK:-/tmp/squarestock-ledger-floor}
[[ -x $BIN ]] || { echo "build first: swift build -c release --product squarestock --static-swift-stdlib" >&2; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK"
export NO_COLOR=1 SQUARESTOCK_NOW=2026-11-26T12:00:00Z
cc -O2 -o "$WORK/floor" Benchmarks/peers/sqlite_import_floor.c -lsqlite3
# The rows of Benchmarks/ledger-write.sh, sorted by date (the order an export has).
awk -v n="$ROWS" 'BEGIN {
    for (i = 0; i < n; i++) {
        d = int(i * 3650 / n); y = 2014 + int(d / 365); m = 1 + int((d % 365) / 31); day = 1 + (d % 28)
        printf "%04d-%02d-%02d,buy,S%d,%d,%d.25,USD,r%d\n", y, m, day, i % 400, 1 + i % 97, 1 + i % 500, i
    }
}' | sort -s -t, -k1,1 | { echo "date,kind,symbol,quantity,price,currency,note"; cat; } > "$WORK/book.csv"
import() { # data folder
    rm -rf "$1" && mkdir -p "$1"
    HOME=$1 XDG_DATA_HOME=$1 /usr/bin/time -f "%e" -o "$WORK/t" "$BIN" portfolio import "$WORK/book.csv" --yes \
        > /dev/null 2>&1
    cat "$WORK/t"
}
import "$WORK/ref" > /dev/null
ref=$WORK/ref/squarestock/portfolio.sqlite
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'round\tproduct_s\tfloor_s\tratio\n'
for r in $(seq 1 "$ROUNDS"); do
    product=$(import "$WORK/run")
    floor=$("$WORK/floor" "$ref" "$WORK/floor.sqlite" ${PAGE_SIZE:-} | sed -E 's/.*total ([0-9.]+) s.*/\1/')
    printf '%s\t%s\t%s\t%s\n' "$r" "$product" "$floor" "$(awk -v a="$product" -v b="$floor" 'BEGIN { printf "%.2f", a / b }')"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
