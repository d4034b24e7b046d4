#!/usr/bin/env bash
# Benchmarks/returns.sh: `portfolio returns` over YEARS years of daily closes for HOLDINGS
# holdings (whole process, closes read from the ledger, --offline), against the same computation
# in pandas (reading the same closes and trades from CSV, imports excluded), alternated RUNS times.
# Both print the time-weighted return; the script checks they agree to 1e-9.
#
# Usage: Benchmarks/returns.sh [HOLDINGS] [YEARS]      (500 and 10 by default)
#        BIN=path/to/squarestock Benchmarks/returns.sh
# BIN defaults to the release build README installs (.build/release/squarestock, built with
# --static-swift-stdlib). Needs python3 with pandas and numpy, and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
HOLDINGS=${1:-500}
YEARS=${2:-10}
RUNS=${RUNS:-5}
BIN=${BIN:-$PWD/.build/release/squarestock}
WORK=${WORK:-/tmp/squarestock-returns-bench}
[[ -x $BIN ]] || { echo "build first: swift build -c release --product squarestock --static-swift-stdlib" >&2; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK"
export HOME=$WORK NO_COLOR=1 XDG_DATA_HOME=$WORK/data XDG_CACHE_HOME=$WORK/cache XDG_STATE_HOME=$WORK/state
python3 Benchmarks/returns/gen_book.py "$WORK/book" "$HOLDINGS" "$YEARS"
echo "book: $(($(wc -l < "$WORK/book/trades.csv") - 1)) entries, $(($(wc -l < "$WORK/book/closes.csv") - 1)) closes"
"$BIN" portfolio import "$WORK/book/trades.csv" --yes > /dev/null
"$BIN" portfolio price --import "$WORK/book/closes.csv" > /dev/null
last=$(tail -1 "$WORK/book/closes.csv" | cut -d, -f2)
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
: > "$WORK/runs.tsv"
for ((i = 0; i < RUNS; i++)); do
    /usr/bin/time -f "%e %M %U %S" -o "$WORK/t" "$BIN" portfolio returns --offline --to "$last" --format csv > "$WORK/ours.csv"
    read -r secs kib user sys < "$WORK/t"
    echo -e "squarestock\t$secs\t$kib\t$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" >> "$WORK/runs.tsv"
    /usr/bin/time -f "%e %M %U %S" -o "$WORK/t" python3 Benchmarks/returns/returns_peer.py "$WORK/book" > "$WORK/peer.txt"
    read -r secs kib user sys < "$WORK/t"
    compute=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' "$WORK/peer.txt")
    echo -e "pandas (whole process)\t$secs\t$kib\t$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" >> "$WORK/runs.tsv"
    echo -e "pandas (read + compute)\t$compute\t\t" >> "$WORK/runs.tsv"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
ours=$(awk -F, 'NR == 2 { print $9 }' "$WORK/ours.csv")
theirs=$(sed -E 's/.*twr=([-0-9.]+).*/\1/' "$WORK/peer.txt")
echo "time-weighted return: squarestock $ours, pandas $theirs"
awk -v a="$ours" -v b="$theirs" 'BEGIN { d = a - b; if (d < 0) d = -d; if (d > 1e-9) { print "MISMATCH"; exit 1 } }'
echo
echo "| what | median wall s | median peak MiB | median CPU s |"
echo "|---|---:|---:|---:|"
for label in "squarestock" "pandas (whole process)" "pandas (read + compute)"; do
    awk -F'\t' -v l="$label" '$1 == l { print $2 "\t" $3 "\t" $4 }' "$WORK/runs.tsv" | sort -n | awk -F'\t' -v l="$label" '
        { w[NR] = $1; m[NR] = $2; c[NR] = $3 } END {
            mid = int((NR + 1) / 2)
            printf "| %s | %.3f | %s | %s |\n", l, w[mid], (m[mid] == "" ? "" : sprintf("%.0f", m[mid] / 1024)), c[mid]
        }'
done
