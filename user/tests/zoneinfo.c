/*
 * zoneinfo.c - the zones as /proc/meminfo, /proc/zoneinfo and
 * /proc/buddyinfo show them, in Linux 6.1's formats for an i386 kernel with
 * HIGHMEM.
 *
 * meminfo splits memory into high and low: LowTotal + HighTotal is
 * MemTotal and LowFree + HighFree is MemFree (Linux computes LowFree as
 * that difference, in the same read).  zoneinfo lists the zones DMA,
 * Normal and HighMem under "Node 0, zone %8s" headers, each with its free,
 * min, low, high, spanned, present and managed counts and its protection
 * (lowmem reserve) line; the managed pages of all zones are MemTotal and
 * those of HighMem are HighTotal, and a populated HighMem starts where the
 * populated low zones end.  buddyinfo has one line per populated
 * zone with the free blocks of each of the 11 orders.
 */
#include "tests/tap.h"

#define MAX_ZONES 8

struct zinfo {
	char name[16];
	long long free, min, low, high, spanned, present, managed, start_pfn;
	int protection;
};

static char text[65536];

/* The whole file, read until EOF (seq_file may return it in parts). */
static int slurp(const char *path)
{
	int fd = open(path, O_RDONLY);
	size_t len = 0;
	ssize_t n = 1;

	if (fd < 0)
		return 0;
	while (len < sizeof(text) - 1 &&
	       (n = read(fd, text + len, sizeof(text) - 1 - len)) > 0)
		len += n;
	close(fd);
	text[len] = '\0';
	return n == 0 && len > 0;
}

static long long field(const char *s, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = s; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ':')
			return strtoll(p + len + 1, NULL, 10);
	return -1;
}

/* The number after label on a line of the zone's text (up to next). */
static long long zone_value(const char *z, const char *next, const char *label)
{
	const char *p = strstr(z, label);

	if (!p || (next && p > next))
		return -1;
	return strtoll(p + strlen(label), NULL, 10);
}

static int parse_zoneinfo(struct zinfo *zi)
{
	const char *p = text;
	int n = 0;

	while ((p = strstr(p, "Node 0, zone ")) && n < MAX_ZONES) {
		const char *next = strstr(p + 1, "Node 0, zone ");
		const char *prot = strstr(p, "protection: (");
		struct zinfo *z = &zi[n++];

		sscanf(p + 13, "%15s", z->name);
		z->free = zone_value(p, next, "\n  pages free ");
		z->min = zone_value(p, next, "\n        min ");
		z->low = zone_value(p, next, "\n        low ");
		z->high = zone_value(p, next, "\n        high ");
		z->spanned = zone_value(p, next, "\n        spanned ");
		z->present = zone_value(p, next, "\n        present ");
		z->managed = zone_value(p, next, "\n        managed ");
		z->start_pfn = zone_value(p, next, "\n  start_pfn: ");
		z->protection = prot && (!next || prot < next);
		p++;
	}
	return n;
}

static const struct zinfo *find(const struct zinfo *zi, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(zi[i].name, name))
			return &zi[i];
	return NULL;
}

static void check_meminfo(long long *mem_total, long long *high_total)
{
	long long low_total, low_free, high_free, mem_free;

	ok(slurp("/proc/meminfo"), "read /proc/meminfo");
	*mem_total = field(text, "MemTotal");
	mem_free = field(text, "MemFree");
	*high_total = field(text, "HighTotal");
	high_free = field(text, "HighFree");
	low_total = field(text, "LowTotal");
	low_free = field(text, "LowFree");
	ok(*high_total >= 0 && high_free >= 0 && low_total >= 0 &&
		   low_free >= 0,
	   "meminfo has HighTotal, HighFree, LowTotal, LowFree");
	ok(strstr(text, "\nHighTotal: ") && strstr(text, " kB\nHighFree: ") &&
		   strstr(text, " kB\nLowTotal: ") &&
		   strstr(text, " kB\nLowFree: "),
	   "they follow each other in Linux's order and format");
	is(low_total + *high_total, *mem_total,
	   "LowTotal + HighTotal == MemTotal");
	is(low_free + high_free, mem_free, "LowFree + HighFree == MemFree");
	ok(high_free <= *high_total, "HighFree <= HighTotal");
	ok(low_free <= low_total, "LowFree <= LowTotal");
}

static void check_buddyinfo(const struct zinfo *zi, int n)
{
	const char *p = text;
	int lines = 0, good = 0, populated = 0, i;

	for (i = 0; i < n; i++)
		populated += zi[i].present > 0;
	ok(slurp("/proc/buddyinfo"), "read /proc/buddyinfo");
	for (; *p; p = strchr(p, '\n') + 1) {
		char name[16], want[64];
		unsigned long c[12];
		const struct zinfo *z;
		int got;

		if (!strchr(p, '\n'))
			break;
		lines++;
		got = sscanf(p,
			     "Node 0, zone %15s %lu %lu %lu %lu %lu %lu %lu %lu"
			     " %lu %lu %lu %lu",
			     name, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5],
			     &c[6], &c[7], &c[8], &c[9], &c[10], &c[11]);
		snprintf(want, sizeof(want), "Node 0, zone %8.15s ", name);
		z = find(zi, n, name);
		good += got == 12 && !strncmp(p, want, strlen(want)) && z &&
			z->present > 0;
	}
	is(lines, populated, "buddyinfo has a line per populated zone");
	is(good, lines, "each is 'Node 0, zone %%8s' and 11 block counts");
}

int main(void)
{
	struct zinfo zi[MAX_ZONES];
	const struct zinfo *high;
	long long mem_total, high_total, managed = 0;
	int n, i, headers = 0, shaped = 0;

	check_meminfo(&mem_total, &high_total);
	memset(zi, 0, sizeof(zi));
	ok(slurp("/proc/zoneinfo"), "read /proc/zoneinfo");
	n = parse_zoneinfo(zi);
	for (i = 0; i < n; i++) {
		char want[64];

		snprintf(want, sizeof(want), "Node 0, zone %8.15s\n",
			 zi[i].name);
		headers += strstr(text, want) != NULL;
		shaped += zi[i].free >= 0 && zi[i].min >= 0 && zi[i].low >= 0 &&
			  zi[i].high >= 0 && zi[i].spanned >= 0 &&
			  zi[i].present >= 0 && zi[i].managed >= 0 &&
			  zi[i].protection && zi[i].managed <= zi[i].present &&
			  zi[i].present <= zi[i].spanned;
		managed += zi[i].managed;
	}
	is(headers, n, "every zone's header is 'Node 0, zone %%8s'");
	is(shaped, n,
	   "every zone has free, min, low, high, spanned, present,"
	   " managed and protection");
	ok(find(zi, n, "DMA") && find(zi, n, "Normal"),
	   "DMA and Normal listed");
	high = find(zi, n, "HighMem");
	ok(high != NULL, "HighMem listed (a HIGHMEM kernel)");
	is(managed * 4, mem_total, "managed pages of all zones == MemTotal");
	if (high)
		is(high->managed * 4, high_total,
		   "HighMem managed == HighTotal");
	if (high && high->present) {
		long long low_end = -1;

		for (i = 0; i < n; i++)
			if (&zi[i] != high && zi[i].present > 0)
				low_end = zi[i].start_pfn + zi[i].spanned;
		is(high->start_pfn, low_end,
		   "HighMem starts where low memory ends");
	} else {
		skip("HighMem starts where low memory ends", "no high memory");
	}
	check_buddyinfo(zi, n);
	return done_testing();
}
