# shellcheck shell=sh
# tools/linux-cmdline.sh - how Mapback's scripts start Debian's Linux.
#
# Sourced by tools/run-bench.sh and tools/run-tests.sh (the `linux` boots
# of `make test-linux`).  LINUX_CMDLINE begins every Linux command line:
# the console on COM1 as Mapback's, our init straight from the initramfs
# (rdinit=, there is no root disk), only warnings on the console, and no
# address-space randomization, so that the same boot runs the same way.
# The boot adds its own words (runtests, TEST_*=...): Linux, as Mapback,
# hands words it does not know to init, as arguments or environment.

LINUX_CMDLINE="console=ttyS0 rdinit=/sbin/init quiet norandmaps"
