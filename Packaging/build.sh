#!/usr/bin/env bash
# Makes the packages of the commit checked out (issue 34), on a Debian machine with Swift 6.3:
#   .build/packages/squarestock_<version>_<arch>.deb
#   .build/packages/squarestock-<version>-linux-<arch>.tar.gz
#   .build/packages/SHA256SUMS
# Reproducible: every timestamp is the commit's, entries are sorted with fixed owners and modes,
# and the build's own folder is mapped out of the binary's strings, so two runs from one commit
# give byte-identical files (Packaging/check.sh compares them). CLEAN=1 builds from nothing.
# Needs: swift, git, dpkg-deb and dpkg-shlibdeps (dpkg-dev), gzip, strip; the -dev packages the
# build needs (README: libcurl4-openssl-dev libicu-dev libsqlite3-dev).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/.build/packages
scratch=$root/.build/package-build   # its own build folder: the flags below would rebuild .build/release

version=$(sed -n 's/.*static let string = "\(.*\)"/\1/p' Sources/SquarestockCore/Support/SquarestockVersion.swift)
[[ -n $version ]] || { echo "build.sh: no version in SquarestockVersion.swift" >&2; exit 1; }
commit=$(git rev-parse --short=12 HEAD)
# The build id is the commit's: the linker's own hash covers the unstripped binary, whose debug
# sections still differ between build folders (two clean builds in two folders differed in
# nothing else). A modified tree gets the content hash instead: it is not the commit.
build_id=0x$(git rev-parse HEAD)
if [[ -n $(git status --porcelain --untracked-files=no) ]]; then
    commit+="-modified"
    build_id=sha1
fi
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct HEAD)}
arch=$(dpkg --print-architecture)
start=$SECONDS

# 1. The binary, as README's Install builds it (static Swift runtime, stripped), with the commit
#    for --version and the build folder mapped out of #file strings and debug paths. Without
#    incremental LLVM code generation: it leaves each object's IR hash in the binary
#    (`.swift_modhash`), and that hash differs between two build folders (two clean builds in
#    /work/pkgA and /work/pkgB differed only there and in the build id that covers it).
[[ ${CLEAN:-0} == 1 ]] && rm -rf "$scratch"
swift build -c release --product squarestock --static-swift-stdlib --scratch-path "$scratch" \
    -Xcc "-DSQUARESTOCK_COMMIT=\"$commit\"" -Xcc "-ffile-prefix-map=$root=." \
    -Xswiftc -file-prefix-map -Xswiftc "$root=." -Xswiftc -debug-prefix-map -Xswiftc "$root=." \
    -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen -Xlinker "--build-id=$build_id"
bin=$scratch/release/squarestock
echo "build.sh: binary built in $((SECONDS - start)) s"

# 2. The tree: /usr/bin, the symbol directory and samples where the binary looks (../share/
#    squarestock beside it), the man page, completions, the licences.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tree=$stage/tree
install -d -m 755 "$tree/usr/bin" "$tree/usr/share/squarestock" "$tree/usr/share/man/man1" \
    "$tree/usr/share/doc/squarestock" "$tree/usr/share/bash-completion/completions" \
    "$tree/usr/share/zsh/vendor-completions" "$tree/usr/share/fish/vendor_completions.d"
install -m 755 "$bin" "$tree/usr/bin/squarestock"
strip --strip-all "$tree/usr/bin/squarestock"
if strings "$tree/usr/bin/squarestock" | grep -qF "$root"; then
    echo "build.sh: the binary still names the build folder $root:" >&2
    strings "$tree/usr/bin/squarestock" | grep -F "$root" | head -5 >&2
    exit 1
fi
cp -r data/symbols samples "$tree/usr/share/squarestock/"
gzip -9n < docs/squarestock.1 > "$tree/usr/share/man/man1/squarestock.1.gz"
"$tree/usr/bin/squarestock" --generate-completion-script bash > "$tree/usr/share/bash-completion/completions/squarestock"
"$tree/usr/bin/squarestock" --generate-completion-script zsh > "$tree/usr/share/zsh/vendor-completions/_squarestock"
"$tree/usr/bin/squarestock" --generate-completion-script fish > "$tree/usr/share/fish/vendor_completions.d/squarestock.fish"
bash Packaging/copyright.sh "$scratch" > "$tree/usr/share/doc/squarestock/copyright"
find "$tree" -type d -exec chmod 755 {} +
find "$tree" -type f ! -path "*/usr/bin/*" -exec chmod 644 {} +

# 3. Depends: the packages of the libraries the binary needs, found from the binary: those it
#    links (dpkg-shlibdeps, with the versions their symbols need) and those it opens on first
#    use (the sonames written in it: libcurl, ICU), each named by the package that holds it here.
#    Sonames of one library with another TLS build (libcurl-gnutls) are alternatives.
shlib=$stage/shlib
mkdir -p "$shlib/debian"
printf 'Source: squarestock\n\nPackage: squarestock\nArchitecture: any\n' > "$shlib/debian/control"
linked=$(cd "$shlib" && dpkg-shlibdeps -O "$tree/usr/bin/squarestock" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
needed=$(readelf -d "$tree/usr/bin/squarestock" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
# The loader's packed relocations (DT_RELR) need glibc 2.36, which dpkg-shlibdeps does not count.
if readelf -V "$tree/usr/bin/squarestock" | grep -q GLIBC_ABI_DT_RELR; then
    linked=$(sed -E 's/libc6 \(>= 2\.(3[0-5]|[0-2][0-9]|[0-9])\)/libc6 (>= 2.36)/' <<<"$linked")
fi
owner() {  # the package holding a library path (ldconfig's name, its target, with or without /usr)
    local p candidates=("$1" "$(readlink -f "$1")")
    for p in "${candidates[@]}"; do candidates+=("${p#/usr}" "/usr${p#/usr}"); done
    for p in "${candidates[@]}"; do
        dpkg -S "$p" 2>/dev/null | head -1 | cut -d: -f1 && return 0
    done
    return 1
}
declare -A alternatives=()
order=()
while read -r soname; do
    grep -qxF "$soname" <<<"$needed" && continue
    stem=${soname%%[.-]*}
    path=$(ldconfig -p | awk -v s="$soname" '$1 == s { print $NF; exit }')
    package=$([[ -n $path ]] && owner "$path" || true)
    if [[ -z $package ]]; then
        echo "build.sh: note: $soname (opened by the binary) is not installed here; left out of Depends" >&2
        continue
    fi
    if [[ -z ${alternatives[$stem]:-} ]]; then
        order+=("$stem")
        alternatives[$stem]=$package
    elif [[ " ${alternatives[$stem]} " != *" $package "* ]]; then
        alternatives[$stem]+=" | $package"
    fi
done < <(strings "$tree/usr/bin/squarestock" | grep -E '^lib[a-z0-9_]+(-[a-z0-9]+)?\.so\.[0-9]+$' | sort -t. -k1,1 -k2 | uniq)
for want in libcurl libicui18n; do
    [[ -n ${alternatives[$want]:-} ]] || { echo "build.sh: no installed package provides $want, which the binary opens" >&2; exit 1; }
done
depends=$linked
for stem in "${order[@]}"; do depends+=", ${alternatives[$stem]}"; done

# 4. The .deb.
deb=$out/squarestock_${version}_${arch}.deb
install -d -m 755 "$tree/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$tree" | cut -f1)
cat > "$tree/DEBIAN/control" <<CONTROL
Package: squarestock
Version: $version
Architecture: $arch
Maintainer: The squarestock authors <squarestock@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Description: stock and crypto tracker for the terminal
 Quotes with the last trade in the exchange's own zone and market status,
 fuzzy symbol search, live watch tables, charts, crypto order books and
 exchange accounts with confirmed orders, and an exact portfolio ledger.
 Built from commit $commit.
CONTROL
chmod 644 "$tree/DEBIAN/control"
find "$tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$out"
rm -f "$out"/squarestock_*.deb "$out"/squarestock-*.tar.gz "$out/SHA256SUMS"
dpkg-deb --root-owner-group -Zxz --build "$tree" "$deb" >/dev/null

# 5. The tarball: the same files under one folder, laid out as a prefix (bin/, share/), with INSTALL.
name=squarestock-$version-linux-$arch
tarroot=$stage/tar/$name
mkdir -p "$tarroot"
cp -a "$tree/usr/." "$tarroot/"
sed "s/@VERSION@/$version/g; s/@ARCH@/$arch/g; s/@DEPENDS@/$depends/g" Packaging/INSTALL.in > "$tarroot/INSTALL"
chmod 644 "$tarroot/INSTALL"
find "$stage/tar" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner --format=gnu \
    -C "$stage/tar" -cf - "$name" | gzip -9n > "$out/$name.tar.gz"

(cd "$out" && sha256sum "$(basename "$deb")" "$name.tar.gz" > SHA256SUMS)
echo "build.sh: $(basename "$deb") $(stat -c %s "$deb") bytes, $name.tar.gz $(stat -c %s "$out/$name.tar.gz") bytes, in $((SECONDS - start)) s"
echo "build.sh: Depends: $depends"
