#!/bin/bash
# tools/mkfuzz-boots.sh - the boots of `make fuzz`, in tools/test-boots'
# format, on stdout.
#
#   tools/mkfuzz-boots.sh SECS SEED "RMAP_MODES" "MEM_SIZES" [BATCHES]
#
# One boot per rmap mode and memory size.  A boot at 8M (or less) gets
# the swap disk and swaps on it, as the user-swap-8m test boot does.  Each
# runs init's runfuzz: the fuzzer for SECS seconds, then the audits, two
# test programs and the leak check, with the lock validator on (a report
# fails the boot).  The timeout leaves room for those.  BATCHES, when
# given, is the fuzzer's FUZZ_BATCHES: only those batches of SEED's run
# are made (user/fuzz.c), to narrow down a failure.
set -euo pipefail

secs=$1 seed=$2 modes=$3 mems=$4 batches=${5:-}
swap_args="-drive file=build/swap.img,format=raw,if=ide,index=1,snapshot=on"

for mode in $modes; do
	for mem in $mems; do
		args="-initrd build/initramfs.cpio"
		extra=${batches:+FUZZ_BATCHES=$batches}
		megs=${mem%M}
		if [ "$megs" -le 8 ]; then
			args="$args $swap_args"
			extra="$extra TEST_SWAP_DEV=/dev/hdb"
		fi
		echo "fuzz-$mode-$mem | qemu | 32 | $((secs * 2 + 180)) | $args |" \
			"init=/sbin/init runfuzz rmap=$mode mem=$mem FUZZ_SECS=$secs" \
			"FUZZ_SEED=$seed lockdep $extra | ^fuzz: [0-9]+ passed, [0-9]+ failed"
	done
done
