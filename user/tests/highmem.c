/*
 * highmem.c - /proc/meminfo's low and high memory, and /proc/zoneinfo.
 *
 * On i386 with the 3G/1G split the kernel maps at most 896 MiB of RAM
 * directly (low memory); RAM above that is high memory, which the kernel
 * reaches through temporary mappings.  Linux 6.1 (686, HIGHMEM4G) and
 * Mapback both report the split in /proc/meminfo: LowTotal + HighTotal =
 * MemTotal and LowFree + HighFree = MemFree in one read, LowTotal at most
 * 896 MiB, HighTotal 0 on a machine whose RAM all fits the direct map
 * (unless highmem= asks for a high zone).
 * /proc/zoneinfo lists the zones DMA, Normal and HighMem in that order
 * (Linux adds Movable), each with "pages free", "spanned", "present" and
 * "managed"; the managed pages add up to MemTotal, HighMem's to HighTotal.
 *
 * The boot says what the machine has: TEST_RAM_MIB=N (QEMU's -m) asks that
 * the kernel use all its RAM (MemTotal at least 15/16 of it, everything
 * above 1 GiB high); TEST_HIGH_MIB=N (a boot with highmem=N) that the high
 * zone holds N MiB (at least 7/8 of it, at most N).
 */
#include "tests/tap.h"

#define LOW_MAX_KB (896L * 1024)
#define MAX_ZONES 8

struct zone_info {
	char name[16];
	long free, spanned, present, managed;
};

static char zbuf[65536];

/* The whole of /proc/zoneinfo into zbuf; its length, or -1. */
static long read_zoneinfo(void)
{
	int fd = open("/proc/zoneinfo", O_RDONLY);
	long len = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, zbuf + len, sizeof(zbuf) - 1 - len)) > 0)
		len += n;
	close(fd);
	zbuf[len] = '\0';
	return n < 0 ? -1 : len;
}

/* The number after "key" in text up to end, or -1 when it is not there. */
static long field(const char *text, const char *end, const char *key)
{
	const char *p = strstr(text, key);

	return p && (!end || p < end) ? strtol(p + strlen(key), NULL, 10) : -1;
}

/* The zones of zbuf, in order; how many. */
static int parse_zones(struct zone_info *z, int max)
{
	char *p = zbuf, *next;
	int n = 0, node;

	while (n < max && (p = strstr(p, "Node ")) != NULL) {
		next = strstr(p + 1, "\nNode ");
		if (sscanf(p, "Node %d, zone %15s", &node, z[n].name) != 2)
			break;
		z[n].free = field(p, next, "\n  pages free");
		z[n].spanned = field(p, next, "\n        spanned");
		z[n].present = field(p, next, "\n        present");
		z[n].managed = field(p, next, "\n        managed");
		n++;
		if (!next)
			break;
		p = next + 1;
	}
	return n;
}

static int zone_index(const struct zone_info *z, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(z[i].name, name))
			return i;
	return -1;
}

static void check_zoneinfo(long total_kb, long high_total_kb)
{
	struct zone_info z[MAX_ZONES];
	int n, i, dma, normal, high, sane = 1;
	long managed = 0;

	if (!ok(read_zoneinfo() > 0, "/proc/zoneinfo can be read"))
		return;
	n = parse_zones(z, MAX_ZONES);
	dma = zone_index(z, n, "DMA");
	normal = zone_index(z, n, "Normal");
	high = zone_index(z, n, "HighMem");
	ok(dma >= 0 && normal > dma && high > normal,
	   "zones DMA, Normal and HighMem, in that order (%d zones)", n);
	for (i = 0; i < n; i++) {
		if (z[i].free < 0 || z[i].managed < 0 || z[i].present < 0 ||
		    z[i].spanned < 0 || z[i].free > z[i].managed ||
		    z[i].managed > z[i].present ||
		    z[i].present > z[i].spanned) {
			diag("zone %s: free %ld managed %ld present %ld spanned %ld",
			     z[i].name, z[i].free, z[i].managed, z[i].present,
			     z[i].spanned);
			sane = 0;
		}
		managed += z[i].managed > 0 ? z[i].managed : 0;
	}
	ok(n > 0 && sane, "each zone: free <= managed <= present <= spanned");
	is(managed * 4, total_kb,
	   "the zones' managed pages add up to MemTotal");
	if (high < 0)
		return;
	is(z[high].managed * 4, high_total_kb,
	   "HighMem's managed pages are HighTotal");
	is(z[high].present > 0, high_total_kb > 0,
	   "HighMem has pages present exactly when HighTotal > 0");
}

int main(void)
{
	long ram_mib = env_long("TEST_RAM_MIB", 0);
	long high_mib = env_long("TEST_HIGH_MIB", 0);
	long total, free, high_total, high_free, low_total, low_free;
	char buf[4096];

	if (!ok(read_proc("/proc/meminfo", buf, sizeof(buf)),
		"/proc/meminfo can be read"))
		return done_testing();
	total = meminfo_field(buf, "MemTotal");
	free = meminfo_field(buf, "MemFree");
	high_total = meminfo_field(buf, "HighTotal");
	high_free = meminfo_field(buf, "HighFree");
	low_total = meminfo_field(buf, "LowTotal");
	low_free = meminfo_field(buf, "LowFree");
	diag("MemTotal %ld kB, LowTotal %ld kB, HighTotal %ld kB", total,
	     low_total, high_total);
	ok(total > 0 && free >= 0, "MemTotal and MemFree");
	ok(high_total >= 0 && high_free >= 0, "HighTotal and HighFree");
	ok(low_total >= 0 && low_free >= 0, "LowTotal and LowFree");
	is(low_total + high_total, total, "LowTotal + HighTotal == MemTotal");
	is(low_free + high_free, free, "LowFree + HighFree == MemFree");
	ok(high_free <= high_total && low_free <= low_total,
	   "HighFree <= HighTotal, LowFree <= LowTotal");
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
	check_zoneinfo(total, high_total);
	return done_testing();
}
