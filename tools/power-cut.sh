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
# With TEST_POWERCUT_ERRORS=1 in CMDLINE the series is one of disk
# errors instead of cuts: for each k of POWERCUT_CUTS (default "31 90")
# hdc sits behind QEMU's blkdebug driver with rules (build/ioerr-K.conf)
# that fail every read and write from the disk's k-th write request on,
# the same on any kernel.  The workload mounts with errors=remount-ro,
# stops at its first failed write or fsync, and the boot runs to its
# end (no panic, no hang); then the image is repaired and checked as
# after a cut: every file whose fsync succeeded must be intact.
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
errors=0
[[ " $cmdline " == *" TEST_POWERCUT_ERRORS=1 "* ]] && errors=1
cuts=${POWERCUT_CUTS:-$([ "$errors" = 1 ] && echo 31 90 || echo 2 7 19 45)}
mke2fs=$(command -v mke2fs || echo /sbin/mke2fs)
failed=0 total=0

# blkdebug rules: the state moves on at each write request; from state
# k on, every read and write fails with EIO.
errors_after() {
	local i
	for ((i = 1; i < $1; i++)); do
		printf '[set-state]\nevent = "write_aio"\nstate = "%d"\nnew_state = "%d"\n\n' \
			"$i" "$((i + 1))"
	done
	for io in read write; do
		printf '[inject-error]\nevent = "%s_aio"\niotype = "%s"\nstate = "%d"\nerrno = "5"\n\n' \
			"$io" "$io" "$1"
	done
}

# The errors series' boot k: QEMU runs to its end, then the checks.
errors_series_boot() {
	local k=$1 bs=$2 seen
	timeout -k 5 "$timeout" tail --pid="$pid" -f /dev/null
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	seen=$(grep -c '# powercut: synced' "$clog")
	if grep -q -e 'Kernel panic' -e '^ *not ok' "$clog" ||
		! grep -q '^user: [0-9]* passed' "$clog"; then
		echo "not ok $total - errors after $k writes: a panic, a hang" \
			"or a failed check (see $clog)" >>"$log"
		failed=$((failed + 1))
	elif ! grep -q '# powercut: first error' "$clog"; then
		echo "not ok $total - errors after $k writes: the workload" \
			"saw no error (see $clog)" >>"$log"
		failed=$((failed + 1))
	else
		check_image "errors after $k writes ($bs-byte blocks): $seen" \
			"synced files before the first error"
	fi
}

# The image repaired and checked (tools/power-cut-check.py): one line
# for the boot, the words "$*" saying how it ended.
check_image() {
	local ok=0
	tools/power-cut-check.py "$img" "$clog" >"$clog.check" 2>&1 && ok=1
	sed 's/^/# /' "$clog.check" >>"$log"
	if [ "$ok" = 1 ]; then
		echo "ok $total - $*, all intact" >>"$log"
		rm -f "$img"
	else
		echo "not ok $total - $* (image kept: $img)" >>"$log"
		failed=$((failed + 1))
	fi
}

: >"$log"
for k in $cuts; do
	total=$((total + 1))
	img=build/powercut-$k.img clog=build/powercut-$k.log
	bs=$((k % 2 ? 1024 : 4096))
	rm -f "$img" "$clog"
	"$mke2fs" -q -F -t ext2 -b "$bs" "$img" 16M >/dev/null 2>&1
	: >"$clog"
	drive=$img
	if [ "$errors" = 1 ]; then
		drive=blkdebug:build/ioerr-$k.conf:$img
		errors_after "$k" >"build/ioerr-$k.conf"
	fi
	"$@" -kernel "$KERNEL" -append "$cmdline" -display none \
		-monitor none -serial "file:$clog" -no-reboot \
		-drive "file=$drive,format=raw,if=ide,index=2" \
		</dev/null >"$clog.out" 2>&1 &
	pid=$!
	if [ "$errors" = 1 ]; then
		errors_series_boot "$k" "$bs"
		continue
	fi
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
	check_image "cut $k ($bs-byte blocks): killed after $seen synced files"
done
if [ "$failed" -eq 0 ]; then
	echo "power-cut: all $total cuts intact" >>"$log"
else
	echo "power-cut: $failed of $total cuts failed" >>"$log"
fi
[ "$failed" -eq 0 ]
