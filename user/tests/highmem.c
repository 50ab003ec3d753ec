/*
 * highmem.c - all of the machine's RAM in use, split as its size says.
 *
 * On i386 with the 3G/1G split the kernel maps at most 896 MiB of RAM
 * directly (low memory); RAM above that is high memory, which the kernel
 * reaches through temporary mappings.  Linux 6.1 (686, HIGHMEM4G) and
 * Mapback report the split in /proc/meminfo (zoneinfo.c checks its format
 * and sums): LowTotal is at most 896 MiB, HighTotal is 0 on a machine
 * whose RAM all fits the direct map unless highmem= asks for a high zone,
 * and above 0 once MemTotal passes 896 MiB.
 *
 * The boot says what the machine has: TEST_RAM_MIB=N (QEMU's -m) asks that
 * the kernel use all its RAM (MemTotal at least 15/16 of it, everything
 * above 1 GiB high); TEST_HIGH_MIB=N (a boot with highmem=N) that the high
 * zone holds N MiB (at least 7/8 of it, at most N).
 */
#include "tests/tap.h"

#define LOW_MAX_KB (896L * 1024)

int main(void)
{
	long ram_mib = env_long("TEST_RAM_MIB", 0);
	long high_mib = env_long("TEST_HIGH_MIB", 0);
	long total, high_total, low_total;
	char buf[4096];

	if (!ok(read_proc("/proc/meminfo", buf, sizeof(buf)),
		"/proc/meminfo can be read"))
		return done_testing();
	total = meminfo_field(buf, "MemTotal");
	high_total = meminfo_field(buf, "HighTotal");
	low_total = meminfo_field(buf, "LowTotal");
	diag("MemTotal %ld kB, LowTotal %ld kB, HighTotal %ld kB", total,
	     low_total, high_total);
	ok(total > 0 && high_total >= 0 && low_total >= 0,
	   "MemTotal, LowTotal and HighTotal");
	ok(low_total > 0 && low_total <= LOW_MAX_KB,
	   "LowTotal is at most the 896 MiB the direct map holds (%ld kB)",
	   low_total);
	if (total > LOW_MAX_KB)
		ok(high_total > 0, "more than 896 MiB in use: HighTotal > 0");
	else if (high_mib == 0)
		is(high_total, 0, "all of it fits the direct map: HighTotal 0");
	else
		skip("HighTotal 0 when all fits",
		     "highmem= asks for a high zone");
	if (ram_mib > 0) {
		ok(total >= ram_mib * 1024 / 16 * 15,
		   "all %ld MiB of RAM used: MemTotal %ld kB", ram_mib, total);
		ok(ram_mib <= 1024 || high_total >= (ram_mib - 1024) * 1024,
		   "the RAM above 1 GiB is high memory (HighTotal %ld kB)",
		   high_total);
	} else {
		skip("all RAM used", "no TEST_RAM_MIB");
		skip("the RAM above 1 GiB is high memory", "no TEST_RAM_MIB");
	}
	if (high_mib > 0)
		ok(high_total >= high_mib * 1024 / 8 * 7 &&
			   high_total <= high_mib * 1024,
		   "highmem=%ldM: HighTotal %ld kB", high_mib, high_total);
	else
		skip("highmem= honoured", "no TEST_HIGH_MIB");
	return done_testing();
}
