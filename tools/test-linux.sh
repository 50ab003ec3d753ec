#!/bin/bash
# tools/test-linux.sh - the user tests on Debian's i386 Linux, in QEMU.
#
#   tools/test-linux.sh [NAME...]      (make test-linux; NAMEs as BOOTS)
#
# The proof that every user test asserts Linux behaviour: boots the test
# initramfs on the kernel tools/fetch-linux.sh fetches (Debian's
# linux-image-*-686), in the boots of tools/linux-boots, judged by
# tools/run-tests.sh as `make test` judges Mapback's, ending with its own
# `N passed, N failed`.  Builds what those boots need first:
#
#   build/linux-initramfs.cpio  INITRAMFS (build/initramfs.cpio) with a
#       second cpio archive appended that holds the disk modules in
#       /lib/modules (Linux unpacks concatenated archives one after the
#       other; Mapback never sees this file);
#   build/swap-linux.img  the swap disk, larger than Mapback's because
#       the pressure sizes are multiples of a larger MemTotal.
set -euo pipefail

cd "$(dirname "$0")/.."

INITRAMFS=${INITRAMFS:-build/initramfs.cpio}
SWAP_MIB=128
STAGE=build/linux-modules

linux=$(tools/fetch-linux.sh build)

rm -rf "$STAGE"
mkdir -p "$STAGE/lib/modules"
cp build/linux/modules/*.ko "$STAGE/lib/modules/"
(cd "$STAGE" && find lib | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) \
	>build/linux-modules.cpio
cat "$INITRAMFS" build/linux-modules.cpio >build/linux-initramfs.cpio
tools/mkswap-image.sh build/swap-linux.img "$SWAP_MIB" >/dev/null

LINUX=$linux BOOTS_FILE=tools/linux-boots HOST_CHECKS=no \
	exec tools/run-tests.sh "$@"
