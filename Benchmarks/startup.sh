#!/usr/bin/env bash
# Start-up of the installed build (issue 30): what a one-shot command costs before it does any
# work, against Swift hello worlds run alternately with it in the same hyperfine run.
#
#   Benchmarks/startup.sh [BEFORE_BINARY]
#
# Builds the tool as README installs it (`--static-swift-stdlib`, stripped) and two peers:
# `hello-print` (`print` only, `swiftc -O`: the issue's yardstick) and `hello-foundation-static`
# (imports Foundation, `-static-stdlib`: the floor for a Swift tool like ours). BEFORE_BINARY, if
# given, is an older build of squarestock measured in the same run (and its `ldd` count shown).
# Needs hyperfine; run it on a quiet machine: only the ratios of one run are comparable.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DATA=${DATA:-$ROOT/.build/bench-startup}
RUNS=${RUNS:-200}
BEFORE=${1:-}
mkdir -p "$DATA"
say() { printf '== %s\n' "$*" >&2; }

if [[ -z "${SKIP_BUILD:-}" ]]; then
    say "swift build -c release --product squarestock --static-swift-stdlib"
    swift build -c release --product squarestock --static-swift-stdlib >&2
fi
BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)
SQ=$DATA/squarestock
cp "$BIN/squarestock" "$SQ"
strip "$SQ"

cat >"$DATA/hello-print.swift" <<'SWIFT'
print("hello, world")
SWIFT
swiftc -O "$DATA/hello-print.swift" -o "$DATA/hello-print" >&2
swiftc -O -static-stdlib Benchmarks/peers/hello.swift -o "$DATA/hello-foundation-static" >&2

export SQUARESTOCK_SAMPLES=$ROOT/samples SQUARESTOCK_DATA=$ROOT/data
export XDG_CACHE_HOME=$DATA/cache XDG_STATE_HOME=$DATA/state XDG_CONFIG_HOME=$DATA/config
export SQUARESTOCK_NOW=2025-10-29T17:00:00Z NO_COLOR=1
rm -rf "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
"$SQ" line AAPL BTC-USD 7203.T --source samples >/dev/null
"$SQ" AAPL --source samples --format json >/dev/null

say "shared libraries (ldd | wc -l)"
printf 'ldd\tafter\t%s\n' "$(ldd "$SQ" | wc -l)"
if [[ -n $BEFORE ]]; then
    printf 'ldd\tbefore\t%s\n' "$(ldd "$BEFORE" | wc -l)"
    "$BEFORE" line AAPL BTC-USD 7203.T --source samples >/dev/null
fi

commands=(
    -n hello-print "$DATA/hello-print"
    -n hello-foundation-static "$DATA/hello-foundation-static"
    -n version "$SQ --version"
    -n line "$SQ line AAPL BTC-USD 7203.T --source samples"
    -n quote "$SQ AAPL --source samples --format json"
)
if [[ -n $BEFORE ]]; then
    commands+=(
        -n before-version "$BEFORE --version"
        -n before-line "$BEFORE line AAPL BTC-USD 7203.T --source samples"
        -n before-quote "$BEFORE AAPL --source samples --format json"
    )
fi
say "hyperfine, $RUNS runs each, alternating"
hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$DATA/startup.json" "${commands[@]}" >&2
python3 - "$DATA/startup.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
hello = results["hello-print"]["mean"]
print(f"{'command':<26}{'mean ms':>9}{'median ms':>11}{'user+sys ms':>13}{'x hello-print':>15}")
for name, r in results.items():
    cpu = (r["user"] + r["system"]) * 1000
    print(f"{name:<26}{r['mean'] * 1000:>9.2f}{r['median'] * 1000:>11.2f}{cpu:>13.2f}{r['mean'] / hello:>15.2f}")
PY
