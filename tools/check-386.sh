#!/bin/sh
# tools/check-386.sh - fail if the kernel uses an instruction a 386 lacks.
#
#	tools/check-386.sh [build/mapback.elf]
#
# The kernel is compiled with -march=i386, but inline asm, NASM files and
# a stray libgcc routine can still bring in newer instructions, and QEMU
# runs most of them even as a "486".  So disassemble the whole image and
# look for them.  They are allowed only inside the functions named in
# ALLOWED, each of which checks boot_cpu before using one (kernel/cpu.c).
# Compiler clones of those (name.part.0, name.constprop.0) count as them.
set -eu

ALLOWED="cpu_cpuid cpu_rdtsc cpu_invlpg cpu_enable_fxsr cpu_fxsave cpu_fxrstor"

# AT&T mnemonics: cmov*, cpuid, rdtsc(p), bswap, xadd, cmpxchg(8b),
# invlpg, wbinvd, fxsave/fxrstor, sysenter/sysexit; CR4 moves are below.
BANNED='^(cmov[a-z]*|cpuid|rdtscp?|bswap|xadd[bwl]?|cmpxchg[bwl]?|cmpxchg8b|invlpg|wbinvd|fxsave|fxrstor|sysenter|sysexit)$'

elf=${1:-build/mapback.elf}
objdump=${OBJDUMP:-objdump}
if ! command -v "$objdump" >/dev/null 2>&1; then
	objdump=i686-linux-gnu-objdump
fi
[ -f "$elf" ] || { echo "check-386: $elf: no such file" >&2; exit 2; }

"$objdump" -d --no-show-raw-insn "$elf" | awk -v allowed="$ALLOWED" \
	-v banned="$BANNED" -v elf="$elf" '
BEGIN {
	n = split(allowed, a, " ")
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
	bad = op ~ banned || (op ~ /^mov/ && line ~ /%cr4/)
	if (bad && !(base in ok)) {
		printf "check-386: %s: %s in %s: %s\n", elf, op, fn, line
		found++
	}
}
END {
	if (found) {
		printf "check-386: %d instruction(s) newer than the 386 outside %s\n", found, allowed
		exit 1
	}
	print "check-386: " elf ": ok (post-386 instructions only in " allowed ")"
}'
