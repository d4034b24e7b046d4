#!/usr/bin/env bash
# Regenerates docs/squarestock.1 from the commands' own help (swift-argument-parser's
# generate-manual plugin), so the man page never says other than `--help` does. Run after changing
# a command or an option; the test suite checks that every command is in the page.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --allow-writing-to-package-directory generate-manual --configuration debug >&2
# A command's discussion is written a line at a time (examples, one rule per line), as --help
# shows it; mdoc would fill those lines into one paragraph, so each gets a line break (.br).
awk '
    /^\.Sh DESCRIPTION$/ { print; discussion = 1; next }
    /^\.It Em / { print; item = 1; next }
    item && /^\.Pp$/ { print; discussion = 1; item = 0; next }
    /^\./ { print; discussion = 0; item = 0; next }
    { print; if (discussion) print ".br" }
' .build/plugins/GenerateManual/outputs/squarestock/squarestock.1 > docs/squarestock.1
echo "wrote docs/squarestock.1"
