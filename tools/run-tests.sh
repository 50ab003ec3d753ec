#!/bin/bash
# tools/run-tests.sh - boot Mapback in each test configuration and judge the logs.
#
#   tools/run-tests.sh [NAME...]
#
# The boots are listed in tools/test-boots, or BOOTS_FILE (one line each;
# NAMEs pick some of them, default all).  Every boot runs headless with a timeout and writes
# COM1 to build/test-NAME.log.  A boot passes when its log has the summary
# line (`ktest: N passed, N failed` unless the boot names another), no
# "Kernel panic", no lock validator report, no "unknown system call" (a program's doings are logged
# at KERN_DEBUG, off the console), no `not ok`, and the emulator neither
# hung nor reported a failure through isa-debug-exit.  A boot whose
# summary names "Kernel panic" expects one: there the panic and its
# failure exit are the pass.
#
# The kernel prints TAP.  Top-level lines, those beginning exactly with
# "ok " or "not ok ", are counted over all boots; indented lines are the
# subtests of user-space programs and are not.  `ok ... # SKIP` lines are
# counted as skipped, not passed.  Host checks count as tests too: the
# kernel is a Multiboot image (grub-file), tools/check-386.sh finds no
# instruction newer than the 386 outside the CPU-checking functions, in
# the kernel and in every ELF of the archives listed in CHECK_386, every
# code quote of the book (docs/book/) is in the tree, and (when there is an
# INITRAMFS) tools/check-initramfs.sh finds /bin/sh and the core applet
# links in its cpio listing.  A boot whose args name @ext2rw@ gets its
# own copy of build/ext2rw.img there (tools/mkext2-image.sh --empty),
# and @ext2-pressure@ one of build/ext2-pressure.img (--pressure);
# after the boot, tools/ext2-fsck.sh runs `e2fsck -fn` on each
# partition of each, and anything e2fsck reports fails the boot.  A
# boot that panicked, hung or lacks its summary counts as one more failure,
# named with its log.  The last line is always `N passed, N failed`; the
# exit status is 0 only when nothing failed.
#
# Environment: KERNEL (build/mapback.elf), SMALL_KERNEL (the floppies'
# kernel without the in-kernel tests, build/mapback-small.elf), OBJDUMP (for check-386.sh),
# CHECK_386 (the initramfs archives check-386.sh scans besides the kernel),
# INITRAMFS (put on the test ISOs when the file exists), FLOPPY_INITRAMFS
# (the test floppies' module, build/floppy-initramfs.cpio), HDD_ROOT (the
# test hard disks' root, build/hdd-root.ext2), HDD_TEST (the disk the
# hdd-twice boots copy, build/hdd-test.img), FLOPPY_TEST (the floppy the
# install boots install from, build/floppy-test.img), TEST_JOBS (boots
# run at once, default 2), TEST_ARGS (words appended to every kernel
# command line, e.g. "ktest_only=printk_formats"), BOOTS_FILE (default
# tools/test-boots), HOST_CHECKS (yes; no skips the host checks, which are
# about Mapback's kernel), LINUX (the bzImage the `linux` boots start;
# `make test-linux` runs tools/linux-boots with it).
#
# With BOOTS_FILE=tools/fault-boots (`make test-faults`) the boots run the
# user suite under fault injection: the test programs are expected to fail
# some of their checks and are not counted.  What counts is the kernel:
# every audit line and the leak check must be ok, and no boot may panic or
# hang.  The report adds the injections made and the tests that failed.
# `make fuzz` (BOOTS_FILE=build/fuzz-boots) is judged the same way, the
# fuzzer's run and the "system still works" tests counting as the
# kernel's checks.
set -uo pipefail

cd "$(dirname "$0")/.."
. tools/linux-cmdline.sh

KERNEL=${KERNEL:-build/mapback.elf}
SMALL_KERNEL=${SMALL_KERNEL:-build/mapback-small.elf}
INITRAMFS=${INITRAMFS:-}
FLOPPY_INITRAMFS=${FLOPPY_INITRAMFS:-build/floppy-initramfs.cpio}
HDD_ROOT=${HDD_ROOT:-build/hdd-root.ext2}
HDD_TEST=${HDD_TEST:-build/hdd-test.img}
FLOPPY_TEST=${FLOPPY_TEST:-build/floppy-test.img}
TEST_JOBS=${TEST_JOBS:-2}
TEST_ARGS=${TEST_ARGS:-}
CHECK_386=${CHECK_386:-}
BOOTS_FILE=${BOOTS_FILE:-tools/test-boots}
HOST_CHECKS=${HOST_CHECKS:-yes}
LINUX=${LINUX:-}
# Fault boots count only the kernel's own checks (see above).
FAULT_MODE=0
[[ $BOOTS_FILE == *fault-boots || $BOOTS_FILE == *fuzz-boots ]] && FAULT_MODE=1
KERNEL_CHECKS='^(ok|not ok) [0-9]+ - (.*(: (rmap|swap) audit|no leak: .*|swapon|swapoff|processes end on SIGKILL)|fuzz|system still works: .*)( \(|$)'
injections=0
tests_failed=0
QEMU=${QEMU:-qemu-system-i386}
BOCHS=${BOCHS:-bochs}

passed=0
failed=0
skipped=0

trim() {
	local s=$1
	s=${s#"${s%%[![:space:]]*}"}
	s=${s%"${s##*[![:space:]]}"}
	printf '%s' "$s"
}

# Fill the parallel arrays b_name, b_how, ... from tools/test-boots,
# keeping only the boots named on the command line (all when none are).
load_boots() {
	local line f name
	local -a fields
	b_name=() b_how=() b_mem=() b_timeout=() b_args=() b_cmdline=() b_summary=()
	while IFS= read -r line; do
		line=$(trim "$line")
		[ -z "$line" ] || [ "${line:0:1}" = "#" ] && continue
		IFS='|' read -ra fields <<<"$line"
		for f in "${!fields[@]}"; do
			fields[f]=$(trim "${fields[f]}")
		done
		name=${fields[0]}
		if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
			continue
		fi
		b_name+=("$name")
		b_how+=("${fields[1]:-qemu}")
		b_mem+=("${fields[2]:-32}")
		b_timeout+=("${fields[3]:-60}")
		b_args+=("${fields[4]:-}")
		b_cmdline+=("$(trim "${fields[5]:-} $TEST_ARGS")")
		b_summary+=("${fields[6]:-^ktest: [0-9]+ passed, [0-9]+ failed}")
	done <"$BOOTS_FILE"
	for name in "$@"; do
		if [[ " ${b_name[*]} " != *" $name "* ]]; then
			echo "run-tests: no boot named '$name' in $BOOTS_FILE" >&2
			exit 2
		fi
	done
}

# build_medium iso|floppy|hdd: run_boot's test ISO ($iso, CMDLINE in its
# GRUB menu), test floppy or test hard disk ($img, CMDLINE built in, a
# boot: prompt that does not wait), its tool's output in $out.  Prints
# mkiso, mkfloppy or mkhdd when the tool fails, nothing when it works.
build_medium() {
	if [ "$1" = iso ]; then
		tools/mkiso.sh "$iso" "$KERNEL" "$INITRAMFS" "$cmdline" \
			>"$out" 2>&1 || echo mkiso
	elif [ "$1" = hdd ]; then
		tools/mkhdd.sh "$img" "$KERNEL" "$HDD_ROOT" "$cmdline" 0 \
			>"$out" 2>&1 || echo mkhdd
	else
		tools/mkfloppy.sh "$img" "$SMALL_KERNEL" "$FLOPPY_INITRAMFS" \
			"$cmdline" 0 >"$out" 2>&1 || echo mkfloppy
	fi
}

# run_boot I: boot configuration I; leaves build/test-NAME.{log,out,status}.
run_boot() {
	local i=$1 name=${b_name[$1]} how=${b_how[$1]} mem=${b_mem[$1]}
	local t=${b_timeout[$1]} cmdline=${b_cmdline[$1]}
	local log=build/test-$name.log out=build/test-$name.out
	local iso=build/test-$name.iso img=build/test-$name.img status start disk
	local -a args
	read -ra args <<<"${b_args[$i]}"

	rm -f "$log" "$out" "build/test-$name.status" "build/test-$name.hang" \
		build/test-"$name"-ext2*.img \
		"build/test-$name-ioerr.img"
	# @ext2rw@ in args: a fresh copy of the writable ext2 disk for this
	# boot, which judge_boot checks with e2fsck; @ext2-pressure@ the same;
	# @ioerr@ a fresh copy of the I/O error disk (tools/mkioerr-image.sh),
	# which its failed writes leave for e2fsck -fy, not -fn.
	for disk in ext2rw ext2-pressure ioerr; do
		[[ ${b_args[$i]} == *@$disk@* ]] || continue
		cp --sparse=always "build/$disk.img" "build/test-$name-$disk.img"
		args=("${args[@]//@$disk@/build/test-$name-$disk.img}")
	done
	start=$EPOCHREALTIME
	# A Mapback panic reboots at once, which -no-reboot makes an exit:
	# the boot fails now, not at its timeout.
	case $how in
	qemu | typed | qemu-iso | floppy | powercut) cmdline="panic=-1 $cmdline" ;;
	esac
	case $how in
	qemu | linux)
		local kernel=$KERNEL
		if [ "$how" = linux ]; then
			kernel=$LINUX
			cmdline="$LINUX_CMDLINE $cmdline"
		fi
		# A boot that hangs leaves each CPU's registers and kernel
		# backtrace in build/test-NAME.hang (tools/qemu-watchdog.py).
		local elf=$KERNEL
		[ "$how" = linux ] && elf=-
		timeout -k 5 $((t + 60)) tools/qemu-watchdog.py "$t" "build/test-$name.hang" "$elf" \
			"$QEMU" -kernel "$kernel" -append "$cmdline" \
			-m "$mem" -display none \
			-serial "file:$log" -no-reboot \
			-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
			"${args[@]}" </dev/null >"$out" 2>&1
		status=$?
		;;
	typed)
		timeout -k 5 "$t" tools/serial-session.py "$log" tools/serial-session.txt \
			"$QEMU" -kernel "$KERNEL" -append "$cmdline" \
			-m "$mem" -display none -monitor none \
			-serial stdio -no-reboot \
			-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
			"${args[@]}" >"$out" 2>&1
		status=$?
		;;
	qemu-iso | floppy)
		# A medium with the command line built in: a test ISO (in its
		# GRUB menu), or a test floppy whose boot: prompt does not wait.
		local -a medium
		if [ "$how" = qemu-iso ]; then
			status=$(build_medium iso)
			medium=(-cdrom "$iso" -boot d)
		else
			status=$(build_medium floppy)
			medium=(-drive "file=$img,if=floppy,format=raw" -boot a)
		fi
		if [ -z "$status" ]; then
			timeout -k 5 "$t" "$QEMU" "${medium[@]}" \
				-m "$mem" -display none -monitor none \
				-serial "file:$log" -no-reboot \
				-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
				"${args[@]}" </dev/null >>"$out" 2>&1
			status=$?
		fi
		;;
	powercut | linux-powercut)
		# Boots killed at points of an ext2 or ext3 write workload, each
		# image repaired or replayed and checked (tools/power-cut.sh);
		# the linux kind boots Debian's kernel instead, and an ext3
		# image it leaves is replayed by Mapback.
		local pk=$KERNEL
		if [ "$how" = linux-powercut ]; then
			pk=$LINUX
			cmdline="$LINUX_CMDLINE $cmdline"
		fi
		MAPBACK_KERNEL=$KERNEL KERNEL=$pk tools/power-cut.sh "$log" "$t" "$cmdline" \
			"$QEMU" -m "$mem" "${args[@]}" </dev/null >"$out" 2>&1
		status=$?
		;;
	shell)
		# The boot medium is in args (e.g. -fda); the cmdline field
		# names the swap device the shell turns on, if any, and what
		# to type at the floppy loader's boot: prompt (boot: WORDS).
		tools/boot-shell.sh "$log" "$t" "$cmdline" "$QEMU" -m "$mem" \
			-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
			"${args[@]}" </dev/null >"$out" 2>&1
		status=$?
		;;
	hdd-twice | install)
		# A copy of the test hard disk for this run, written in place
		# and booted twice as drive C, each boot driven as the shell
		# kind's; the second types HDD_CHECK_BOOTS=1 at the prompt
		# too, which the kernel hands to init's environment, so that
		# hdd-check finds the line the first boot wrote to /root/boots
		# (once the root is read-write; until then both only read).
		# Then e2fsck -fn checks the root the boots left.  install:
		# the disk is an empty one, on which the test floppy's
		# /sbin/install puts the system first, and which it must
		# then refuse to install on again without -f.
		local pass
		: >"$out"
		if [ "$how" = install ]; then
			rm -f "$img"
			truncate -s 40M "$img"
			tools/boot-shell.sh "$log.0" "$t" "check: install && { install; test \$? = 1; } boot: rmap=objrmap" \
				"$QEMU" -m "$mem" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
				-drive "file=$img,format=raw,if=ide,index=0" \
				-drive "file=$FLOPPY_TEST,if=floppy,format=raw,snapshot=on" \
				-boot a "${args[@]}" </dev/null >>"$out" 2>&1
			status=$?
		else
			cp "$HDD_TEST" "$img"
			status=0
		fi
		for pass in 1 2; do
			[ "$status" -eq 0 ] || break
			local words=$cmdline
			[ "$pass" = 2 ] && words+=" HDD_CHECK_BOOTS=1"
			tools/boot-shell.sh "$log.$pass" "$t" "$words" "$QEMU" \
				-m "$mem" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
				-drive "file=$img,format=raw,if=ide,index=0" -boot c \
				"${args[@]}" </dev/null >>"$out" 2>&1
			status=$?
			[ "$status" -eq 0 ] || break
		done
		cat "$log".[012] >"$log" 2>/dev/null
		# What the two boots left on the root, as the host's e2fsck
		# sees it: one more test.
		if [ "$status" -eq 0 ]; then
			if tools/ext2-fsck.sh "$img" >"build/test-$name.fsck" 2>&1; then
				echo "ok - e2fsck -fn finds the root clean after both boots" >>"$log"
			else
				echo "not ok - e2fsck -fn finds the root clean after both boots" >>"$log"
				sed 's/^/# /' "build/test-$name.fsck" >>"$log"
			fi
		fi
		rm -f "$log".[012] "$img"
		;;
	xcheck)
		# Two boots on the run's ext2 disk: args are @ext2rw@, the
		# kernel that writes and the one that verifies
		# (tools/ext2-crosscheck.sh); judge_boot's e2fsck follows.
		KERNEL=$KERNEL LINUX=$LINUX QEMU=$QEMU tools/ext2-crosscheck.sh \
			"$log" "$t" "$mem" "${args[@]:0:3}" "$cmdline" \
			</dev/null >"$out" 2>&1
		status=$?
		;;
	bochs | bochs-floppy | bochs-hdd)
		# bochs boots a test ISO from the CD drive; bochs-floppy a test
		# floppy (as the floppy kind's), with lines after tools/bochsrc's
		# that take the CD drive out and boot from drive A; bochs-hdd a
		# test hard disk in the CD drive's place, 16 heads and 63
		# sectors a track as tools/mkhdd.sh pads it, booted as drive C.
		# The boot's args follow as more bochsrc lines (cpu:count=2).
		local -a medium=()
		if [ "$how" = bochs ]; then
			status=$(build_medium iso)
		elif [ "$how" = bochs-hdd ]; then
			status=$(build_medium hdd)
			medium=("ata0-master: type=disk, mode=flat, path=$img, cylinders=$(($(stat -c %s "$img" 2>/dev/null || echo 0) / 516096)), heads=16, spt=63"
				"boot: disk")
		else
			status=$(build_medium floppy)
			medium=("ata0-master: type=none" "boot: floppy"
				"floppya: 1_44=$img, status=inserted")
		fi
		if [ -z "$status" ]; then
			# The debugger compiled into Debian's Bochs stops at
			# the first instruction; the rc file tells it to go on.
			echo c >"build/test-$name.rc"
			cp build/swap.img "build/test-$name-swap.img"
			# Bochs 2.7 aborts ("buffer overflow detected") under a
			# UTF-8 locale, hence LC_ALL=C.  It sometimes crashes
			# while exiting after the guest powered off; the
			# subshell puts bash's "Segmentation fault" report in
			# $out, and the verdict comes from the log anyway.
			(LC_ALL=C LANG=C BXSHARE=${BXSHARE:-/usr/share/bochs} \
				MAPBACK_ISO=$iso MAPBACK_MEGS=$mem \
				MAPBACK_SWAP=build/test-$name-swap.img \
				MAPBACK_SERIAL=$log MAPBACK_LOG=build/test-$name.bochs.log \
				timeout -k 5 "$t" "$BOCHS" -q -f tools/bochsrc \
				-rc "build/test-$name.rc" "${medium[@]}" \
				"${args[@]}" </dev/null
			 exit $?) >>"$out" 2>&1
			status=$?
			rm -f "build/test-$name-swap.img"
		fi
		;;
	*)
		status=how
		;;
	esac
	printf '%s %s\n' "$status" \
		"$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" \
		>"build/test-$name.status"
}

# summary_matches SUMMARY LOG: every regex of SUMMARY (separated by " && ")
# matches some line of LOG.
summary_matches() {
	local rest=$1 re
	while [ -n "$rest" ]; do
		re=${rest%% && *}
		[ "$re" = "$rest" ] && rest= || rest=${rest#* && }
		grep -aEq -- "$re" "$2" || return 1
	done
}

# judge_boot I: count the TAP lines of boot I and decide whether it passed.
judge_boot() {
	local i=$1 name=${b_name[$1]} how=${b_how[$1]} t=${b_timeout[$1]}
	local log=build/test-$name.log status secs ok notok skip expect_panic
	local -a why=()

	read -r status secs <"build/test-$name.status"
	if [ -f "$log" ]; then
		# The serial console writes CR LF; drop the CRs once.
		tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
	else
		: >"$log"
	fi
	ok=$(grep -ac '^ok ' "$log")
	skip=$(grep -ac -i '^ok .*# *skip' "$log")
	notok=$(grep -ac '^not ok ' "$log")
	if [ "$FAULT_MODE" -eq 1 ]; then
		local failed_here injected
		failed_here=$(grep -aEv "$KERNEL_CHECKS" "$log" | grep -ac '^not ok ')
		injected=$(grep -ac '^FAULT_INJECTION: ' "$log")
		tests_failed=$((tests_failed + failed_here))
		injections=$((injections + injected))
		ok=$(grep -aE "$KERNEL_CHECKS" "$log" | grep -ac '^ok ')
		notok=$(grep -aE "$KERNEL_CHECKS" "$log" | grep -ac '^not ok ')
		skip=0
	fi
	passed=$((passed + ok - skip))
	skipped=$((skipped + skip))
	failed=$((failed + notok))

	case $status in
	124 | 137) why+=("timed out after ${t}s") ;;
	mkiso) why+=("could not build the ISO (see build/test-$name.out)") ;;
	mkfloppy) why+=("could not build the floppy (see build/test-$name.out)") ;;
	mkhdd) why+=("could not build the hard disk (see build/test-$name.out)") ;;
	how) why+=("unknown boot kind '$how' in $BOOTS_FILE") ;;
	esac
	# A boot whose summary names the panic expects it (the deliberate
	# kernel stack overflow): the panic and the fail exit are its pass.
	if [[ ${b_summary[$i]} == *"Kernel panic"* ]]; then
		expect_panic=1
	else
		expect_panic=0
		grep -aq 'Kernel panic' "$log" && why+=("kernel panic")
	fi
	# A lock validator report (docs/locking.md) ends with this line; one
	# a ktest provokes on purpose ends with another.
	grep -aq 'turning off the locking correctness validator' "$log" &&
		why+=("lock validator report")
	# What a program provokes stays off the console, in the middle of
	# its output: the kernel logs an unknown call at KERN_DEBUG.
	grep -aq 'unknown system call' "$log" &&
		why+=("'unknown system call' on the console")
	if [ ${#why[@]} -eq 0 ] && ! summary_matches "${b_summary[$i]}" "$log"; then
		why+=("no summary line matching '${b_summary[$i]}'")
		if [[ $status =~ ^[0-9]+$ ]] && [ "$status" -gt 128 ]; then
			why+=("emulator died of signal $((status - 128)) (see build/test-$name.out)")
		fi
	fi
	# QEMU exits with (code << 1) | 1 from isa-debug-exit: 33 is the
	# kernel's pass, 35 its fail; 0 is a plain power-off.  Anything else
	# is QEMU failing.  Bochs always exits 1, so only its log counts.
	if [ ${#why[@]} -eq 0 ] && [[ $how != bochs* ]]; then
		case $status in
		0 | 33) ;;
		35) [ "$notok" -eq 0 ] && [ "$expect_panic" -eq 0 ] &&
			why+=("kernel reported failure (exit 35)") ;;
		*) why+=("emulator exited with status $status (see build/test-$name.out)") ;;
		esac
	fi

	# The boot wrote on its copy of the writable ext2 disk: e2fsck must
	# find every partition clean (one host test).
	local rw
	for rw in build/test-"$name"-ext2rw.img build/test-"$name"-ext2-pressure.img; do
		[ -f "$rw" ] && [ ${#why[@]} -eq 0 ] || continue
		if tools/ext2-fsck.sh "$rw" >"build/test-$name.fsck" 2>&1; then
			ok=$((ok + 1))
			passed=$((passed + 1))
		else
			why+=("e2fsck found errors on $rw (see build/test-$name.fsck)")
			sed 's/^/    /' "build/test-$name.fsck" | head -n 40
		fi
	done

	# The expected panic, seen, is that boot's one test.
	if [ "$expect_panic" -eq 1 ] && [ ${#why[@]} -eq 0 ]; then
		ok=$((ok + 1))
		passed=$((passed + 1))
	fi
	printf '%-14s %3d ok, %d not ok' "$name" $((ok - skip)) "$notok"
	[ "$skip" -gt 0 ] && printf ', %d skipped' "$skip"
	[ "$FAULT_MODE" -eq 1 ] && printf ', %d injections, %d tests failed' \
		"$injected" "$failed_here"
	printf ' (%ss)\n' "$secs"
	# The fuzzer's own summary: calls made, seed.
	grep -aE '^fuzz: [0-9]+ calls in' "$log" | sed 's/^/    /'
	# Show each failed test with its diagnostics: the "#" lines and
	# failed subtests printed while it ran, i.e. since the previous result.
	[ "$FAULT_MODE" -eq 1 ] && grep -aE "$KERNEL_CHECKS" "$log" |
		grep '^not ok ' | sed 's/^/    /'
	[ "$FAULT_MODE" -eq 1 ] || awk '/^ok / { n = 0; next }
	     /^not ok / { print "    " $0; for (j = 0; j < n; j++) print "    " d[j]; n = 0; next }
	     /^[ \t]*#/ || /^[ \t]+not ok / { d[n++] = $0 }' "$log"
	if [ ${#why[@]} -gt 0 ]; then
		failed=$((failed + 1))
		printf 'FAIL boot %s: ' "$name"
		printf '%s; ' "${why[@]}"
		echo "log: $log"
		# An empty log means the boot never started: show why.
		local show=$log
		[ -s "$log" ] || show=build/test-$name.out
		echo "    --- last lines of $show ---"
		tail -n 15 "$show" | awk '{ print "    " $0 }'
		if [ -s "build/test-$name.hang" ]; then
			echo "    --- where each CPU was when it timed out (build/test-$name.hang) ---"
			awk '{ print "    " $0 }' "build/test-$name.hang"
		fi
	fi
}

# Does boot I's QEMU run a host thread per CPU (-smp N, multi-threaded
# TCG)?  Two such boots at once give the host more busy threads than
# cores: a vCPU then spins for a lock whose holder's thread is not running,
# and both boots run several times slower (two smp2 swap boots on two
# cores: 87 s each, against 18 s alone and 33 s beside a one-CPU boot).
threaded_boot() {
	local a=" ${b_args[$1]} "
	[[ ${b_how[$1]} != bochs* && $a =~ \ -smp\ [2-9] && $a != *thread=single* ]]
}

# Start the boots in file order, up to TEST_JOBS at once, but never two
# threaded boots together: while one runs, the next one-CPU boot in the
# file goes first.
start_boots() {
	local -a pending=("${!b_name[@]}")
	local threaded_pid= k pick i

	while [ ${#pending[@]} -gt 0 ]; do
		while [ "$(jobs -rp | wc -l)" -ge "$TEST_JOBS" ]; do
			wait -n
		done
		if [ -n "$threaded_pid" ] &&
			! jobs -rp | grep -qx "$threaded_pid"; then
			threaded_pid=
		fi
		pick=
		for k in "${!pending[@]}"; do
			if [ -z "$threaded_pid" ] || ! threaded_boot "${pending[$k]}"; then
				pick=$k
				break
			fi
		done
		if [ -z "$pick" ]; then
			wait -n
			continue
		fi
		i=${pending[$pick]}
		unset "pending[$pick]"
		pending=("${pending[@]}")
		run_boot "$i" &
		if threaded_boot "$i"; then
			threaded_pid=$!
		fi
	done
}

host_check() {
	local what=$1
	shift
	if "$@" >build/test-check.out 2>&1; then
		passed=$((passed + 1))
		printf '%-14s ok\n' "$what"
	else
		failed=$((failed + 1))
		echo "FAIL $what: $*"
		sed 's/^/    /' build/test-check.out
	fi
}

main() {
	local i
	load_boots "$@"
	mkdir -p build
	if [ ! -f "$KERNEL" ]; then
		echo "run-tests: $KERNEL not built (run make)" >&2
		echo "0 passed, 1 failed"
		exit 1
	fi

	if [ "$HOST_CHECKS" = yes ]; then
		host_check multiboot grub-file --is-x86-multiboot "$KERNEL"
		# shellcheck disable=SC2086 # CHECK_386 is a list of files
		host_check check-386 tools/check-386.sh "$KERNEL" $CHECK_386
		# A lab's student tree (tools/mklab.sh writes its LAB file)
		# has stubs where the book's quotes and the docs' line counts
		# point: both describe the full tree.
		if [ ! -f LAB ]; then
			host_check book-quotes tools/check-book-quotes.sh
			host_check docs tools/check-docs.py
		fi
		if [ -n "$INITRAMFS" ]; then
			host_check initramfs tools/check-initramfs.sh "$INITRAMFS"
			host_check qemu-watchdog tools/check-watchdog.sh "$KERNEL" "$INITRAMFS"
		fi
	fi

	# Boot up to TEST_JOBS at once, then judge the logs in file order so
	# the report reads the same however the boots interleaved.
	start_boots
	wait
	for i in "${!b_name[@]}"; do
		judge_boot "$i"
	done

	[ "$skipped" -gt 0 ] && echo "# $skipped skipped"
	[ "$FAULT_MODE" -eq 1 ] &&
		echo "# faults: $injections injections made, $tests_failed test programs failed under them"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}

main "$@"
