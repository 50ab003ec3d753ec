/*
 * sysinfo.c - sysinfo(2) agrees with /proc/meminfo, swap included.
 *
 * BusyBox's `free` prints sysinfo's figures, so its Swap line is only as
 * right as totalswap and freeswap.  Both are in units of mem_unit bytes
 * (Linux uses 1 when the totals fit in 32 bits, else PAGE_SIZE), and must
 * equal SwapTotal and SwapFree (kB).  Free swap moves while kswapd works:
 * the comparison is retried until /proc/meminfo reads the same before and
 * after the call.  With TEST_SWAP_DEV (a Mapback boot whose swap disk init
 * enabled) the total must also be non-zero.
 */
#include <fcntl.h>
#include <sys/sysinfo.h>
#include "tests/tap.h"

int main(void)
{
	long long total_kb = meminfo_kb("SwapTotal"), free_before, free_after;
	unsigned long long unit;
	struct sysinfo si;
	int tries = 0;

	ok(total_kb >= 0, "/proc/meminfo has SwapTotal (%lld kB)", total_kb);
	do {
		free_before = meminfo_kb("SwapFree");
		if (!ok_sys(sysinfo(&si), "sysinfo"))
			return done_testing();
		free_after = meminfo_kb("SwapFree");
	} while (free_before != free_after && ++tries < 100);
	unit = si.mem_unit ? si.mem_unit : 1;
	is((unsigned long long)si.totalswap * unit, total_kb * 1024,
	   "totalswap * mem_unit == SwapTotal");
	is((unsigned long long)si.freeswap * unit, free_after * 1024,
	   "freeswap * mem_unit == SwapFree");
	is((unsigned long long)si.totalram * unit, meminfo_kb("MemTotal") * 1024LL,
	   "totalram * mem_unit == MemTotal");
	ok(si.freeswap <= si.totalswap, "freeswap <= totalswap");
	if (getenv("TEST_SWAP_DEV"))
		ok(si.totalswap > 0, "swap is on (%s): totalswap > 0",
		   getenv("TEST_SWAP_DEV"));
	else
		skip("swap is on: totalswap > 0", "no TEST_SWAP_DEV");
	return done_testing();
}
