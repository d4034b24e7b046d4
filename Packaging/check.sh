#!/usr/bin/env bash
# Checks what Packaging/build.sh made (issue 34): the .deb's control fields and contents, its
# Depends resolvable by apt, an install into a scratch root with dpkg -x that quotes from the
# samples and shows its man page, the tarball the same way, the checksums, and a second run of
# build.sh that must give byte-identical files. CLEAN=1 makes the second run build the binary
# from nothing too (the full reproducibility check; twice the time).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/packages
fail() { echo "check.sh: FAILED: $*" >&2; exit 1; }

[[ -f $out/SHA256SUMS ]] || bash Packaging/build.sh
deb=$(ls "$out"/squarestock_*.deb)
tarball=$(ls "$out"/squarestock-*-linux-*.tar.gz)
(cd "$out" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS does not match"

# Control fields: the Depends found from the binary name libcurl, ICU and the C library.
depends=$(dpkg-deb -f "$deb" Depends)
echo "check.sh: Depends: $depends"
for want in libc6 libcurl libicu; do
    [[ $depends == *"$want"* ]] || fail "Depends lacks $want"
done
[[ $(dpkg-deb -f "$deb" Package) == squarestock ]] || fail "Package is not squarestock"
[[ $(dpkg-deb -f "$deb" Architecture) == "$(dpkg --print-architecture)" ]] || fail "wrong Architecture"
apt-get install -s -qq "./$deb" >/dev/null 2>&1 || fail "apt cannot install $deb (apt-get install -s ./$deb)"

# Contents: every file a user needs, owned by root, nothing from the build folder.
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/squarestock ./usr/share/squarestock/symbols/nasdaqlisted.txt \
    ./usr/share/squarestock/samples/manifest.tsv ./usr/share/man/man1/squarestock.1.gz \
    ./usr/share/bash-completion/completions/squarestock ./usr/share/zsh/vendor-completions/_squarestock \
    ./usr/share/fish/vendor_completions.d/squarestock.fish ./usr/share/doc/squarestock/copyright; do
    grep -q " $path\$" <<<"$contents" || fail "the package lacks $path"
done
if grep -v ' root/root ' <<<"$contents" | grep -q .; then fail "a file not owned by root/root"; fi

# Installed into a scratch root: a quote from the samples, the version with its commit, the man page.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg -x "$deb" "$scratch/root"
home=$scratch/home
mkdir -p "$home"
run() { env -i HOME="$home" PATH=/usr/bin:/bin LANG=C.UTF-8 NO_COLOR=1 "$@"; }
quote=$(run "$scratch/root/usr/bin/squarestock" AAPL --source samples --format csv) || fail "the installed quote failed"
grep -q '^AAPL,' <<<"$quote" || fail "the installed quote has no AAPL row: $quote"
version=$(run "$scratch/root/usr/bin/squarestock" --version)
[[ $version == *"(commit "*")" ]] || fail "--version names no commit: $version"
run "$scratch/root/usr/bin/squarestock" search apple --format csv | grep -q AAPL || fail "search found no AAPL"
man -l "$scratch/root/usr/share/man/man1/squarestock.1.gz" 2>/dev/null | grep -q "squarestock" || fail "man -l shows nothing"
echo "check.sh: installed with dpkg -x: $version; quote and search from share/squarestock; man page"

# The tarball: one folder, a prefix that works wherever it is unpacked.
mkdir "$scratch/tar"
tar -xzf "$tarball" -C "$scratch/tar"
folder=$(ls "$scratch/tar")
[[ $(ls "$scratch/tar" | wc -l) == 1 && -f $scratch/tar/$folder/INSTALL ]] || fail "the tarball is not one folder with INSTALL"
run "$scratch/tar/$folder/bin/squarestock" AAPL --source samples --format csv | grep -q '^AAPL,' \
    || fail "the unpacked tarball's quote failed"
echo "check.sh: tarball $folder unpacked and quoting"

# Reproducible: a second run gives the same bytes.
mkdir "$scratch/first"
cp "$out"/* "$scratch/first/"
bash Packaging/build.sh >/dev/null
for f in "$scratch"/first/*; do
    cmp "$f" "$out/$(basename "$f")" || fail "$(basename "$f") differs between two runs"
done
echo "check.sh: a second build.sh run gave byte-identical files"
ls -l "$out"
