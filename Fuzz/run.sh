#!/usr/bin/env bash
# Fuzz every byte parser with libFuzzer + AddressSanitizer.
#
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (default 60 s, all targets)
#
# Builds `squarestock-fuzz` in .build-fuzz, seeds each target's corpus from Tests/Fixtures,
# runs it, and keeps crashing inputs in Fuzz/crashes/<target>/ (add each one to
# Tests/Fixtures/fuzz-regressions/<target>/ once fixed: the test suite replays them).
# A summary line per target goes to Fuzz/logs/summary.tsv: target, runs, seconds, result.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
all=(csv numbers dates json body stooq-quote stooq-bars yahoo-csv yahoo-chart history-csv directory search-query yahoo-chart-history yahoo-quote yahoo-search yahoo-autoc av-quote av-intraday av-search manifest config)
targets=("${@:-${all[@]}}")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

swift build -c release --scratch-path .build-fuzz --product squarestock-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >&2
bin=.build-fuzz/release/squarestock-fuzz
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
        history-csv) echo "Tests/Fixtures/history/stooq/SYNTHETIC* Tests/Fixtures/history/yahoo-csv/* Tests/Fixtures/history/alphavantage/*.csv" ;;
        directory) echo "" ;;
        manifest) echo "samples/manifest.tsv" ;;
        *) echo "" ;;
    esac
}

crashed=0
for t in "${targets[@]}"; do
    corpus=.build-fuzz/corpus/$t
    mkdir -p "$corpus" "Fuzz/crashes/$t"
    for f in $(seed "$t"); do [ -f "$f" ] && cp "$f" "$corpus/" 2>/dev/null || true; done
    case "$t" in
        numbers) printf '+1.53%%' > "$corpus/n1"; printf '38.88B' > "$corpus/n2"; printf '1,234.5' > "$corpus/n3"; printf '1e-3' > "$corpus/n4" ;;
        dates) printf '11/4/2016' > "$corpus/d1"; printf '4:00pm' > "$corpus/d2"; printf '2020-03-23 17:49:23' > "$corpus/d3"; printf '20200323' > "$corpus/d4" ;;
        config) printf 'source = yahoo\nstooq_api_key = x\n' > "$corpus/c1" ;;
        directory) head -c 20000 data/symbols/nasdaqlisted.txt > "$corpus/n"; tail -c 3000 data/symbols/nasdaqlisted.txt >> "$corpus/n"; head -c 20000 data/symbols/otherlisted.txt > "$corpus/o" ;;
        search-query) printf 'aple' > "$corpus/q1"; printf 'berkshire b' > "$corpus/q2"; printf 'alphabet class a' > "$corpus/q3" ;;
    esac
    log=Fuzz/logs/$t.log
    set +e
    SQUARESTOCK_FUZZ_TARGET=$t "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="Fuzz/crashes/$t/" "$corpus" > "$log" 2>&1
    rc=$?
    set -e
    runs=$( (grep -o 'Done [0-9]* runs' "$log" || true) | tail -1 | awk '{print $2}')
    result=$([ $rc -eq 0 ] && echo "no crash" || echo "CRASH (exit $rc, see $log)")
    [ $rc -eq 0 ] || crashed=1
    printf '%s\t%s\t%s\t%s\n' "$t" "${runs:-?}" "$seconds" "$result" | tee -a Fuzz/logs/summary.tsv
done
exit $crashed
