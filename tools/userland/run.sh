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
# and `userland: N passed, N failed, N todo failing`; exits 1 when one
# failed.  The command lines of /userland/todo (kernel gaps of Mapback's)
# are TAP TODO tests (`not ok N - NAME # TODO why`): failing, they count
# as "todo failing", not failed.  On Linux (`make test-linux`) every one
# must pass.
export LC_ALL=C TZ=UTC
# Python would write the .pyc files Debian's postinst makes into
# /usr/lib/python3.11: the boot's leak check wants the root as it was.
export PYTHONDONTWRITEBYTECODE=1
# What a system's early boot scripts (udev, initramfs-tools) make and
# devtmpfs does not: bash's process substitution opens /dev/fd/N.
# Removed at the end: the boot checks that the kernel got its memory back.
made_fd=
if [ ! -e /dev/fd ]; then
	ln -s /proc/self/fd /dev/fd && made_fd=yes
fi
umask 022
dir=/userland/tests
work=$PWD/userland
pass=0
fail=0
todo_fail=0
n=0
for t in "$dir"/*; do
	case $t in *.expected) continue ;; esac
	name=${t##*/}
	n=$((n + 1))
	todo=$(sed -n "s/^$name\t\(.*\)/ # TODO \1/p" /userland/todo)
	rm -rf "$work"
	mkdir -p "$work"
	got=$(cd "$work" && "$t" 2>&1 </dev/null; echo "exit $?")
	if [ "$got" = "$(cat "$t.expected")" ]; then
		pass=$((pass + 1))
		echo "    ok $n - $name$todo"
	else
		if [ -n "$todo" ]; then
			todo_fail=$((todo_fail + 1))
		else
			fail=$((fail + 1))
		fi
		echo "    not ok $n - $name$todo"
		diff -u --label expected --label got "$t.expected" - <<<"$got" | sed 's/^/    # /'
	fi
done
rm -rf "$work"
[ -z "$made_fd" ] || rm /dev/fd
echo "    1..$n"
echo "userland: $pass passed, $fail failed, $todo_fail todo failing"
[ "$fail" -eq 0 ]
