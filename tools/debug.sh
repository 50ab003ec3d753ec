#!/bin/bash
# tools/debug.sh - start Mapback in QEMU stopped at the first instruction and
# attach gdb to it (`make debug`).
#
#   tools/debug.sh KERNEL [CMDLINE] [INITRAMFS]
#
# QEMU runs with -s -S: a gdb stub on localhost:1234 and the CPU halted until
# gdb says `continue`.  tools/gdbinit loads the kernel's symbols, connects and
# stops at kmain.  Serial output goes to build/debug-serial.log (watch it
# with `tail -f` in another terminal); QEMU ends when gdb does.
set -euo pipefail

kernel=$1 cmdline=${2:-} initramfs=${3:-}
cd "$(dirname "$0")/.."

display=(-display none)
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
	display=()
fi
initrd=()
if [ -n "$initramfs" ] && [ -f "$initramfs" ]; then
	initrd=(-initrd "$initramfs")
fi

qemu-system-i386 -kernel "$kernel" -append "$cmdline" -m 32 -no-reboot \
	-serial file:build/debug-serial.log -monitor none "${display[@]}" \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 "${initrd[@]}" -s -S &
qemu=$!
trap 'kill "$qemu" 2>/dev/null; wait "$qemu" 2>/dev/null' EXIT
echo "debug: QEMU pid $qemu waiting for gdb; serial in build/debug-serial.log"
gdb -q -x tools/gdbinit
