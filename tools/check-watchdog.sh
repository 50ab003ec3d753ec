#!/usr/bin/env bash
# tools/check-watchdog.sh KERNEL INITRAMFS - the hung-boot dump works.
#
# Boots KERNEL on two CPUs with a shell as init under tools/qemu-watchdog.py
# and, once the shell's prompt is on the console (it then sleeps reading
# it; both CPUs idle, like a boot stuck on a lost wake-up), tells the
# watchdog to dump.  The dump must name where each CPU is from its
# registers (cpu_idle), and hold the kernel's NMI report from both CPUs
# with the shell asleep in its read of the console: the evidence a
# timed-out test boot leaves in build/test-NAME.hang.  Then the same with
# maxcpus=1: the CPU never started answers no NMI, and the watchdog must
# not wait for it.
set -uo pipefail

cd "$(dirname "$0")/.."
kernel=$1 initramfs=$2
QEMU=${QEMU:-qemu-system-i386}
log=build/check-watchdog.log dump=build/check-watchdog.hang

fail=0
expect() {
	if ! grep -Eq -- "$1" "$dump"; then
		echo "check-watchdog: no line matching '$1' in $dump"
		fail=1
	fi
}
refuse() {
	if grep -Eq -- "$1" "$dump"; then
		echo "check-watchdog: a line matching '$1' in $dump"
		fail=1
	fi
}

# dump_at_prompt APPEND: boot, wait for the prompt, dump; status in $status.
dump_at_prompt() {
	rm -f "$log" "$dump"
	tools/qemu-watchdog.py 120 "$dump" "$kernel" "$QEMU" -kernel "$kernel" \
		-append "init=/bin/sh $1" -initrd "$initramfs" -smp 2 -m 32 \
		-display none -serial "file:$log" -no-reboot </dev/null &
	watchdog=$!
	# The shell prints its prompt (and a terminal query) once, then waits.
	for _ in $(seq 600); do
		grep -aq '^/ # ' "$log" 2>/dev/null && break
		kill -0 "$watchdog" 2>/dev/null || break
		sleep 0.1
	done
	kill -USR1 "$watchdog"
	wait "$watchdog"
	status=$?
	[ "$status" -eq 124 ] || { echo "check-watchdog: watchdog exited $status, not 124"; fail=1; }
}

dump_at_prompt ""
expect '^CPU#1$'
expect '^  at [0-9a-f]{8} cpu_idle\+'
expect '^NMI received on CPU0$'
expect '^NMI received on CPU1$'
expect '^---\[ end NMI on CPU1 \]---$'
expect '^ +[0-9]+ +[0-9]+ S +[0-9]+ sh$'
expect 'sys_(poll|read)\+'
[ "$fail" -eq 0 ] || { echo "--- $dump ---"; cat "$dump"; exit 1; }

start=$SECONDS
dump_at_prompt maxcpus=1
expect '^---\[ end NMI on CPU0 \]---$'
refuse 'not every CPU answered'
refuse 'NMI received on CPU1'
if [ $((SECONDS - start)) -ge 30 ]; then
	echo "check-watchdog: the maxcpus=1 dump took $((SECONDS - start)) s"
	fail=1
fi
[ "$fail" -eq 0 ] || { echo "--- $dump ---"; cat "$dump"; }
exit "$fail"
