#!/usr/bin/env bash
# Fuzz every byte parser with libFuzzer + AddressSanitizer.
#
#   Fuzz/run.sh [--runs N] [--jobs J] [SECONDS_PER_TARGET] [TARGET...]
#
#   SECONDS_PER_TARGET  time limit of each target (default 60)
#   --runs N            stop a target after N executions (the time limit still applies)
#   --jobs J            fuzz J targets at a time (default 1; one core each)
#   --deadline TIME     no target runs past TIME (anything `date -d` reads, e.g. "06:45"):
#                       later targets get what time is left, and none starts in the last minute
#   --debug             build without optimisation (CI's smoke run: under 3 minutes to build here;
#                       a campaign wants the release build's speed)
#
# Builds `squarestock-fuzz` in .build-fuzz, seeds each target's corpus from Tests/Fixtures and
# Fuzz/seeds/<target>/ (inputs cut from the recordings for targets that read part of a response),
# runs it, and keeps crashing inputs in Fuzz/crashes/<target>/ (add each one to
# Tests/Fixtures/fuzz-regressions/<target>/ once fixed: the test suite replays them).
# A summary line per target goes to Fuzz/logs/summary.tsv:
#   target, executions, seconds used, largest input (max_len), result, date, build commit.
# Exits non-zero when any target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
all=(csv numbers dates json body websocket-frames stooq-quote stooq-bars yahoo-csv yahoo-chart history-csv directory search-query yahoo-chart-history yahoo-quote yahoo-search yahoo-autoc av-quote av-intraday av-search manifest config cookies html-form snapshot watch-input quote-render yahoo-session crumb header-lines directory-search watch-render fx-convert kraken-assetpairs kraken-ticker kraken-depth kraken-trades kraken-ohlc kraken-status coinbase-products coinbase-ticker coinbase-book coinbase-trades coinbase-candles tradeogre-markets tradeogre-book tradeogre-history pair-cache kraken-account coinbase-account tradeogre-account coinbase-stream yahoo-stream kraken-book kraken-stream tradernet-stream)
runs=0
jobs=1
seconds=60
deadline=0
config=release
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --deadline) deadline=$(date -d "$2" +%s); shift 2 ;;
        --debug) config=debug; shift ;;
        [0-9]*) seconds="$1"; shift ;;
        *) if [[ " ${all[*]} " == *" $1 "* ]]; then targets+=("$1"); shift
           else echo "unknown target '$1'; targets: ${all[*]}" >&2; exit 2; fi ;;
    esac
done
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

swift build -c "$config" --scratch-path .build-fuzz --product squarestock-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >&2
# The commit the targets were built from (+local when Sources had uncommitted changes).
build=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || build="$build+local"
# Fuzz a copy, so a rebuild during a long campaign cannot pull the binary from under it.
bin=.build-fuzz/run-$$/squarestock-fuzz
mkdir -p "$(dirname "$bin")"
cp ".build-fuzz/$config/squarestock-fuzz" "$bin"
mkdir -p Fuzz/logs Fuzz/crashes

seed() {  # target -> fixture globs that make good seeds
    case "$1" in
        csv|stooq-quote|stooq-bars) echo "Tests/Fixtures/stooq/* Tests/Fixtures/yahoo-csv/* Tests/Fixtures/alphavantage/*.csv" ;;
        yahoo-csv) echo "Tests/Fixtures/yahoo-csv/*" ;;
        json|yahoo-chart|yahoo-quote|yahoo-search) echo "Tests/Fixtures/yahoo-json/*.json Tests/Fixtures/yahoo-json/quote/*" ;;
        yahoo-chart-history) echo "Tests/Fixtures/yahoo-json/*.json Tests/Fixtures/history/yahoo-json/*.json" ;;
        yahoo-autoc) echo "Tests/Fixtures/yahoo-autoc/*" ;;
        av-quote|av-intraday|av-search) echo "Tests/Fixtures/alphavantage/*" ;;
        body) echo "Tests/Fixtures/errors/*" ;;
        manifest) echo "samples/manifest.tsv" ;;
        crumb) echo "Tests/Fixtures/yahoo-json/session/extracted__getcrumb_body_2025-02-16.txt Tests/Fixtures/errors/*" ;;
        kraken-account) echo "Tests/Fixtures/kraken-private/*.json" ;;
        kraken-book|kraken-stream) echo "Tests/Fixtures/kraken-stream/*.json" ;;
        tradernet-stream) echo "Tests/Fixtures/tradernet/*.json" ;;
        kraken-*) echo "Tests/Fixtures/kraken/*/*.json" ;;
        coinbase-account) echo "" ;;
        coinbase-stream) echo "Tests/Fixtures/coinbase/ws-exchange/*.json" ;;
        yahoo-stream) echo "" ;;
        coinbase-*) echo "Tests/Fixtures/coinbase/rest-exchange/*.json Tests/Fixtures/coinbase/rest-exchange/error-bodies/*" ;;
        tradeogre-*) echo "Tests/Fixtures/tradeogre/*.json" ;;
        *) echo "" ;;
    esac
}

# Largest input per target. The parsers work line by line or value by value, so a few KB (dozens
# of rows, nested JSON) reaches every state they have; line formats get 1-2 KB so that each run is
# cheap enough for ten million of them; the search target fuzzes queries, not directories.
max_len() {
    case "$1" in
        search-query) echo 128 ;;
        config|cookies|watch-input|crumb|header-lines) echo 1024 ;;
        history-csv|directory|directory-search|manifest|yahoo-session) echo 2048 ;;
        *) echo 4096 ;;
    esac
}

fuzz_one() {
    local t=$1 corpus=.build-fuzz/corpus/$1 log=Fuzz/logs/$1.log
    mkdir -p "$corpus" "Fuzz/crashes/$t"
    for f in $(seed "$t") Fuzz/seeds/"$t"/*; do [ -f "$f" ] && cp "$f" "$corpus/" 2>/dev/null || true; done
    case "$t" in
        numbers) printf '+1.53%%' > "$corpus/n1"; printf '38.88B' > "$corpus/n2"; printf '1,234.5' > "$corpus/n3"; printf '1e-3' > "$corpus/n4" ;;
        dates) printf '11/4/2016' > "$corpus/d1"; printf '4:00pm' > "$corpus/d2"; printf '2020-03-23 17:49:23' > "$corpus/d3"; printf '20200323' > "$corpus/d4" ;;
        config) printf 'source = yahoo\nstooq_api_key = x\n' > "$corpus/c1" ;;
        pair-cache) printf 'squarestock-pairs 1\tkraken\to\t1790000000\nBTC\tUSD\tXBTUSD\tXXBTZUSD\tonline\t1\t0.1\t0.00000001\t0.0001\t0.5\n' > "$corpus/p1" ;;
        directory|directory-search) head -c 3000 data/symbols/nasdaqlisted.txt > "$corpus/n"; tail -c 1000 data/symbols/nasdaqlisted.txt >> "$corpus/n"; head -c 4000 data/symbols/otherlisted.txt > "$corpus/o" ;;
        search-query) printf 'aple' > "$corpus/q1"; printf 'berkshire b' > "$corpus/q2"; printf 'alphabet class a' > "$corpus/q3" ;;
        quote-render|watch-render|fx-convert)  # first byte: decoder (0 Yahoo chart, 1 Yahoo quote, 2 Stooq, 3 Yahoo CSV)
            local i=0
            for pair in "0:Tests/Fixtures/yahoo-json/*.json" "1:Tests/Fixtures/yahoo-json/quote/*" "2:Tests/Fixtures/stooq/*" "3:Tests/Fixtures/yahoo-csv/*"; do
                for f in ${pair#*:}; do
                    [ -f "$f" ] || continue
                    { printf "\\x0${pair%%:*}"; head -c 4000 "$f"; } > "$corpus/seed-$i"
                    i=$((i + 1))
                done
            done ;;
        history-csv)  # first byte: layout (0 Stooq, 1 Yahoo table, 2 Yahoo download, 3 Alpha Vantage)
            local i=0
            for f in Tests/Fixtures/history/stooq/SYNTHETIC* Tests/Fixtures/history/yahoo-csv/* Tests/Fixtures/history/alphavantage/*.csv; do
                [ -f "$f" ] || continue
                for sel in 0 1 2 3; do { printf "\\x0$sel"; head -c 4000 "$f"; } > "$corpus/seed-$i-$sel"; done
                i=$((i + 1))
            done ;;
    esac
    local limit=$seconds
    if [ "$deadline" -gt 0 ]; then
        local left=$((deadline - $(date +%s)))
        if [ "$left" -lt 60 ]; then
            printf '%s\t0\t0\t%s\tnot run (deadline)\t%s\t%s\n' "$t" "$(max_len "$t")" "$(date -u +%F)" "$build" | tee -a Fuzz/logs/summary.tsv
            return 0
        fi
        [ "$left" -lt "$limit" ] && limit=$left
    fi
    local start=$SECONDS rc=0
    SQUARESTOCK_FUZZ_TARGET=$t "$bin" -max_total_time="$limit" -runs="$([ "$runs" -gt 0 ] && echo "$runs" || echo -1)" \
        -max_len="$(max_len "$t")" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="Fuzz/crashes/$t/" "$corpus" > "$log" 2>&1 || rc=$?
    local used=$((SECONDS - start))
    local done_runs
    done_runs=$( (grep -o 'Done [0-9]* runs' "$log" || true) | tail -1 | awk '{print $2}')
    local result
    result=$([ $rc -eq 0 ] && echo "no crash" || echo "CRASH (exit $rc, see $log)")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "${done_runs:-?}" "$used" "$(max_len "$t")" "$result" "$(date -u +%F)" "$build" \
        | tee -a Fuzz/logs/summary.tsv
    [ $rc -eq 0 ]
}

crash_list=$(mktemp)
trap 'rm -rf "$crash_list" "$(dirname "$bin")"' EXIT
for t in "${targets[@]}"; do
    # Start the next target as soon as one ends (`wait -n`) rather than at the next one-second
    # poll, which left a slot idle for half a second on average: CI's 3-second smoke run of every
    # target, two at a time, took 142 s so and takes 126 s (built, same load).
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    { fuzz_one "$t" || echo "$t" >> "$crash_list"; } &
done
wait
if [ -s "$crash_list" ]; then
    echo "crashed: $(tr '\n' ' ' < "$crash_list")" >&2
    exit 1
fi
