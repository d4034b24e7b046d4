#!/usr/bin/env bash
# No service outside its folder (issue 29, ARCHITECTURE.md "a service"): the facade, Core, the
# executable and the shared Services folders name no type declared in a service folder and no
# service name, alias or display name, in code or in a string. The words are derived from the
# service folders and their `<Name>Service.swift` files, so a new service is covered unchanged.
# A line may carry `// service-names: <reason>` where a word is not the service (a theme called
# "auto"); such lines are counted apart.
#
# It fails when any line names a service outside its folder. `--list` prints the lines;
# `--self-test` proves each rule bites on a scratch file.
set -euo pipefail
cd "$(dirname "$0")/.."
svc=Sources/SquarestockServices
shared=(Common Exchanges Streams Catalog)
checked=(Sources/SquarestockKit Sources/SquarestockCore Sources/SquarestockLive Sources/squarestock)
for f in "${shared[@]}"; do checked+=("$svc/$f"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mapfile -t folders < <(find "$svc" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | grep -vxF -f <(printf '%s\n' "${shared[@]}") | sort)
for f in "${folders[@]}"; do cat "$svc/$f"/*.swift; done |
    perl -ne 'print "$1\n" if /^(?:(?:package|public|internal|private|fileprivate|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)/' |
    sort -u >"$work/types"
cat "$svc"/*/*Service.swift | perl -ne 'print lc "$1\n" if /static let name = "([^"]+)"/; while (/aliases: \[([^\]]*)\]/g) { my $a = $1; print lc "$1\n" while $a =~ /"([^"]+)"/g }' |
    sort -u >"$work/names"
cat "$svc"/*/*Service.swift | perl -ne 'print "$1\n" if /static let displayName = "([^"]+)"/' | sort -u >"$work/display"
# "auto" and "sample" are English words: only a string that is exactly one of them is reported.
cat "$work/names" "$work/display" | grep -vixE 'auto|sample' | sort -u >"$work/words"
grep -E '^[a-z]{5,}$' "$work/names" | grep -vx sample >"$work/idwords"
if [ "$(wc -l <"$work/names")" -lt 10 ] || [ ! -s "$work/types" ]; then
    echo "service-names: found no services in $svc (did the <Name>Service.swift convention change?)" >&2
    exit 1
fi

check() { perl .ci/service-names.pl "$work/types" "$work/names" "$work/words" "$work/idwords" "$@"; }

if [ "${1:-}" = "--self-test" ]; then
    probe="$work/probe.swift"
    cat >"$probe" <<'SWIFT'
let a = KrakenAdapter()
let b = "kraken"
let c = "set COINBASE_API_KEY_NAME"
let d = "use --source yahoo"
var krakenBooks = 0
let e = "\(x) and Alpha Vantage"
/// Kraken, in a doc comment: fine.
/* Coinbase in a block comment: fine */
let f = "yahoo-csvx"
let g = "auto"  // service-names: a theme
SWIFT
    found=$(check "$probe" 2>/dev/null | wc -l || true)
    if [ "$found" -ne 6 ]; then
        echo "service-names self-test FAILED: expected 6 findings, got $found" >&2
        check "$probe" >&2 || true
        exit 1
    fi
    echo "service-names self-test: 6 of 6 planted names found, comments and markers passed"
    exit 0
fi

mapfile -t files < <(find "${checked[@]}" -name '*.swift' | sort)
check "${files[@]}" >"$work/found" 2>/dev/null || true
count=$(wc -l <"$work/found")
if [ "${1:-}" = "--list" ]; then cat "$work/found"; fi
if [ "$count" -gt 0 ]; then
    echo "service-names: $count lines name a service outside its folder; ask the catalog instead (ARCHITECTURE.md):" >&2
    cat "$work/found" >&2
    exit 1
fi
echo "service-names: no line outside the service folders names a service"
