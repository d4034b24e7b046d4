#!/usr/bin/env bash
# The package's copyright file on standard output (free-form, laid out like Debian's
# machine-readable format): squarestock,
# every package SwiftPM builds into the binary (their licence files from the build's checkouts),
# what the static link adds (the Swift runtime and Foundation, libstdc++, SQLite), and the data
# shipped. A dependency this script does not know fails the build: its licence must be looked at
# before it ships. Usage: copyright.sh SCRATCH_PATH (the build folder with checkouts/).
set -euo pipefail
cd "$(dirname "$0")/.."
checkouts=$1/checkouts

# Linked into the binary, and used only by tests or benchmarks (never shipped).
shipped=(swift-argument-parser swift-crypto swift-asn1 GRDB.swift)
unshipped=(swift-property-based SwiftCSV CSV.swift)
for dir in "$checkouts"/*/; do
    name=$(basename "$dir")
    if [[ " ${shipped[*]} ${unshipped[*]} " != *" $name "* ]]; then
        echo "copyright.sh: the package $name is new: decide whether it ships and add it here" >&2
        exit 1
    fi
done

licence_text() {  # the file's text as a copyright file's extended field (blank lines as " .")
    sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' "$1"
}

cat <<'HEAD'
squarestock: copyright and licences of what the package ships

Comment: libcurl and ICU are not shipped: the binary opens the system's on first use (see
 Depends). SQLite, libstdc++, the Swift runtime and Foundation are built into the binary.

Files: everything not named below
Copyright: 2026 The squarestock authors
License: MIT
HEAD
for name in "${shipped[@]}"; do
    dir=$checkouts/$name
    [[ -d $dir ]] || continue
    licence=$(ls "$dir" | grep -E '^LICENSE(\.txt|\.md)?$' | head -1)
    [[ -n $licence ]] || { echo "copyright.sh: $name has no LICENSE file" >&2; exit 1; }
    # Where it came from, as Package.resolved records it (never a local path: the file ships).
    url=$(awk -v id="$(echo "$name" | tr 'A-Z' 'a-z')" -F'"' \
        '$2 == "identity" { found = ($4 == id) } found && $2 == "location" { print $4; exit }' Package.resolved)
    echo
    echo "Built into usr/bin/squarestock: $name"
    echo "Comment: $url"
    if grep -q "Apache License" "$dir/$licence"; then
        echo "License: Apache-2.0"
        echo " On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0."
        if [[ -f $dir/NOTICE.txt ]]; then
            echo " Its NOTICE (third-party code within it, with their licences):"
            licence_text "$dir/NOTICE.txt"
        fi
    else
        echo "License: see below"
        licence_text "$dir/$licence"
    fi
done
cat <<'STATIC'

Built into usr/bin/squarestock: the Swift runtime, standard library and Foundation
Copyright: Apple Inc. and the Swift project authors
License: Apache-2.0 with Runtime Library Exception
 On Debian systems the full text of the Apache License 2.0 is in
 /usr/share/common-licenses/Apache-2.0. Runtime Library Exception: as an exception, if you use
 this Software to compile your source code and portions of this Software are embedded into the
 binary product as a result, you may redistribute such product without providing attribution
 as would otherwise be required by Sections 4(a), 4(b) and 4(d) of the License.

Built into usr/bin/squarestock: libstdc++
Copyright: Free Software Foundation, Inc.
License: GPL-3+ with GCC Runtime Library Exception 3.1
 On Debian systems the full text of the GPL 3 is in /usr/share/common-licenses/GPL-3; the
 exception is at https://www.gnu.org/licenses/gcc-exception-3.1.html.

Built into usr/bin/squarestock: SQLite
Copyright: none: the SQLite authors dedicated it to the public domain
License: public-domain
 SQLite is in the public domain (https://sqlite.org/copyright.html).

Files: usr/share/squarestock/symbols/nasdaqlisted.txt usr/share/squarestock/symbols/otherlisted.txt
Copyright: Nasdaq, Inc.
License: other
 The Nasdaq Trader symbol directory (https://www.nasdaqtrader.com/dynamic/SymDir/), published
 for public download; see usr/share/squarestock/symbols/README.md.

Files: usr/share/squarestock/symbols/large-caps.txt
Copyright: the datasets/s-and-p-500-companies contributors
License: ODC-PDDL-1.0
 Open Data Commons Public Domain Dedication and License 1.0
 (https://opendatacommons.org/licenses/pddl/1-0/).

Files: usr/share/squarestock/samples/*
Copyright: the services that answered them
License: other
 Public recordings of the services' responses, kept byte for byte; each file's origin is in
 usr/share/squarestock/samples/README.md.

License: MIT
STATIC
licence_text LICENSE
