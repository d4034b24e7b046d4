#!/usr/bin/env bash
# Benchmarks/compare.sh: squarestock against its peers, side by side, in one run on this machine.
#
# Installs what the peers need (Debian: hyperfine fzf curl time; pip: pandas polars pyarrow duckdb
# rapidfuzz), builds squarestock and squarestock-bench in release mode, generates the seeded data
# sets in Benchmarks/.data/, runs every tool of a group in turn (ours, then each peer, repeated
# RUNS times, so load on the machine falls on all of them alike), and prints one table of medians
# with our ratio to each peer, then the targets and whether this run met them. The table is also
# written to Benchmarks/.data/last-run.md.
#
# Usage: Benchmarks/compare.sh            (RUNS=5 SLOW_RUNS=3 by default)
#        RUNS=3 Benchmarks/compare.sh     (quicker)
#        SKIP_INSTALL=1 Benchmarks/compare.sh
#        STATIC_ONESHOT=1 Benchmarks/compare.sh   (also times squarestock built with
#            --static-swift-stdlib, in STATIC_BUILD_PATH, default .build-static; adds a build)
#        ONLY=typed,yahoo Benchmarks/compare.sh   (only these groups: typed yahoo dates oneshot
#            fanout product render (with search and market) exchange stream portfolio; the table
#            shows n/a for the rest)
#        BEFORE_BENCH=/path/to/older/squarestock-bench ONLY=typed,yahoo Benchmarks/compare.sh
#            (also runs an earlier build's typed CSV and Yahoo rows in the same rounds)
# Needs root for apt-get (or the packages already installed). Timing figures never go into unit
# tests; they are recorded in BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DATA=Benchmarks/.data
RUNS=${RUNS:-5}
SLOW_RUNS=${SLOW_RUNS:-3}
RESULTS=$DATA/results.tsv
export LC_ALL=C

say() { printf '==> %s\n' "$*" >&2; }
# want GROUP: whether this run includes GROUP (every group unless ONLY lists some).
want() { [[ -z ${ONLY:-} || ,$ONLY, == *,$1,* ]]; }
die() { printf 'compare.sh: %s\n' "$*" >&2; exit 1; }
started=$(date +%s)

# ---------------------------------------------------------------------------------------------
# 1. Peers and tools.
if [[ -z "${SKIP_INSTALL:-}" ]]; then
    apt_needed=()
    for p in hyperfine fzf curl time libcurl4-openssl-dev libicu-dev; do
        dpkg -s "$p" >/dev/null 2>&1 || apt_needed+=("$p")
    done
    if ((${#apt_needed[@]})); then
        say "apt-get install ${apt_needed[*]}"
        [[ $(id -u) == 0 ]] || die "need root to install ${apt_needed[*]} (or install them and rerun)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq || die "apt-get update failed"
        apt-get install -y -qq "${apt_needed[@]}" >/dev/null || die "apt-get install ${apt_needed[*]} failed"
    fi
    if ! python3 -c 'import pandas, polars, pyarrow, duckdb, rapidfuzz' 2>/dev/null; then
        say "pip install pandas polars pyarrow duckdb rapidfuzz"
        peers=(pandas polars pyarrow duckdb rapidfuzz)
        # A Debian system Python refuses global installs (PEP 668); this is a benchmark machine.
        python3 -m pip install -q --disable-pip-version-check "${peers[@]}" \
            || python3 -m pip install -q --disable-pip-version-check --break-system-packages "${peers[@]}" \
            || die "pip install of the Python peers failed"
    fi
fi
for tool in hyperfine curl python3 swift /usr/bin/time; do
    command -v "$tool" >/dev/null || die "$tool is missing (run without SKIP_INSTALL, as root)"
done
python3 -c 'import pandas, polars, pyarrow, duckdb' 2>/dev/null || die "the Python peers are not importable"

# ---------------------------------------------------------------------------------------------
# 2. Build (release). The bench target is not a product: it is never installed.
say "swift build -c release (squarestock, squarestock-bench)"
swift build -c release --product squarestock-bench >&2 || die "building squarestock-bench failed"
if want oneshot || want fanout || want product; then
    swift build -c release --product squarestock >&2 || die "building squarestock failed"
fi
BIN=$(swift build -c release --show-bin-path)
BENCH=$BIN/squarestock-bench
SQ=$BIN/squarestock
SQ_STATIC=
if [[ -n "${STATIC_ONESHOT:-}" ]]; then
    static_path=${STATIC_BUILD_PATH:-.build-static}
    say "swift build -c release --static-swift-stdlib (squarestock, in $static_path)"
    swift build -c release --product squarestock --static-swift-stdlib --scratch-path "$static_path" >&2 \
        || die "building squarestock with --static-swift-stdlib failed"
    SQ_STATIC=$(swift build -c release --static-swift-stdlib --scratch-path "$static_path" --show-bin-path)/squarestock
fi
mkdir -p "$DATA"

# A Swift hello world that loads Foundation: the floor for a one-shot Swift command.
if want oneshot && [[ ! -x $DATA/hello-foundation || Benchmarks/peers/hello.swift -nt $DATA/hello-foundation ]]; then
    say "swiftc -O hello.swift"
    swiftc -O Benchmarks/peers/hello.swift -o "$DATA/hello-foundation" >&2 || die "swiftc hello.swift failed"
fi

# ---------------------------------------------------------------------------------------------
# 3. Data sets (deterministic: same seed, same bytes).
if [[ ! -s $DATA/intraday-lf.csv || ! -s $DATA/yahoo-quotes.csv || ! -f $DATA/.seed-20260101 ]]; then
    say "generating data sets"
    "$BENCH" gen --out "$DATA" --seed 20260101 >&2 || die "data generation failed"
    touch "$DATA/.seed-20260101"
fi
LF=$DATA/intraday-lf.csv
CRLF=$DATA/intraday-crlf-bom.csv
LF_HEAD=$DATA/intraday-lf-head.csv
YAHOO=$DATA/yahoo-quotes.csv
: >"$RESULTS"

# record KEY CMD...: runs CMD, keeps its last output line, appends "KEY<TAB>line" to RESULTS.
record() {
    local key=$1; shift
    local out
    if ! out=$("$@" 2>"$DATA/last-stderr"); then
        printf 'compare.sh: %s failed:\n' "$key" >&2
        tail -5 "$DATA/last-stderr" >&2
        die "$key failed (command: $*)"
    fi
    printf '%s\t%s\n' "$key" "$(printf '%s\n' "$out" | tail -1)" >>"$RESULTS"
}

# ---------------------------------------------------------------------------------------------
# 4. Typed CSV: the intraday file (LF; CRLF + BOM), ours and the peers, in turn.
BEFORE=${BEFORE_BENCH:-}
[[ -z $BEFORE || -x $BEFORE ]] || die "BEFORE_BENCH=$BEFORE is not an executable"
if want typed; then
say "typed CSV (${RUNS} rounds; slow peers ${SLOW_RUNS})"
for ((r = 1; r <= RUNS; r++)); do
    record csv.ours.lf "$BENCH" csv --typed "$LF"
    record csv.ours.crlf "$BENCH" csv --typed "$CRLF"
    record csv.ours.whole "$BENCH" csv --typed --whole "$LF"
    if [[ -n $BEFORE ]]; then
        record csv.before.lf "$BEFORE" csv --typed "$LF"
        record csv.before.crlf "$BEFORE" csv --typed "$CRLF"
    fi
    record csv.polars python3 Benchmarks/peers/csv_peer.py intraday polars "$LF"
    record csv.duckdb python3 Benchmarks/peers/csv_peer.py intraday duckdb "$LF"
    record csv.ours.fields "$BENCH" csv --parse-only "$LF"
    record csv.scan "$BENCH" scan "$LF"
    if ((r <= SLOW_RUNS)); then
        record csv.pandas python3 Benchmarks/peers/csv_peer.py intraday pandas "$LF"
        record csv.pyarrow python3 Benchmarks/peers/csv_peer.py intraday pyarrow "$LF"
        record csv.ours.slow "$BENCH" csv --slow "$LF"
        record csv.swiftcsv "$BENCH" csv --peer swiftcsv "$LF_HEAD"
        record csv.csvswift "$BENCH" csv --peer csvswift "$LF_HEAD"
    fi
done
fi

if want yahoo; then
say "legacy Yahoo quote lines"
# The target's own rows (ours, the earlier build, polars) take RUNS rounds, in turn: with the
# slow peers' count, SLOW_RUNS=1 left the verdict to one sample each. pandas takes SLOW_RUNS.
for ((r = 1; r <= RUNS; r++)); do
    record yahoo.ours "$BENCH" yahoo --typed "$YAHOO"
    [[ -z $BEFORE ]] || record yahoo.before "$BEFORE" yahoo --typed "$YAHOO"
    record yahoo.polars python3 Benchmarks/peers/csv_peer.py yahoo polars "$YAHOO"
    ((r > SLOW_RUNS)) || record yahoo.pandas python3 Benchmarks/peers/csv_peer.py yahoo pandas "$YAHOO"
done
fi

# ---------------------------------------------------------------------------------------------
# 5. Dates: wall clock to UTC (Europe/Warsaw), each tool its own median of repeats, in turn.
if want dates; then
say "dates"
for ((r = 1; r <= SLOW_RUNS; r++)); do
    record dates.ours "$BENCH" dates --count 20000000
    record dates.ours.stream "$BENCH" dates --count 20000000 --stream --reps 3
    record dates.ours.text "$BENCH" dates --text --count 5000000 --reps 3
    record dates.polars python3 Benchmarks/peers/dates_peer.py polars --count 2000000
    record dates.strptime python3 Benchmarks/peers/dates_peer.py strptime --count 100000 --reps 1
    record dates.foundation "$BENCH" dates --foundation --count 20000 --reps 1
done
fi

# ---------------------------------------------------------------------------------------------
# 6. One-shot: the whole process, hyperfine alternating ours and the hello world.
if want oneshot; then
say "one-shot (hyperfine)"
export SQUARESTOCK_SAMPLES=$ROOT/samples
static_args=()
[[ -n $SQ_STATIC ]] && static_args=(-n static "$SQ_STATIC AAPL --source samples --format json")
hyperfine -N --warmup 3 --runs $((RUNS * 10)) --export-json "$DATA/oneshot.json" \
    -n ours "$SQ AAPL --source samples --format json" \
    "${static_args[@]}" \
    -n hello "$DATA/hello-foundation" \
    -n python "python3 -c pass" >&2 || die "hyperfine failed"
python3 - "$DATA/oneshot.json" >>"$RESULTS" <<'EOF'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"oneshot.{r['command']}\tmedian_ms={r['median'] * 1000:.2f} mean_ms={r['mean'] * 1000:.2f} min_ms={r['min'] * 1000:.2f}")
EOF
# 6b. The status line from a warm cache (`squarestock line`), against the hello world: the static
# build when there is one (what the README installs), else the release build.
say "status line from a warm cache (hyperfine)"
LINE_BIN=${SQ_STATIC:-$SQ}
(
    export XDG_CACHE_HOME=$DATA/line-cache SQUARESTOCK_NOW=2025-10-29T17:00:00Z
    rm -rf "$XDG_CACHE_HOME"
    "$LINE_BIN" line AAPL BTC-USD 7203.T --source samples >/dev/null || die "squarestock line failed"
    hyperfine -N --warmup 3 --runs $((RUNS * 10)) --export-json "$DATA/line.json" \
        -n line "$LINE_BIN line AAPL BTC-USD 7203.T" \
        -n hello "$DATA/hello-foundation" >&2 || die "hyperfine (line) failed"
)
python3 - "$DATA/line.json" >>"$RESULTS" <<'EOF'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"line.{r['command']}\tmedian_ms={r['median'] * 1000:.2f} min_ms={r['min'] * 1000:.2f}")
EOF
# Peak RSS of whole runs, from /usr/bin/time (its own line on stderr).
for ((r = 1; r <= RUNS; r++)); do
    for who in ours static hello; do
        case $who in
            ours) cmd=("$SQ" AAPL --source samples --format json) ;;
            static) [[ -n $SQ_STATIC ]] || continue; cmd=("$SQ_STATIC" AAPL --source samples --format json) ;;
            hello) cmd=("$DATA/hello-foundation") ;;
        esac
        /usr/bin/time -f '%M' -o "$DATA/rss" "${cmd[@]}" >/dev/null 2>&1 || true
        rss=$(tail -1 "$DATA/rss")
        [[ $rss =~ ^[0-9]+$ ]] || die "could not read the peak RSS of ${cmd[*]}"
        printf 'oneshot.rss.%s\tmax_rss_kib=%s\n' "$who" "$rss" >>"$RESULTS"
    done
done
"$SQ" AAPL --source samples --format json >/dev/null || die "squarestock AAPL --source samples failed"
fi

# ---------------------------------------------------------------------------------------------
# 7. Fan-out: a loopback server that adds 50 ms to every request.
if want fanout; then
say "fan-out (loopback server, +50 ms per request)"
server_out=$DATA/server.out
python3 Benchmarks/peers/slow_server.py --delay 0.05 --lifetime 600 >"$server_out" &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true' EXIT
for _ in $(seq 50); do [[ -s $server_out ]] && break; sleep 0.1; done
port=$(head -1 "$server_out")
[[ $port =~ ^[0-9]+$ ]] || die "the loopback server did not start"
URL=http://127.0.0.1:$port/q/l/
curl -fsS "$URL?s=probe" >/dev/null || die "the loopback server does not answer"
urls=()
for i in $(seq 0 49); do urls+=("$URL?s=SYM$i"); done
ms() { python3 -c 'import sys; print(f"{(int(sys.argv[2]) - int(sys.argv[1])) / 1e6:.1f}")' "$1" "$2"; }
for ((r = 1; r <= RUNS; r++)); do
    record fanout.ours "$BENCH" fanout --url "$URL" --count 50 --runs 3
    record fanout.ours.wide "$BENCH" fanout --url "$URL" --count 50 --runs 3 --max-concurrent 50
    record fanout.pythonpool python3 Benchmarks/peers/fanout_peer.py --url "$URL" --count 50 --runs 3
    t0=$(date +%s%N)
    curl -fsS --no-progress-meter --parallel --parallel-immediate --parallel-max 50 "${urls[@]}" >/dev/null || die "curl --parallel failed"
    t1=$(date +%s%N)
    printf 'fanout.curlparallel\tbatch_ms=%s\n' "$(ms "$t0" "$t1")" >>"$RESULTS"
    t0=$(date +%s%N)
    for u in "${urls[@]}"; do curl -fsS "$u" >/dev/null || die "curl failed"; done
    t1=$(date +%s%N)
    printf 'fanout.curlsequential\tbatch_ms=%s\n' "$(ms "$t0" "$t1")" >>"$RESULTS"
    t0=$(date +%s%N)
    curl -fsS "${urls[0]}" >/dev/null || die "curl failed"
    t1=$(date +%s%N)
    printf 'fanout.curlone\tone_ms=%s\n' "$(ms "$t0" "$t1")" >>"$RESULTS"
done
kill "$server_pid" 2>/dev/null || true
trap - EXIT
fi

# 7b. Fan-out through the product: `squarestock` quotes against a loopback server that answers
# as Yahoo, Stooq, Alpha Vantage and Yahoo's legacy CSV do (known symbols start with K), adds
# 50 ms to every request and counts them: one symbol against 50 (49 unknown; all known), and
# the requests of a watch's first and next refresh and of a one-shot quote, 10/100/500 symbols.
if want product; then
say "fan-out through the product (service_server.py, +50 ms per request)"
service_out=$DATA/service.out
python3 Benchmarks/peers/service_server.py --delay 0.05 --lifetime 1200 >"$service_out" &
service_pid=$!
trap 'kill "$service_pid" 2>/dev/null || true' EXIT
for _ in $(seq 50); do [[ -s $service_out ]] && break; sleep 0.1; done
sport=$(head -1 "$service_out")
[[ $sport =~ ^[0-9]+$ ]] || die "the service server did not start"
SURL=http://127.0.0.1:$sport
python3 Benchmarks/peers/fanout_product.py --bin "$SQ" --url "$SURL" --runs "$RUNS" \
    --sources yahoo,stooq,alphavantage,yahoo-csv,auto >>"$RESULTS" || die "fanout_product.py failed"
for source in yahoo stooq alphavantage yahoo-csv auto; do
    for n in 10 100 500; do
        record "refresh.$source.$n" "$BENCH" refresh --url "$SURL" --source "$source" --count "$n" --unknown $((n / 5))
    done
done
kill "$service_pid" 2>/dev/null || true
trap - EXIT
fi

# ---------------------------------------------------------------------------------------------
# 8. Rendering, search and market status.
if want render; then
say "rendering"
for ((r = 1; r <= SLOW_RUNS; r++)); do
    record render.ours "$BENCH" render --samples "$ROOT/samples" --count 300
done
say "search and market status"
for ((r = 1; r <= SLOW_RUNS; r++)); do
    record search.ours "$BENCH" search --data "$ROOT/data"
    record market.ours "$BENCH" market --count 20000
done
fi
# The search engine's rank-and-speed comparison with rapidfuzz and fzf runs on its own:
# Benchmarks/search/compare-search.sh.

# ---------------------------------------------------------------------------------------------
# 8b. Exchange bodies: Kraken's 1,000-trade tape and 500-level book into exact decimals, against
# Python's json with Decimal on the same bytes, alternated.
if want exchange; then
say "exchange decoders (Kraken Trades 1,000 rows, Depth 500 levels a side)"
"$BENCH" exchange gen --out "$DATA" >&2 || die "exchange gen failed"
TRADES=$DATA/kraken-trades-1000.json
DEPTH=$DATA/kraken-depth-500.json
for ((r = 1; r <= RUNS; r++)); do
    record exchange.trades.ours "$BENCH" exchange --trades "$TRADES"
    record exchange.trades.python python3 Benchmarks/peers/exchange_peer.py trades "$TRADES" 50
    record exchange.depth.ours "$BENCH" exchange --depth "$DEPTH"
    record exchange.depth.python python3 Benchmarks/peers/exchange_peer.py depth "$DEPTH" 50
done
fi

# ---------------------------------------------------------------------------------------------
# 8c. Stream frames: Coinbase ticker JSON and Yahoo pricing protobuf, decoded and merged.
if want stream; then
say "stream decoders (100,000 Coinbase ticker and Yahoo pricing frames)"
"$BENCH" stream gen --out "$DATA" >&2 || die "stream gen failed"
for ((r = 1; r <= RUNS; r++)); do
    record stream.coinbase.ours "$BENCH" stream --coinbase "$DATA/coinbase-ticker-100k.jsonl"
    record stream.coinbase.python python3 Benchmarks/peers/stream_peer.py coinbase "$DATA/coinbase-ticker-100k.jsonl" 3
    record stream.yahoo.ours "$BENCH" stream --yahoo "$DATA/yahoo-pricing-100k.jsonl"
    record stream.yahoo.python python3 Benchmarks/peers/stream_peer.py yahoo "$DATA/yahoo-pricing-100k.jsonl" 3
done
fi

# 8d. Portfolio: holdings and a year's realized gains from a 100,000-entry ledger, against
# hledger's balance of the same journal exported (figures must agree to the cent).
if want portfolio; then
say "portfolio ledger (100,000 entries, 500 symbols) against hledger balance"
"$BENCH" portfolio gen --out "$DATA" >&2 || die "portfolio gen failed"
for ((r = 1; r <= RUNS; r++)); do
    record portfolio.ours "$BENCH" portfolio --ledger "$DATA/portfolio.sqlite" --year 2025 --runs 1
    record portfolio.hledger python3 Benchmarks/peers/hledger_peer.py "$DATA/portfolio.journal" 2025
done
fi

# ---------------------------------------------------------------------------------------------
# 9. The table.
elapsed=$(($(date +%s) - started))
python3 Benchmarks/peers/table.py "$RESULTS" \
    --machine "nproc=$(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')" \
    --load "$(cut -d' ' -f1-3 /proc/loadavg)" \
    --files "$LF=$(stat -L -c %s "$LF") $CRLF=$(stat -L -c %s "$CRLF") $YAHOO=$(stat -L -c %s "$YAHOO")" \
    --elapsed "$elapsed" | tee "$DATA/last-run.md"
