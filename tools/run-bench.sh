#!/bin/bash
# tools/run-bench.sh - boot the benchmarks on Mapback and Linux, print a table.
#
#   tools/run-bench.sh
#
# Boots the bench initramfs (build/bench-initramfs.cpio: init, BusyBox and
# the programs of user/bench) five times on the same emulated machine, the
# reverse map's history in order: Mapback with rmap=pte_chain (2.5.62),
# with rmap=objrmap i_mmap=list (objrmap with the plain VMA lists of the
# 2003 patch), with rmap=objrmap (the interval tree), with rmap=anon_vma
# (2.6.7), and
# Debian's i386 Linux kernel (tools/fetch-linux.sh fetches it on first
# use).  Every boot has the same swap disk (build/swap-bench.img, 128 MiB,
# snapshot) on as /dev/hdb, so the reclaim benchmarks can reclaim, and the
# same ext2 disk (build/ext2-bench.img, tools/mkext2-bench-image.sh,
# snapshot) as /dev/hdc for ext2_file; Linux
# boots build/bench-linux-initramfs.cpio, the bench initramfs with the
# disk modules appended as tools/test-linux.sh does, and init loads them
# (user/linux_boot.h).  init's
# `runbench` mode runs every program in /bench and powers off.  Each boot
# runs under `-icount shift=0`, where the TSC counts guest instructions, so
# the figures are the same on every run and every host; COM1 goes to
# build/bench-NAME.log.  The table has one row per `bench NAME METRIC VALUE`
# line and one column per boot; "-" is a figure that boot did not print.
#
# When Linux cannot be fetched or unpacked, the table has no Linux column.
# A boot that fails (timeout, no `bench: N passed, 0 failed` line) is
# reported with the end of its log, and the exit status is 1; every boot
# has panic=-1, so a kernel that panics ends its boot at once rather than
# at the timeout.  The table
# also goes to build/bench-table.txt, and tools/bench-plot.sh draws it into
# build/bench-*.png when gnuplot is there.
#
# Environment: KERNEL (build/mapback.elf), BENCH_INITRAMFS
# (build/bench-initramfs.cpio), BENCH_MEM (MiB, default 48: Debian's
# kernel does not boot in 32), BENCH_CPU (default qemu32), BENCH_TIMEOUT
# (seconds per boot, default 900), BENCH_ARGS (words for every command
# line, e.g. BENCH_FORKS=8), LINUX (a bzImage to use instead of fetching
# one; "none" for no Linux column), BENCH_RUNS (boots of each
# configuration, default 1; with 2 the table also says whether the two
# runs printed the same figures, and how far each figure of the Mapback
# boots moved), BENCH_JOBS (boots at a time, default all of them; 1 on a
# busy machine), BENCH_KERNELS (the columns to boot, default
# "pte_chain objrmap_list objrmap anon_vma linux"; MODE_highpte, e.g.
# objrmap_highpte, boots MODE with highpte), BENCH_WALL (1: after
# the -icount boots, boot each column once more without -icount, as
# NAME.wall, whose *_ms rows are wall-clock milliseconds; one boot at a
# time, so that they do not slow each other down), BENCH_SWAP_MIB (the
# swap disk's size, default 128; sparse above 64, for a -m 3072 machine
# whose morton hog is BENCH_MORTON_HOG_MIB=3072), BENCH_KERNBENCH_MEMS
# (e.g. "16 32", which make bench passes: kernbench compiling from the
# userland disk, below, once per size in MiB per column, as NAME.kbM).
#
# When build/userland-disk.img (BENCH_USERLAND_DISK: another, or "none")
# exists (tools/mkuserland-disk.sh, make
# userland-disk), it is attached as the secondary slave (hdd, snapshot)
# with TEST_USERLAND_DEV=/dev/hdd, and kernbench chroots into it and
# compiles from ext2.  A NAME.kbM boot runs kernbench alone with mem=MM
# on the command line (QEMU's -m stays BENCH_MEM: Debian's kernel does
# not boot in less) and its figures, named mM_*, join NAME's column (and
# NAME.kbM.wall's NAME.wall's).
set -eu

cd "$(dirname "$0")/.."
. tools/linux-cmdline.sh

KERNEL=${KERNEL:-build/mapback.elf}
BENCH_INITRAMFS=${BENCH_INITRAMFS:-build/bench-initramfs.cpio}
BENCH_MEM=${BENCH_MEM:-48}
BENCH_CPU=${BENCH_CPU:-qemu32}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-900}
BENCH_ARGS=${BENCH_ARGS:-}
BENCH_RUNS=${BENCH_RUNS:-1}
BENCH_JOBS=${BENCH_JOBS:-0}
BENCH_KERNELS=${BENCH_KERNELS:-pte_chain objrmap_list objrmap anon_vma linux}
BENCH_WALL=${BENCH_WALL:-0}
BENCH_KERNBENCH_MEMS=${BENCH_KERNBENCH_MEMS:-}
BENCH_SMP=${BENCH_SMP:-1}
# sdet's users in a NAME.sN boot: N by default, one per CPU; 1 measures
# one user's sequential script on N CPUs (what moving it costs).
BENCH_SMP_USERS=${BENCH_SMP_USERS:-}
SWAP=build/swap-bench.img
SWAP_MIB=${BENCH_SWAP_MIB:-128}
EXT2=build/ext2-bench.img
USERLAND_DISK=${BENCH_USERLAND_DISK:-build/userland-disk.img}
LINUX_INITRAMFS=build/bench-linux-initramfs.cpio
LINUX=${LINUX:-}
QEMU=${QEMU:-qemu-system-i386}
SUMMARY='^bench: [0-9]+ passed, 0 failed'

# The emulated machine, the same for every boot.  The RTC starts at a
# fixed date and follows the virtual clock, so nothing the guest reads
# depends on the host; sleep=off lets an idle guest jump to its next timer
# instead of waiting for real time to pass.
# A NAME.wall boot runs in real time instead (BENCH_WALL).
machine() {
	local cpus

	cpus=$(smp_of "$1")
	echo -smp "$cpus"
	case $1 in
	*.wall) echo -m "$BENCH_MEM" -cpu "$BENCH_CPU" \
		-rtc base=2026-01-01T00:00:00
		[ "$cpus" -eq 1 ] || echo -accel tcg,thread=multi ;;
	*) echo -m "$BENCH_MEM" -cpu "$BENCH_CPU" -icount shift=0,sleep=off \
		-rtc base=2026-01-01T00:00:00,clock=vm ;;
	esac
	echo -display none -monitor none -no-reboot \
		-drive file=$SWAP,format=raw,if=ide,index=1,snapshot=on \
		-drive file=$EXT2,format=raw,if=ide,index=2,snapshot=on
	[ ! -f "$USERLAND_DISK" ] ||
		echo -drive file=$USERLAND_DISK,format=raw,if=ide,index=3,snapshot=on
}

# icount_ok NAME: does column NAME boot under -icount?  Debian's Linux
# 6.1 does not with several CPUs on QEMU 7.2: its clock stands still at
# "x86: Booting SMP configuration" and the boot never ends, so its .sN
# columns (N > 1) are booted only without -icount (BENCH_WALL), unless
# BENCH_LINUX_ICOUNT_SMP=1.
icount_ok() {
	case $1 in
	linux.s*) [ "$(smp_of "$1")" -eq 1 ] ||
		[ "${BENCH_LINUX_ICOUNT_SMP:-0}" = 1 ] ;;
	esac
}

# smp_of NAME: the CPUs of a boot, N for a NAME.sN... boot, else 1.
smp_of() {
	local n

	n=$(echo "$1" | sed -n 's/^[^.]*\.s\([0-9][0-9]*\).*/\1/p')
	echo "${n:-1}"
}

# The disks' names for the command line.
disk_args() {
	echo TEST_SWAP_DEV=/dev/hdb TEST_EXT2_DEV=/dev/hdc
	[ ! -f "$USERLAND_DISK" ] || echo TEST_USERLAND_DEV=/dev/hdd
}

# bench_args NAME: BENCH_ARGS, and for a NAME.kbM boot kernbench alone
# in M MiB.  A NAME.sN boot runs N sdet scripts at once (or
# BENCH_SMP_USERS) and make -jN, after a kernbench build that warms the
# page cache.
bench_args() {
	local m

	case $1 in
	*.s[0-9]*) echo "BENCH_USERS=${BENCH_SMP_USERS:-$(smp_of "$1")}" \
		"BENCH_MAKE_JOBS=$(smp_of "$1")" \
		"BENCH_KERNBENCH_WARMUP=1" ;;
	esac
	case $1 in
	*.kb[0-9]*)
		m=${1#*.kb}
		m=${m%%.*}
		echo "$BENCH_ARGS" | sed 's/TEST_ONLY=[^ ]*//g'
		echo "mem=${m}M TEST_ONLY=kernbench" \
			"BENCH_KERNBENCH_PHASE=m$m" ;;
	*) echo "$BENCH_ARGS" ;;
	esac
}

# boot NAME KERNEL INITRAMFS CMDLINE: one run; leaves
# build/bench-NAME.log and .out.
boot() {
	local name=$1 kernel=$2 initramfs=$3 cmdline=$4 log=build/bench-$1.log
	local status=0

	# What else ran on the host: the load is what moves wall time.
	case $name in
	*.wall) cut -d' ' -f1 /proc/loadavg >"build/bench-$name.load" ;;
	esac
	# panic=-1: a kernel that panics reboots at once, which -no-reboot
	# turns into QEMU's exit, instead of halting until the timeout.
	# shellcheck disable=SC2046
	timeout -k 5 "$BENCH_TIMEOUT" "$QEMU" $(machine "$name") \
		-kernel "$kernel" -initrd "$initramfs" \
		-append "$cmdline panic=-1 $(echo $(disk_args) $(bench_args "$name"))" \
		-serial "file:$log" </dev/null >"build/bench-$name.out" 2>&1 ||
		status=$?
	tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
	echo "$status" >"build/bench-$name.status"
}

# check NAME: did the boot finish every benchmark?  Says why not.
check() {
	local name=$1 log=build/bench-$1.log status

	status=$(cat "build/bench-$name.status")
	if grep -Eq "$SUMMARY" "$log"; then
		return 0
	fi
	echo "run-bench: boot $name failed (status $status); end of $log:" >&2
	tail -n 15 "$log" | sed 's/^/    /' >&2
	return 1
}

# The Linux kernel to boot, or nothing when there is none.
find_linux() {
	case $LINUX in
	none) return 0 ;;
	?*) echo "$LINUX"; return 0 ;;
	esac
	if ! tools/fetch-linux.sh build 2>build/bench-fetch-linux.log; then
		echo "run-bench: could not fetch Debian's Linux kernel" \
			"(see build/bench-fetch-linux.log): no Linux column" >&2
	fi
}

# The bench initramfs with Linux's disk modules in /lib/modules.
linux_initramfs() {
	local stage=build/bench-linux-modules

	rm -rf "$stage"
	mkdir -p "$stage/lib/modules"
	cp build/linux/modules/*.ko "$stage/lib/modules/"
	(cd "$stage" && find lib | LC_ALL=C sort |
		cpio -o -H newc -R 0:0 --quiet) >"$stage.cpio"
	cat "$BENCH_INITRAMFS" "$stage.cpio" >"$LINUX_INITRAMFS"
}

# start NAME: boot one column (NAME, NAME.2 or NAME.wall) in the
# background, at most BENCH_JOBS at a time.
start() {
	local name=$1

	if [ "$BENCH_JOBS" -gt 0 ]; then
		while [ "$(jobs -rp | wc -l)" -ge "$BENCH_JOBS" ]; do
			wait -n || true
		done
	fi
	case $name in
	linux*) boot "$name" "$linux" "$LINUX_INITRAMFS" \
		"$LINUX_CMDLINE runbench" & ;;
	*) boot "$name" "$KERNEL" "$BENCH_INITRAMFS" \
		"init=/sbin/init runbench $(mode_args "${name%%.*}")" & ;;
	esac
}

# table LOG...: one row per "bench NAME METRIC VALUE", one column per log.
table() {
	awk -v n=$# '
	FNR == 1 { col++ }
	/^bench [^ ]+ [^ ]+ -?[0-9]+$/ {
		key = $2 " " $3
		if (!(key in seen)) { seen[key] = 1; order[rows++] = key }
		v[key, col] = $4
	}
	END {
		for (r = 0; r < rows; r++) {
			split(order[r], k, " ")
			printf "%-17s %-26s", k[1], k[2]
			for (c = 1; c <= n; c++)
				printf " %12s", ((order[r], c) in v) ? v[order[r], c] : "-"
			printf "\n"
		}
	}' "$@"
}

main() {
	local linux run name cpus failed=0
	local -a names=() inames=() logs=() columns

	mkdir -p build
	tools/mkswap-image.sh "$SWAP" "$SWAP_MIB" >/dev/null
	[ "$EXT2" -nt tools/mkext2-bench-image.sh ] ||
		tools/mkext2-bench-image.sh "$EXT2"
	for name in $BENCH_KERNELS; do
		if [ "$name" = linux ]; then
			linux=$(find_linux)
			[ -n "$linux" ] || continue
			linux_initramfs
		fi
		if [ "$BENCH_SMP" = 1 ]; then
			names+=("$name")
			continue
		fi
		for cpus in $BENCH_SMP; do
			names+=("$name.s$cpus")
		done
	done
	for name in "${names[@]}"; do
		icount_ok "$name" && inames+=("$name")
	done
	for run in $(seq 1 "$BENCH_RUNS"); do
		for name in "${inames[@]}"; do
			[ "$run" -gt 1 ] && name=$name.$run
			start "$name"
		done
	done
	for m in $BENCH_KERNBENCH_MEMS; do
		for name in "${inames[@]}"; do
			start "$name.kb$m"
		done
	done
	wait
	columns=("${inames[@]}")
	if [ "$BENCH_WALL" = 1 ]; then
		for name in "${names[@]}"; do
			BENCH_JOBS=1 start "$name.wall"
			wait
			for m in $BENCH_KERNBENCH_MEMS; do
				BENCH_JOBS=1 start "$name.kb$m.wall"
				wait
			done
			columns+=("$name.wall")
		done
	fi
	for name in "${columns[@]}"; do
		check "$name" || failed=1
		logs+=("$(column_log "$name")") || failed=1
	done
	[ "${#columns[@]}" -gt 0 ] || return 1

	{
		printf '%-17s %-26s' benchmark metric
		printf ' %12s' "${columns[@]}"
		printf '\n'
		table "${logs[@]}"
	} | tee build/bench-table.txt
	tools/bench-plot.sh build/bench-table.txt || true
	[ "$BENCH_SMP" = 1 ] || {
		smp_summary build/bench-table.txt
		for name in "${columns[@]}"; do
			[ ! -f "build/bench-$name.load" ] ||
				echo "host load when $name began: $(cat "build/bench-$name.load")"
		done
	} | tee build/bench-smp.txt
	[ "$BENCH_RUNS" -gt 1 ] && repeat_check "${inames[@]}"
	return "$failed"
}

# column_log NAME: the log of column NAME (NAME or NAME.wall), with the
# figures of its kernbench boots (NAME.kbM, NAME.kbM.wall) appended.
column_log() {
	local name=$1 base=${1%.wall} wall=${1#"${1%.wall}"} m out
	local status=0

	[ -n "$BENCH_KERNBENCH_MEMS" ] || { echo "build/bench-$name.log"; return 0; }
	out=build/bench-$name.all.log
	cat "build/bench-$name.log" >"$out"
	for m in $BENCH_KERNBENCH_MEMS; do
		check "$base.kb$m$wall" >&2 || status=1
		grep '^bench ' "build/bench-$base.kb$m$wall.log" >>"$out" || true
	done
	echo "$out"
	return "$status"
}

# mode_args NAME: the kernel command line words of a Mapback column;
# MODE_highpte is MODE with the page tables in high memory.
mode_args() {
	local mode=${1%_highpte} hp=

	[ "$mode" = "$1" ] || hp=" highpte"
	case $mode in
	objrmap_list) echo "rmap=objrmap i_mmap=list$hp" ;;
	*) echo "rmap=$mode$hp" ;;
	esac
}

# smp_summary TABLE: sdet and kernbench for each kernel and number of
# CPUs (the NAME.sN columns): busy instructions (run_busy_ticks, the
# lower bound; run_cpu_ticks, the upper one, where it differs), the
# virtual time of the run (run_ticks: under -icount the instructions of
# all CPUs together, so it cannot shrink with more CPUs), wall time
# (run_ms of NAME.sN.wall, multi-threaded), the speed-up in wall time
# from 1 CPU, busy instructions over Linux's with as many CPUs, and the
# kernel's share of the busy time (run_sys_pct).
# sdet's figures are per script (its N users run N times the scripts),
# kernbench's per run (three builds at every N).
smp_summary() {
	awk '
	NR == 1 { for (i = 3; i <= NF; i++) col[i] = $i; ncol = NF; next }
	($1 == "sdet" || $1 == "kernbench") &&
	$2 ~ /^(run_busy_ticks|run_cpu_ticks|run_ticks|run_ms|run_sys_pct|scripts)$/ {
		for (i = 3; i <= ncol; i++) {
			if ($i == "-") continue
			c = col[i]; wall = sub(/\.wall$/, "", c)
			split(c, part, "."); k = part[1]; n = substr(part[2], 2)
			if (n == "") continue
			key = $1 SUBSEP k SUBSEP n
			if (wall) {
				if ($2 == "run_ms") ms[key] = $i
				else if ($2 == "scripts" || $2 == "run_sys_pct")
					if (!((key, $2) in v)) v[key, $2] = $i
			}
			else v[key, $2] = $i
			if (!((k, n) in seen)) {
				seen[k, n] = 1
				if (!(k in kseen)) { kseen[k] = 1; ks[nk++] = k }
				if (!(n in nseen)) { nseen[n] = 1; ns[nn++] = n }
			}
		}
	}
	function per(key, x) { return v[key, "scripts"] ? x / v[key, "scripts"] : x }
	function fig(key, m, d) { return (key, m) in v ? sprintf("%.1f", per(key, v[key, m]) / d) : "-" }
	END {
		printf "\n%-9s %-14s %4s %12s %12s %12s %10s %8s %9s %5s\n", "benchmark",
		    "kernel", "cpus", "busy", "cpu", "ticks", "wall_ms", "speedup",
		    "busy/lnx", "sys%"
		for (b = 0; b < 2; b++) {
			bench = b ? "kernbench" : "sdet"
			d = b ? 1e6 : 1e3
			for (i = 0; i < nk; i++) for (j = 0; j < nn; j++) {
				k = ks[i]; n = ns[j]; key = bench SUBSEP k SUBSEP n
				if (!((key, "run_ticks") in v) && !(key in ms)) continue
				one = bench SUBSEP k SUBSEP 1
				w = sp = r = "-"
				if (key in ms) w = sprintf("%.1f", per(key, ms[key]))
				if ((key in ms) && (one in ms) && ms[key] > 0)
					sp = sprintf("%.2f", per(one, ms[one]) / per(key, ms[key]))
				lk = bench SUBSEP "linux" SUBSEP n
				if (((key, "run_busy_ticks") in v) && ((lk, "run_busy_ticks") in v))
					r = sprintf("%.2f", per(key, v[key, "run_busy_ticks"]) / per(lk, v[lk, "run_busy_ticks"]))
				printf "%-9s %-14s %4s %12s %12s %12s %10s %8s %9s %5s\n", bench, k, n,
				    fig(key, "run_busy_ticks", d), fig(key, "run_cpu_ticks", d),
				    fig(key, "run_ticks", d), w, sp, r,
				    (key, "run_sys_pct") in v ? v[key, "run_sys_pct"] : "-"
			}
		}
		printf "(sdet: thousands of instructions and ms per script; kernbench: millions and ms per run)\n"
	}' "$1"
}

# repeat_check NAME...: the figures of run 1 and run 2 of each boot, and
# for each figure that moved, by how much: |run 2 - run 1| / run 1 in
# percent, with the largest spread of each boot, for ticks (all virtual
# time, the idle guest's jumps from timer to timer included) and busy_ticks
# (the instructions executed) apart.  *_ms rows are virtual time and are
# left out.
repeat_check() {
	local name same=1

	for name in "$@"; do
		if diff <(grep '^bench ' "build/bench-$name.log") \
			<(grep '^bench ' "build/bench-$name.2.log") \
			>"build/bench-$name.diff"; then
			echo "$name: run 2 printed the same figures"
			continue
		fi
		same=0
		echo "$name: run 2 differs (build/bench-$name.diff):"
		spread "build/bench-$name.log" "build/bench-$name.2.log" |
			tee "build/bench-$name.spread"
	done
	[ "$same" -eq 1 ]
}

# spread LOG1 LOG2: each figure that differs, and the largest spread.
spread() {
	awk '
	FNR == 1 { run++ }
	/^bench [^ ]+ [^ ]+ -?[0-9]+$/ && $3 !~ /_ms$/ {
		key = $2 " " $3
		if (run == 1) { a[key] = $4; order[n++] = key } else b[key] = $4
	}
	END {
		max = 0
		for (i = 0; i < n; i++) {
			k = order[i]
			if (!(k in b) || a[k] == b[k]) continue
			d = b[k] - a[k]; if (d < 0) d = -d
			p = a[k] ? 100 * d / (a[k] < 0 ? -a[k] : a[k]) : 100
			printf "    %-40s %14s %14s %7.2f%%\n", k, a[k], b[k], p
			if (k ~ /busy_ticks/) {
				if (p > bmax) { bmax = p; bworst = k }
			} else if (k ~ /ticks/ && p > max) { max = p; worst = k }
		}
		if (worst != "")
			printf "    largest spread of a ticks figure: %.2f%% (%s)\n", max, worst
		if (bworst != "")
			printf "    largest spread of a busy_ticks figure: %.2f%% (%s)\n", bmax, bworst
	}' "$@"
}

main "$@"
