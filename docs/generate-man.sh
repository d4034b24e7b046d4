#!/usr/bin/env bash
# Regenerates docs/squarestock.1 from the commands' own help (swift-argument-parser's
# generate-manual plugin), so the man page never says other than `--help` does. Run after changing
# a command or an option; the test suite checks that every command is in the page.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --allow-writing-to-package-directory generate-manual --configuration debug >&2
cp .build/plugins/GenerateManual/outputs/squarestock/squarestock.1 docs/squarestock.1
echo "wrote docs/squarestock.1"
