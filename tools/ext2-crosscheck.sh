#!/bin/bash
# tools/ext2-crosscheck.sh - one kernel writes an ext2 tree, the other
# reads it back: Mapback and Linux check each other's files.
#
#	tools/ext2-crosscheck.sh LOG TIMEOUT MEM IMAGE WRITER VERIFIER CMDLINE
#
# WRITER and VERIFIER are `mapback` (KERNEL, build/initramfs.cpio) or
# `linux` (LINUX, build/linux-initramfs.cpio, tools/linux-cmdline.sh's
# words first).  IMAGE is the writable ext2 disk of the run
# (tools/mkext2-image.sh --empty: a 1 KiB-block and a 4 KiB-block file
# system), attached as hdd, written in place; the read-only test disk is
# hdc, as in the user boots, so that Linux's init names the disks as
# Mapback does.  Both boots get MEM MiB and CMDLINE (which runs
# user/tests/ext2_crosscheck.c): the first with TEST_XCHECK=write, which
# makes the tree from its seed on both partitions, syncs and unmounts;
# then the host's `e2fsck -fn` must find both clean (a test line); then
# the second with TEST_XCHECK=verify, which mounts them read-only and
# checks every entry and every byte against the seed.
#
# LOG gets both serial logs, the e2fsck line, and at the end
# "crosscheck: WRITER wrote, VERIFIER verified" when both boots ran to
# init's summary (tools/linux-boots' summary for the boot; the test's own
# result is init's "ok"/"not ok" line in each).  The exit status is the
# first boot's that is neither a power-off (0) nor isa-debug-exit's pass
# (33) or fail (35) (that boot ends the run), else 35 if one failed, else
# 0.
set -u

cd "$(dirname "$0")/.."
. tools/linux-cmdline.sh

log=$1 timeout=$2 mem=$3 img=$4 writer=$5 verifier=$6 cmdline=$7
KERNEL=${KERNEL:-build/mapback.elf}
LINUX=${LINUX:-}
QEMU=${QEMU:-qemu-system-i386}

# boot KIND MODE LOG: one kernel with TEST_XCHECK=MODE; QEMU's status.
boot() {
	local kernel initrd words
	case $1 in
	mapback)
		kernel=$KERNEL initrd=build/initramfs.cpio
		words="panic=-1 init=/sbin/init runtests"
		;;
	linux)
		kernel=$LINUX initrd=build/linux-initramfs.cpio
		words="$LINUX_CMDLINE runtests"
		;;
	*)
		echo "ext2-crosscheck: unknown kernel '$1'" >&2
		return 2
		;;
	esac
	timeout -k 5 "$timeout" "$QEMU" -kernel "$kernel" -initrd "$initrd" \
		-append "$words $cmdline TEST_XCHECK=$2" -m "$mem" \
		-display none -monitor none -serial "file:$3" -no-reboot \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-drive file=build/ext2.img,format=raw,if=ide,index=2,snapshot=on \
		-drive "file=$img,format=raw,if=ide,index=3" </dev/null
}

status=0 ran=0
: >"$log"
for pass in 1 2; do
	kind=$writer mode=write
	[ "$pass" = 2 ] && kind=$verifier mode=verify
	echo "# crosscheck: boot $pass: $kind, TEST_XCHECK=$mode" >>"$log"
	boot "$kind" "$mode" "$log.$pass"
	s=$?
	cat "$log.$pass" >>"$log" 2>/dev/null
	grep -q '^user: [0-9]* passed' "$log.$pass" 2>/dev/null && ran=$((ran + 1))
	rm -f "$log.$pass"
	case $s in
	0 | 33) ;;
	35) status=35 ;;
	*)
		status=$s
		break
		;;
	esac
	[ "$pass" = 2 ] && break
	# What the writer left, as the host's e2fsck sees it.
	if out=$(tools/ext2-fsck.sh "$img" 2>&1); then
		echo "ok - e2fsck -fn finds both file systems clean after $kind wrote" >>"$log"
	else
		echo "not ok - e2fsck -fn finds both file systems clean after $kind wrote" >>"$log"
		echo "$out" | sed 's/^/# /' >>"$log"
	fi
	# XCHECK_DAMAGE=OFFSET (by hand): flip a byte of the image between
	# the boots, to see the verifier catch it.
	if [ -n "${XCHECK_DAMAGE:-}" ]; then
		printf '%s' "$(dd if="$img" bs=1 skip="$XCHECK_DAMAGE" count=1 2>/dev/null |
			od -An -tu1 | awk '{ printf "\\%03o", 255 - $1 }')" |
			dd of="$img" bs=1 seek="$XCHECK_DAMAGE" conv=notrunc 2>/dev/null
		echo "# crosscheck: byte $XCHECK_DAMAGE of the image flipped" >>"$log"
	fi
done
[ "$ran" = 2 ] && echo "crosscheck: $writer wrote, $verifier verified" >>"$log"
exit "$status"
