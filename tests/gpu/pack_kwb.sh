#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Packs kwb for a GPU host without Qt (tests/gpu/README.md): the kwb_portable binary (DT_RPATH $ORIGIN/lib), stripped,
# and every shared library it loads except the C library's own, into one tar.gz that travels with the working tree.
#
#   tests/gpu/pack_kwb.sh [KWB [DEST]]
#     KWB   default build/dev/tests/gpu/portable/kwb (cmake --build --preset dev --target kwb_portable)
#     DEST  default build/device-check; writes DEST/kwb-carry.tar.gz and DEST/kwb-carry.manifest.txt
#
# Inside the archive: kwb-carry/kwb, kwb-carry/lib/ (Qt, ICU, glib, pcre2, zstd, …: found through the RPATH, before
# any copy the host has), kwb-carry/fallback/ (libstdc++, libgcc_s: the host's are used, being at least as new on
# any distribution recent enough for CUDA 13; device-check.sh puts these on LD_LIBRARY_PATH only when the host's
# are too old for kwb), kwb-carry/MANIFEST.txt.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
kwb=${1:-$repo/build/dev/tests/gpu/portable/kwb}
dest=${2:-$repo/build/device-check}

die() {
    echo "pack_kwb.sh: $*" >&2
    exit 1
}
[[ -x $kwb ]] || die "$kwb: not found (build it: cmake --build --preset dev --target kwb_portable)"
# shellcheck disable=SC2016 # a literal $ORIGIN
readelf -d "$kwb" | grep -q 'Library rpath: \[\$ORIGIN/lib\]' \
    || die "$kwb: no DT_RPATH \$ORIGIN/lib: it would not find the carried libraries (use the kwb_portable target)"

stage=$(mktemp -d "${TMPDIR:-/tmp}/kwb-carry.XXXXXX")
trap 'rm -rf "$stage"' EXIT
root=$stage/kwb-carry
mkdir -p "$root/lib" "$root/fallback"
strip --strip-all -o "$root/kwb" "$kwb"

# The C library and its loader stay the host's: a carried libc would have to match the carried loader, and
# everything kwb starts uses the host's. The rest is copied under its soname (what the loader asks for).
while read -r name path; do
    case $name in
    linux-vdso.so.* | ld-linux*.so.* | libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* \
        | libresolv.so.*)
        continue
        ;;
    libstdc++.so.* | libgcc_s.so.*) cp -L "$path" "$root/fallback/$name" ;;
    *) cp -L "$path" "$root/lib/$name" ;;
    esac
done < <(ldd "$kwb" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }')

glibc_needed() {
    objdump -T "$1" 2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' | sort -uV | tail -1
}
{
    echo "kwb-carry: kwb for a GPU host without Qt (tests/gpu/README.md)"
    # shellcheck disable=SC1091
    echo "made: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n) ($(. /etc/os-release && echo "$PRETTY_NAME"))"
    echo "from: $kwb ($("$kwb" --version 2>/dev/null | head -1))"
    echo "git:  $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)"
    echo
    echo "bytes     newest GLIBC needed  sha256  file"
    (cd "$root" && for f in kwb lib/* fallback/*; do
        printf '%-9s %-20s %s  %s\n' "$(stat -c %s "$f")" "$(glibc_needed "$f")" "$(sha256sum "$f" | cut -c1-16)" "$f"
    done)
    echo
    echo "uncompressed total: $(du -sb "$root" | cut -f1) bytes"
} > "$root/MANIFEST.txt"

mkdir -p "$dest"
tar -C "$stage" -czf "$dest/kwb-carry.tar.gz.part" kwb-carry
mv "$dest/kwb-carry.tar.gz.part" "$dest/kwb-carry.tar.gz"
cp "$root/MANIFEST.txt" "$dest/kwb-carry.manifest.txt"
echo "compressed: $(stat -c %s "$dest/kwb-carry.tar.gz") bytes ($dest/kwb-carry.tar.gz)" \
    >> "$dest/kwb-carry.manifest.txt"
tail -2 "$dest/kwb-carry.manifest.txt"
