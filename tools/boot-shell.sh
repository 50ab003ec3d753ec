#!/bin/bash
# tools/boot-shell.sh - boot Mapback to its shell and talk to it on COM1.
#
#   tools/boot-shell.sh LOG TIMEOUT 'SWAP [check: CMD] [boot: WORDS]' QEMU [QEMU-ARG...]
#
# For the boots of tools/test-boots that check what a person at the
# console would see (the boot floppy): QEMU runs with COM1 on a pipe, and
# this script waits for the shell's prompt, runs a few commands, checks
# their output, and powers the machine off with BusyBox's `poweroff`.
# SWAP is a swap device for the shell to turn on before `free` (e.g.
# /dev/hdb), or empty.  With `check: CMD` the shell runs CMD (the hard
# disk's /sbin/hdd-check, which checks the swap /etc/rc turned on) instead
# of the swap steps, and it must exit with 0.  With `boot: WORDS` the
# medium has Mapback's loader (the floppy or the hard disk) and its
# boot: prompt is answered as a person would: Ctrl-U
# erases the built-in line, WORDS are typed with a stray character taken
# back by Backspace, and Enter boots; the kernel must then get exactly
# WORDS.
# Everything COM1 said goes to LOG; the last line is
# `shell: N passed, N failed`, one per step.  The tty echoes what is typed,
# so an expected answer is computed by the shell ($((2 + 3)), $?) and never
# appears in the command itself.  Waits are for output, never
# fixed sleeps; each gives up after TIMEOUT seconds, and so does the boot.
set -uo pipefail

log=$1 timeout=$2 swap=$3 words= check=
shift 3
if [[ $swap == *"boot:"* ]]; then
	words=${swap#*boot:}
	words=${words# }
	swap=${swap%%boot:*}
	swap=${swap% }
fi
if [[ $swap == *"check:"* ]]; then
	check=${swap#*check:}
	check=${check# }
	swap=${swap%%check:*}
	swap=${swap% }
fi
: >"$log"
# The whole boot, like each wait, ends after TIMEOUT seconds.
coproc QEMU { exec timeout -k 5 "$timeout" "$@" -display none -monitor none \
	-serial stdio -no-reboot 2>/dev/null; }
qemu_pid=$QEMU_PID
# Our own copies of its ends: bash unsets QEMU when QEMU exits, and a
# step after that must fail as a test, not end the script; a write to a
# QEMU that is gone fails (EPIPE) instead of killing us.
exec {qemu_out}<&"${QEMU[0]}" {qemu_in}>&"${QEMU[1]}"
trap '' PIPE
passed=0
failed=0
seen=""

# wait_for TEXT: read COM1 until TEXT appears; what came after it stays.
wait_for() {
	local deadline=$((SECONDS + timeout)) c
	while [[ $seen != *"$1"* ]]; do
		if ! IFS= read -r -t 1 -N 1 c <&"$qemu_out"; then
			kill -0 "$qemu_pid" 2>/dev/null && ((SECONDS < deadline)) &&
				continue
			return 1
		fi
		seen+=$c
		printf '%s' "$c" >>"$log"
	done
	seen=${seen#*"$1"}
}

# step NAME TEXT [COMMAND]: type COMMAND (if any), expect TEXT, in TAP.
step() {
	[ $# -gt 2 ] && printf '%s\n' "$3" >&"$qemu_in"
	if wait_for "$2"; then
		passed=$((passed + 1))
		echo "ok - $1" >>"$log.tap"
	else
		failed=$((failed + 1))
		echo "not ok - $1 (no '$2' within ${timeout}s)" >>"$log.tap"
	fi
}

# keys FORMAT [ARG...]: type what printf makes of them, no newline added.
keys() {
	# shellcheck disable=SC2059
	printf "$@" >&"$qemu_in"
}

rm -f "$log.tap"
if [ -n "$words" ]; then
	step "the loader's boot: prompt" "boot: "
	keys '\025%sx\b\r' "$words"
	step "the kernel gets the typed line" $'Command line: '"$words"$'\r'
fi
step "shell prompt" "built-in shell"
step "prompt" "# "
step "arithmetic" "floppy-42" 'echo floppy-$((6 * 7))'
if [ -n "$check" ]; then
	step "$check" "check-status-0" "$check; echo check-status-\$?"
elif [ -n "$swap" ]; then
	step "swapon $swap" "swap-on-0" "swapon $swap; echo swap-on-\$?"
	step "free shows swap" "swap-total-5" \
		"free; free | grep -q '^Swap: *[1-9]' && echo swap-total-\$((2 + 3))"
	step "swap in /proc/swaps" "$swap" "cat /proc/swaps"
else
	step "free" "Mem:" "free"
fi
step "prompt again" "# "
step "poweroff" "Power down" "poweroff"
# The machine goes off by itself; a hung one is ended by the timeout.
cat <&"$qemu_out" >>"$log" &
if wait "$qemu_pid"; then
	echo "ok - powered off" >>"$log.tap"
	passed=$((passed + 1))
else
	echo "not ok - powered off (killed after ${timeout}s, or QEMU failed)" >>"$log.tap"
	failed=$((failed + 1))
fi
wait
{ echo; cat "$log.tap"; echo "shell: $passed passed, $failed failed"; } >>"$log"
rm -f "$log.tap"
[ "$failed" -eq 0 ]
