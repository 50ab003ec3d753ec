#!/bin/sh
# tools/check-386.sh - fail if a binary uses an instruction a 386 lacks.
#
#	tools/check-386.sh [FILE...]	(default build/mapback.elf)
#
# Each FILE is an ELF (the kernel, a user program) or a newc cpio archive
# (an initramfs), whose every ELF member is scanned.  Mapback runs on a 386,
# so the kernel and every program it ships are compiled with -march=i386,
# but inline asm, NASM files, musl's assembly and a stray libgcc routine
# can still bring in newer instructions, and QEMU runs most of them even
# as a "486".  So disassemble everything and look for them.  They are
# allowed only inside the functions named in ALLOWED, each of which checks
# the CPU before using one: the kernel's in kernel/cpu/cpu.c (boot_cpu), musl's
# fenv functions (the SSE control register only when AT_HWCAP has SSE) and
# the benchmarks' bench_rdtsc (user/bench/bench.h, AT_HWCAP's TSC bit).
# Compiler clones of those (name.part.0, name.constprop.0) count as them.
set -eu

ALLOWED="cpu_cpuid cpu_rdtsc cpu_invlpg cpu_enable_fxsr cpu_fxsave cpu_fxrstor
feclearexcept feraiseexcept __fesetround fegetround fegetenv fesetenv fetestexcept
bench_rdtsc"

# AT&T mnemonics: cmov*, cpuid, rdtsc(p), bswap, xadd, cmpxchg(8b) (486
# and later), invlpg, invd, wbinvd, rdmsr, wrmsr, fxsave/fxrstor,
# sysenter/sysexit, the P6 x87 ones (fcmov*, fcomi*, fucomi*), SSE's
# ldmxcsr/stmxcsr and fisttp, the long nops (0f 1f) and CET's endbr32.
# CR4 moves and MMX/SSE registers are matched on the operands below.
BANNED='^(cmov[a-z]*|cpuid|rdtscp?|bswap|xadd[bwl]?|cmpxchg[bwl]?|cmpxchg8b|invlpg|invd|wbinvd|rdmsr|wrmsr|fxsave|fxrstor|sysenter|sysexit|fcmov[a-z]*|fu?comip?|fisttp[sl]?l?|ldmxcsr|stmxcsr|nop[wl]|endbr32)$'

objdump=${OBJDUMP:-objdump}
if ! command -v "$objdump" >/dev/null 2>&1; then
	objdump=i686-linux-gnu-objdump
fi

# scan_elf ELF [NAME]: the disassembly check of one ELF, reported as NAME.
scan_elf() {
	"$objdump" -d --no-show-raw-insn "$1" | awk -v allowed="$ALLOWED" \
		-v banned="$BANNED" -v elf="${2:-$1}" '
BEGIN {
	n = split(allowed, a, /[ \n]+/)
	for (i = 1; i <= n; i++)
		ok[a[i]] = 1
}
# "c0101000 <name>:" starts a function.
/^[0-9a-f]+ <.*>:$/ {
	fn = $2
	gsub(/[<>:]/, "", fn)
	base = fn
	sub(/\..*/, "", base)
	next
}
# "c0101003:	mnemonic operands"
/^ *[0-9a-f]+:\t/ {
	line = $0
	sub(/^ *[0-9a-f]+:\t/, "", line)
	m = split(line, w, /[ \t]+/)
	i = 1
	while (i < m && w[i] ~ /^(lock|rep|repz|repe|repnz|repne|data16|addr16|cs|ds|es|fs|gs|ss)$/)
		i++
	op = w[i]
	bad = op ~ banned || (op ~ /^mov/ && line ~ /%cr4/) || line ~ /%[xy]?mm[0-9]/
	if (bad && !(base in ok)) {
		printf "check-386: %s: %s in %s: %s\n", elf, op, fn, line
		found++
	}
}
END {
	if (found) {
		printf "check-386: %s: %d instruction(s) newer than the 386\n", elf, found
		exit 1
	}
}'
}

is_elf() {
	[ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ]
}

# scan_cpio ARCHIVE: unpack into a scratch directory, scan each ELF in it,
# once for all its hard links (the tests are one program, user/user.mk).
scan_cpio() {
	dir=$(mktemp -d)
	status=0
	seen=" "
	(cd "$dir" && cpio -id --quiet --no-absolute-filenames) <"$1" || status=1
	for f in $(cd "$dir" && find . -type f | LC_ALL=C sort); do
		ino=$(stat -c %i "$dir/$f")
		case $seen in *" $ino "*) continue ;; esac
		seen="$seen$ino "
		if is_elf "$dir/$f"; then
			scan_elf "$dir/$f" "$1:${f#./}" || status=1
			elves=$((elves + 1))
		fi
	done
	rm -rf "$dir"
	return $status
}

failed=0
elves=0
[ $# -gt 0 ] || set -- build/mapback.elf
for f in "$@"; do
	if [ ! -f "$f" ]; then
		echo "check-386: $f: no such file" >&2
		failed=1
	elif is_elf "$f"; then
		scan_elf "$f" || failed=1
		elves=$((elves + 1))
	else
		scan_cpio "$f" || failed=1
	fi
done
if [ $failed -ne 0 ]; then
	exit 1
fi
echo "check-386: $elves ELF file(s) in $*: ok (post-386 instructions only in functions that check the CPU)"
