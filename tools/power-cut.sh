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
# With TEST_POWERCUT_FS=ext3 in CMDLINE the file systems are ext3 (mke2fs
# -t ext3) and no repair is allowed: each cut's image is checked twice,
# a copy after the host's journal replay (`e2fsck -E journal_only`), and
# the image itself after a second boot whose mount replays the journal
# (TEST_POWERCUT_REPLAY=1; under make test-linux that boot is Linux's);
# both must be `e2fsck -fn` clean with every synced file intact.  Before
# the cuts, "cut 0": a journal that debugfs wrote (jo/jw/jc: a mkdir and a file as one committed transaction, and
# one more that revokes a block of it) must be replayed by Mapback's
# mount into exactly the file system debugfs made without the journal.
#
# With TEST_POWERCUT_ERRORS=1 in CMDLINE the series is one of disk
# errors instead of cuts: for each k of POWERCUT_CUTS (default "31 90")
# hdc sits behind QEMU's blkdebug driver with rules (build/...-K.conf)
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
# failed".  A cut whose boot ends or times out before its k-th line,
# or whose log (or replay boot's) has a lock validator report, fails.
set -u

log=$1 timeout=$2 cmdline=$3
shift 3
KERNEL=${KERNEL:-build/mapback.elf}
errors=0
[[ " $cmdline " == *" TEST_POWERCUT_ERRORS=1 "* ]] && errors=1
cuts=${POWERCUT_CUTS:-$([ "$errors" = 1 ] && echo 31 90 || echo 2 7 19 45)}
mke2fs=$(command -v mke2fs || echo /sbin/mke2fs)
debugfs=$(command -v debugfs || echo /sbin/debugfs)
failed=0 total=0
fs=ext2
case " $cmdline " in *" TEST_POWERCUT_FS=ext3 "*) fs=ext3 ;; esac

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
	if grep -q -e 'Kernel panic' -e '^ *not ok' -e "$LOCKDEP_REPORT" \
		"$clog" || ! grep -q '^user: [0-9]* passed' "$clog"; then
		echo "not ok $total - errors after $k writes: a panic, a hang," \
			"a lock validator report or a failed check (see $clog)" \
			>>"$log"
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

# Boot image $1 with the replay workload (mount, umount), log in $2, on
# the kernel that did not write it: Mapback under make test; under make
# test-linux ($LINUX set) Debian's Linux, whose ext4 driver replays the
# journal Mapback wrote, or Mapback ($MAPBACK_KERNEL, on the same Linux
# initramfs, which it boots as its own) when Linux wrote it.
replay() {
	local img=$1 rlog=$2
	local boot=("${qemu[@]}" -kernel "$KERNEL")
	local words="$cmdline TEST_POWERCUT_REPLAY=1"
	if [ -n "${LINUX:-}" ]; then
		. tools/linux-cmdline.sh
		if [ "$KERNEL" = "$LINUX" ]; then
			boot=("${qemu[@]}" -kernel "$MAPBACK_KERNEL")
			words="panic=-1 init=/sbin/init ${words#"$LINUX_CMDLINE "}"
		else
			boot=("${qemu[0]}" -m 64 -kernel "$LINUX"
				-initrd build/linux-initramfs.cpio)
			words="$LINUX_CMDLINE $words"
		fi
	fi
	: >"$rlog"
	timeout "$timeout" "${boot[@]}" -append "$words" -display none \
		-monitor none -serial "file:$rlog" -no-reboot \
		-drive "file=$img,format=raw,if=ide,index=2" \
		</dev/null >"$rlog.out" 2>&1
	grep -q '^ *ok [0-9]* - umount after the replay' "$rlog" &&
		! grep -q "$LOCKDEP_REPORT" "$rlog"
}
qemu=("$@")
# The last line of a lock validator report (docs/locking.md).
LOCKDEP_REPORT='turning off the locking correctness validator'
# Files of this boot (build/powercut-K.img, build/powercut-ext3-K.img, ...):
# boots of the series may run at once.
pre=build/$(basename "${log%.log}")
pre=${pre/#build\/test-/build/}
: >"$log"

# Cut 0 (ext3): a journal written by debugfs, replayed by Mapback.
if [ "$fs" = ext3 ]; then
	total=1
	img=$pre-0.img want=$pre-0-want.img
	rm -f "$img" "$want"
	"$mke2fs" -q -F -t ext3 -b 1024 "$img" 4M >/dev/null 2>&1
	cp "$img" "$want"
	printf '\300\073\071\230 replayed from the journal\n' >$pre-0.txt
	"$debugfs" -w -f - "$want" >/dev/null 2>&1 <<-EOF
		mkdir rep
		write $pre-0.txt rep/f
	EOF
	if tools/power-cut-check.py --journal "$img" "$want" \
		>$pre-0.cmds 2>&1 &&
		"$debugfs" -w -f $pre-0.cmds "$img" >/dev/null 2>&1 &&
		replay "$img" $pre-0.log &&
		tools/power-cut-check.py --same "$img" "$want" \
			>$pre-0.check 2>&1; then
		echo "ok 1 - cut 0: a journal debugfs wrote is replayed by" \
			"Mapback into the file system debugfs made" >>"$log"
	else
		sed 's/^/# /' $pre-0.check >>"$log" 2>/dev/null
		echo "not ok 1 - cut 0: debugfs's journal not replayed as" \
			"expected (see $pre-0.log)" >>"$log"
		failed=1
	fi
fi

for k in $cuts; do
	total=$((total + 1))
	img=$pre-$k.img clog=$pre-$k.log
	bs=$((k % 2 ? 1024 : 4096))
	rm -f "$img" "$clog"
	"$mke2fs" -q -F -t "$fs" -b "$bs" "$img" 16M >/dev/null 2>&1
	: >"$clog"
	drive=$img
	if [ "$errors" = 1 ]; then
		drive=blkdebug:$pre-$k.conf:$img
		errors_after "$k" >"$pre-$k.conf"
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
	if grep -q -e 'Kernel panic' -e '^ *not ok' -e "$LOCKDEP_REPORT" \
		"$clog"; then
		echo "not ok $total - cut $k: the kernel panicked, the lock" \
			"validator reported or the workload failed before the" \
			"cut (see $clog)" >>"$log"
		failed=$((failed + 1))
		continue
	fi
	if [ "$fs" = ext3 ]; then
		# The host's replay on a copy, then Mapback's on the image.
		cp "$img" "$img.host"
		tools/power-cut-check.py --host-replay "$img.host" "$clog" \
			>"$clog.check" 2>&1
		ok=$?
		rm -f "$img.host"
		if [ $ok -eq 0 ] && ! replay "$img" "${clog%.log}-replay.log"; then
			echo "Mapback's replay boot failed" >>"$clog.check"
			ok=1
		fi
		[ $ok -eq 0 ] && tools/power-cut-check.py --clean "$img" \
			"$clog" >>"$clog.check" 2>&1
		ok=$?
	else
		tools/power-cut-check.py "$img" "$clog" >"$clog.check" 2>&1
		ok=$?
	fi
	if [ $ok -eq 0 ]; then
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
