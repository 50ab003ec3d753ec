#!/bin/sh
# tools/mkswap-image.sh - make a raw disk image holding a Linux swap area.
#
#	tools/mkswap-image.sh [IMAGE [SIZE_MIB]]	(default build/swap.img, 32)
#
# The whole disk is one version-1 swap area ("SWAPSPACE2", as Mapback's
# mm/reclaim/swapfile.c reads it), written by util-linux mkswap, so QEMU can
# attach it as a second IDE disk (hdb):
#	-drive file=build/swap.img,format=raw,if=ide,index=1
# An existing image is remade: swap contents never outlive a boot.  Images
# over 64 MiB are sparse.
set -eu

img=${1:-build/swap.img}
mib=${2:-32}

mkswap=$(command -v mkswap || true)
[ -n "$mkswap" ] || for d in /sbin /usr/sbin; do
	[ -x "$d/mkswap" ] && mkswap=$d/mkswap
done
if [ -z "$mkswap" ]; then
	echo "mkswap-image: mkswap not found (install util-linux)" >&2
	exit 1
fi

case $mib in
''|*[!0-9]*) echo "mkswap-image: size must be MiB, a number: $mib" >&2; exit 1 ;;
esac

mkdir -p "$(dirname "$img")"
rm -f "$img"
# Up to 64 MiB written out; larger images (the high-memory boots' swap of
# a GiB or more) sparse, so they cost the host only what the boot writes.
# mkswap's warning about holes is meant for swap files on the host's own
# file system, not for a disk image.
if [ "$mib" -le 64 ]; then
	dd if=/dev/zero of="$img" bs=1M count="$mib" 2>/dev/null
else
	truncate -s "${mib}M" "$img"
fi
chmod 600 "$img"
# -f: a plain file is fine; a fixed label and UUID keep the image the same
# from build to build.
"$mkswap" -f -L mapback-swap -U 6d617062-6163-6b00-0000-000000000001 \
	"$img" 2>&1 >/dev/null | { grep -v -e 'holes or other unsupported' \
	-e 'rejected by kernel on swap activation' -e 'Use --verbose' \
	-e '^$' >&2 || true; }
echo "mkswap-image: $img, $mib MiB"
