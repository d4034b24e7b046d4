#!/usr/bin/env bash
# The Services folders form no cycle (.ci/services-folders.pl), and the check bites: a probe file
# in Common that names a Yahoo type (Common -> Yahoo, while Yahoo -> Common) must fail it.
set -euo pipefail
cd "$(dirname "$0")/.."
perl .ci/services-folders.pl
probe=Sources/SquarestockServices/Common/ZZServicesFoldersProbe.swift
trap 'rm -f "$probe"' EXIT INT TERM
printf 'let servicesFoldersProbe: YahooSource? = nil\n' >"$probe"
if perl .ci/services-folders.pl >/dev/null 2>&1; then
    echo "services-folders probe FAILED: a Common -> Yahoo reference made no cycle" >&2
    exit 1
fi
echo "services-folders probe: a Common -> Yahoo reference is caught (as intended)"
