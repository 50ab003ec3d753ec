#!/bin/bash
# tools/userland/run.sh - the command lines of the real-userland boot.
#
# Installed as /tests/userland in build/userland-initramfs.cpio, so that
# init's runtests mode starts it (as Debian's bash, through the #! line)
# like any user test, in /tmp.  Runs every /userland/tests/NAME (sorted)
# as a program, so its own #! line picks bash, dash, gawk, ..., in a
# fresh directory, stdout and stderr together, and compares what it
# printed with /userland/tests/NAME.expected, Linux's output
# (docs/userland.md).  Prints indented TAP, a diff under each mismatch,
# and `userland: N passed, N failed`; exits 1 when one failed.
export LC_ALL=C TZ=UTC
# What a system's early boot scripts (udev, initramfs-tools) make and
# devtmpfs does not: bash's process substitution opens /dev/fd/N.
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
umask 022
dir=/userland/tests
work=$PWD/userland
pass=0
fail=0
n=0
for t in "$dir"/*; do
	case $t in *.expected) continue ;; esac
	name=${t##*/}
	n=$((n + 1))
	rm -rf "$work"
	mkdir -p "$work"
	got=$(cd "$work" && "$t" 2>&1 </dev/null; echo "exit $?")
	if [ "$got" = "$(cat "$t.expected")" ]; then
		pass=$((pass + 1))
		echo "    ok $n - $name"
	else
		fail=$((fail + 1))
		echo "    not ok $n - $name"
		diff -u --label expected --label got "$t.expected" - <<<"$got" | sed 's/^/    # /'
	fi
done
rm -rf "$work"
echo "    1..$n"
echo "userland: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
