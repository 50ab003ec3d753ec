#!/bin/bash
# tools/power-cut.sh - the power-cut series on ext2: boot, write, kill,
# repair, check.
#
#	tools/power-cut.sh LOG TIMEOUT CMDLINE QEMU ARGS...
#
# For each cut point k of POWERCUT_CUTS (default "2 7 19 45"): a fresh
# ext2 file system (mke2fs, 16 MiB; 1 KiB blocks at odd points, 4 KiB at
# even ones) becomes the whole of hdc; QEMU boots KERNEL with CMDLINE
# (which runs user/tests/ext2_powercut.c on /dev/hdc) and ARGS, and is
# killed (SIGKILL: no unmount, no sync, writes in flight lost) as soon as
# the workload has printed its k-th "synced" line, while it writes the
# next file and the unsynced churn around it.  tools/power-cut-check.py
# then repairs the image with `e2fsck -fy`, demands a clean `e2fsck -fn`,
# and reads back every file the log says was synced.
#
# Each cut's serial log is build/powercut-K.log; LOG gets an "ok" or
# "not ok" line per cut (with the checker's report as "#" lines) and
# ends with "power-cut: all N cuts intact" when all passed
# (tools/test-boots' summary for the boot), or "power-cut: M of N cuts
# failed".  A cut whose boot ends or times out before its k-th line
# fails.
set -u

log=$1 timeout=$2 cmdline=$3
shift 3
KERNEL=${KERNEL:-build/mapback.elf}
cuts=${POWERCUT_CUTS:-2 7 19 45}
mke2fs=$(command -v mke2fs || echo /sbin/mke2fs)
failed=0 total=0

: >"$log"
for k in $cuts; do
	total=$((total + 1))
	img=build/powercut-$k.img clog=build/powercut-$k.log
	bs=$((k % 2 ? 1024 : 4096))
	rm -f "$img" "$clog"
	"$mke2fs" -q -F -t ext2 -b "$bs" "$img" 16M >/dev/null 2>&1
	: >"$clog"
	"$@" -kernel "$KERNEL" -append "$cmdline" -display none \
		-monitor none -serial "file:$clog" -no-reboot \
		-drive "file=$img,format=raw,if=ide,index=2" \
		</dev/null >"$clog.out" 2>&1 &
	pid=$!
	# The k-th synced line, read as QEMU writes it; tail ends with QEMU
	# (or the timeout), so a boot that stops early ends the wait too.
	n=$(grep -m "$k" -c '# powercut: synced' < <(timeout "$timeout" \
		tail --pid="$pid" -n +1 -F "$clog" 2>/dev/null))
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if [ "$n" -lt "$k" ]; then
		echo "not ok $total - cut $k: the boot ended before $k files" \
			"were synced (see $clog)" >>"$log"
		failed=$((failed + 1))
		continue
	fi
	seen=$(grep -c '# powercut: synced' "$clog")
	if grep -q -e 'Kernel panic' -e '^ *not ok' "$clog"; then
		echo "not ok $total - cut $k: the kernel panicked or the workload" \
			"failed before the cut (see $clog)" >>"$log"
		failed=$((failed + 1))
		continue
	fi
	if tools/power-cut-check.py "$img" "$clog" >"$clog.check" 2>&1; then
		sed 's/^/# /' "$clog.check" >>"$log"
		echo "ok $total - cut $k ($bs-byte blocks): killed after" \
			"$seen synced files, all intact" >>"$log"
		rm -f "$img"
	else
		sed 's/^/# /' "$clog.check" >>"$log"
		echo "not ok $total - cut $k ($bs-byte blocks): killed after" \
			"$seen synced files (image kept: $img)" >>"$log"
		failed=$((failed + 1))
	fi
done
if [ "$failed" -eq 0 ]; then
	echo "power-cut: all $total cuts intact" >>"$log"
else
	echo "power-cut: $failed of $total cuts failed" >>"$log"
fi
[ "$failed" -eq 0 ]
