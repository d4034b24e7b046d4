#!/usr/bin/env bash
# Benchmarks/ledger-write.sh: what one ledger write costs on a large book, against the same write
# on an empty book (the same-run peer: a write should cost what it touches, not the journal's
# length), and what an import of the large book costs, time and peak memory.
#
# Usage: Benchmarks/ledger-write.sh [ROWS]          (ROWS=1000000 by default, 400 symbols)
#        BIN=path/to/squarestock OLD_BIN=path/to/older/squarestock Benchmarks/ledger-write.sh
# BIN defaults to the release build README installs (.build/release/squarestock, built with
# --static-swift-stdlib). OLD_BIN, when given, is timed on a copy of the same large ledger.
# Needs GNU time (/usr/bin/time) for peak memory.
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
measure() { # label, data home, command...
    local label=$1 home=$2; shift 2
    XDG_DATA_HOME=$home /usr/bin/time -f "%e %M" -o "$WORK/t" "$@" > /dev/null 2> "$WORK/err" || { cat "$WORK/err"; exit 1; }
    read -r secs kib < "$WORK/t"
    printf '%s\t%s\t%s\n' "$label" "$secs" "$kib" >> "$WORK/runs.tsv"
}
: > "$WORK/runs.tsv"
measure import "$WORK/big" "$BIN" portfolio import "$csv" --yes
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
awk -F'\t' '
    { t[$1] = t[$1] " " $2; m[$1] = m[$1] " " $3; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
    function median(s,   a, n, i, j, x) {
        n = split(s, a, " ")
        for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]; a[j + 1] = x }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END {
        printf "| what | median s | peak MiB |\n|---|---|---|\n"
        for (i = 1; i <= k; i++) { l = order[i]; printf "| %s | %.3f | %.0f |\n", l, median(t[l]), median(m[l]) / 1024; med[l] = median(t[l]) }
        printf "\nlarge book vs empty book, same run: NEW %.2fx, S7 %.2fx\n", med["buy NEW, large book"] / med["buy NEW, empty book"], med["buy S7, large book"] / med["buy S7, empty book"]
        if ("buy S7, large book, OLD_BIN" in med) printf "OLD_BIN vs this build, S7 on the large book: %.0fx\n", med["buy S7, large book, OLD_BIN"] / med["buy S7, large book"]
    }' "$WORK/runs.tsv"
