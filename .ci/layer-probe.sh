#!/usr/bin/env bash
# Proves the layers are enforced: for each wrong-way import below, add it to one file of the lower
# target, build that target with the import check on, and expect the build to fail. The file is
# restored afterwards (also on failure or interrupt). Run from the package root after a build.
set -uo pipefail
cd "$(dirname "$0")/.."

# target | file that gets the import | module it must not be able to import. The import check only
# refuses a module outside the target's dependency closure, so a probe needs a pair with no path
# between them: SquarestockLive (above the facade) reaches Services through the Kit, and its
# freedom from service names is .ci/service-names.sh's to prove, not a probe's.
probes=(
    "SquarestockRendering|Sources/SquarestockRendering/Chart/ChartRenderer.swift|SquarestockServices"
    "SquarestockServices|Sources/SquarestockServices/ServiceCatalog+Standard.swift|SquarestockRendering"
    "SquarestockMarket|Sources/SquarestockMarket/Exchanges/ExchangeRegistry.swift|SquarestockNetworking"
    "SquarestockPortfolio|Sources/SquarestockPortfolio/Store/PortfolioStore.swift|SquarestockServices"
    "SquarestockRendering|Sources/SquarestockRendering/Portfolio/HoldingsWriter.swift|SquarestockPortfolio"
    "SquarestockWatch|Sources/SquarestockWatch/WatchHolding.swift|SquarestockPortfolio"
)

status=0
for probe in "${probes[@]}"; do
    IFS='|' read -r target file forbidden <<<"$probe"
    backup=$(mktemp)
    cp "$file" "$backup"
    trap 'cp "$backup" "$file"' EXIT INT TERM
    printf '\nimport %s\n' "$forbidden" >>"$file"
    if swift build --target "$target" --explicit-target-dependency-import-check error >/tmp/layer-probe.log 2>&1; then
        echo "layer probe FAILED: $target built with 'import $forbidden'" >&2
        status=1
    elif ! grep -q "$forbidden" /tmp/layer-probe.log; then
        echo "layer probe FAILED: $target did not build, but not because of $forbidden:" >&2
        tail -20 /tmp/layer-probe.log >&2
        status=1
    else
        echo "layer probe: $target cannot import $forbidden (as intended)"
    fi
    cp "$backup" "$file"
    rm -f "$backup"
    trap - EXIT INT TERM
done
exit $status
