/*
 * smaps.c - /proc/PID/smaps and /proc/PID/smaps_rollup.
 *
 * The block under a VMA's maps line: every field of Linux 6.1, in its
 * order and widths, and the counts of the reverse map: private anonymous
 * pages touched (Rss, Private_Dirty, Anonymous), the same pages shared
 * copy-on-write with a forked child (Pss halves, Shared_*), private again
 * once the child has written its copies, a MAP_SHARED anonymous mapping
 * both processes touched, and one file mapped twice in one process.
 * smaps_rollup: its [rollup] line spans the first to the last VMA, and
 * its Pss is the sum of its parts.  Pages may go to swap at any moment in
 * the swap boots, so the exact counts are asserted only when no swap area
 * is on; the identities (the four Shared/Private counts add up to Rss,
 * Rss + Swap is the pages touched) always.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tests/tap.h"

#define PAGE 4096
#define NPAGES 8

static char text[64 * 1024]; /* a whole smaps file */
static char block[2048]; /* one VMA's block of it */

/* Each line of s as a diagnostic. */
static void diag_lines(const char *s)
{
	const char *nl;

	for (; *s; s = nl + 1) {
		nl = strchr(s, '\n');
		if (!nl)
			nl = s + strlen(s) - 1;
		diag("%.*s", (int)(nl - s), s);
	}
}

/* len bytes mapped between two PROT_NONE guard pages, so the VMA never
 * merges with a neighbour; unmap_alone undoes it. */
static void *map_alone(size_t len, int prot, int flags, int fd)
{
	char *r = mmap(NULL, len + 2 * PAGE, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (r == MAP_FAILED)
		return r;
	return mmap(r + PAGE, len, prot, flags | MAP_FIXED, fd, 0);
}

static void unmap_alone(volatile void *m, size_t len)
{
	munmap((char *)m - PAGE, len + 2 * PAGE);
}

static int slurp(const char *path)
{
	int fd = open(path, O_RDONLY), n = 0, r;

	if (fd < 0)
		return 0;
	while (n < (int)sizeof(text) - 1 &&
	       (r = read(fd, text + n, sizeof(text) - 1 - n)) > 0)
		n += r;
	close(fd);
	text[n] = '\0';
	return n;
}

/* Is line (in text) a maps line, the head of a block? */
static int is_head(const char *line)
{
	int i;

	for (i = 0; i < 8; i++)
		if (!strchr("0123456789abcdef", line[i]))
			return 0;
	return line[8] == '-';
}

/* The block of the VMA starting at addr into block; 0 if there is none. */
static int smaps_block(const void *addr)
{
	char want[16];
	char *p, *end;

	if (!slurp("/proc/self/smaps"))
		return 0;
	snprintf(want, sizeof(want), "%08lx-", (unsigned long)addr);
	for (p = text; p && *p;
	     p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, want, 9))
			break;
	if (!p || !*p)
		return 0;
	for (end = strchr(p, '\n'); end && end[1] && !is_head(end + 1);
	     end = strchr(end + 1, '\n'))
		;
	end = end ? end + 1 : p + strlen(p);
	if (end - p >= (long)sizeof(block))
		return 0;
	memcpy(block, p, end - p);
	block[end - p] = '\0';
	return 1;
}

/* The kB of field name ("Rss") in s, or -1. */
static long field(const char *s, const char *name)
{
	size_t n = strlen(name);

	for (; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL)
		if (!strncmp(s, name, n) && s[n] == ':')
			return strtol(s + n + 1, NULL, 10);
	return -1;
}

static long f(const char *name)
{
	return field(block, name);
}

/* The four sharing counts add up to Rss. */
static long split_sum(void)
{
	return f("Shared_Clean") + f("Shared_Dirty") + f("Private_Clean") +
	       f("Private_Dirty");
}

static const char *const fields[] = {
	"Size",
	"KernelPageSize",
	"MMUPageSize",
	"Rss",
	"Pss",
	"Pss_Dirty",
	"Shared_Clean",
	"Shared_Dirty",
	"Private_Clean",
	"Private_Dirty",
	"Referenced",
	"Anonymous",
	"LazyFree",
	"AnonHugePages",
	"ShmemPmdMapped",
	"FilePmdMapped",
	"Shared_Hugetlb",
	"Private_Hugetlb",
	"Swap",
	"SwapPss",
	"Locked",
	"THPeligible",
	"VmFlags",
};

/* The fields in Linux's order, each kB line 27 columns wide. */
static void test_format(void)
{
	char *m = map_alone(NPAGES * PAGE, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1);
	char maps_head[128], *line;
	unsigned int i, good = 0, wide = 0, kb = 0;

	if (!ok(m != MAP_FAILED, "map %d pages", NPAGES) ||
	    !ok(smaps_block(m), "smaps has a block for the mapping"))
		return;
	diag_lines(block);
	snprintf(maps_head, sizeof(maps_head),
		 "%08lx-%08lx rw-p 00000000 00:00 0 \n", (unsigned long)m,
		 (unsigned long)m + NPAGES * PAGE);
	ok(!strncmp(block, maps_head, strlen(maps_head)),
	   "the block starts with the maps line");
	line = strchr(block, '\n') + 1;
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]) && line; i++) {
		size_t n = strlen(fields[i]);
		char *nl = strchr(line, '\n');

		if (!strncmp(line, fields[i], n) && line[n] == ':')
			good++;
		if (nl && nl - line > 3 && !strncmp(nl - 3, " kB", 3)) {
			kb++;
			wide += nl - line == 27;
		}
		line = nl ? nl + 1 : NULL;
	}
	is(good, sizeof(fields) / sizeof(fields[0]), "every field, in order");
	ok(line && !*line, "nothing after VmFlags");
	is(kb, 21, "21 lines in kB");
	is(wide, kb, "each 27 columns wide");
	is(f("Size"), NPAGES * 4, "Size");
	is(f("KernelPageSize"), 4, "KernelPageSize");
	is(f("MMUPageSize"), 4, "MMUPageSize");
	is(f("Rss"), 0, "Rss 0 before any touch");
	ok(strstr(block, "\nTHPeligible:    0\n") != NULL, "THPeligible 0");
	ok(strstr(block, "\nVmFlags: rd wr mr mw me ac \n") != NULL,
	   "VmFlags of a private writable mapping");
	unmap_alone(m, NPAGES * PAGE);
}

/* Private anonymous pages written, then shared with a child by fork. */
static void test_cow(int swap)
{
	char *m = map_alone(NPAGES * PAGE, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1);
	int go[2], back[2];
	char c = 0;
	pid_t pid;

	if (!ok(m != MAP_FAILED, "map %d private pages", NPAGES))
		return;
	memset(m, 1, NPAGES * PAGE);
	if (!ok(smaps_block(m), "smaps block of the written pages"))
		return;
	is(f("Rss") + f("Swap"), NPAGES * 4, "every page resident or on swap");
	is(split_sum(), f("Rss"), "Shared/Private add up to Rss");
	is(f("Pss"), f("Rss"), "Pss = Rss: one mapper");
	is(f("Anonymous"), f("Rss"), "all Anonymous");
	is(f("Shared_Clean") + f("Shared_Dirty"), 0, "none shared");
	if (!swap) {
		is(f("Private_Dirty"), NPAGES * 4, "all Private_Dirty");
		is(f("Pss_Dirty"), NPAGES * 4, "Pss_Dirty");
		is(f("Referenced"), NPAGES * 4, "all Referenced");
	}

	must(pipe(go));
	must(pipe(back));
	pid = must(fork());
	if (pid == 0) {
		close(go[1]);
		close(back[0]);
		if (read(go[0], &c, 1) != 1) /* the parent has looked */
			_exit(1);
		memset(m, 2, NPAGES * PAGE); /* break every COW share */
		if (write(back[1], &c, 1) != 1 || read(go[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(go[0]);
	close(back[1]);
	if (ok(smaps_block(m), "smaps block after fork")) {
		is(split_sum(), f("Rss"), "after fork: Shared/Private add up");
		if (!swap) {
			is(f("Rss"), NPAGES * 4, "after fork: Rss unchanged");
			is(f("Pss"), NPAGES * 2, "after fork: Pss halves");
			is(f("Shared_Dirty"), NPAGES * 4,
			   "after fork: Shared_Dirty");
			is(f("Private_Dirty") + f("Private_Clean"), 0,
			   "after fork: nothing private");
		}
	}
	if (write(go[1], &c, 1) == 1 && read(back[0], &c, 1) == 1 &&
	    ok(smaps_block(m), "smaps block after the child's writes")) {
		is(split_sum(), f("Rss"), "child wrote: Shared/Private add up");
		is(f("Shared_Clean") + f("Shared_Dirty"), 0,
		   "child wrote: the parent's pages are its own again");
		if (!swap)
			is(f("Pss"), NPAGES * 4, "child wrote: Pss = Rss");
	}
	close(go[1]);
	close(back[0]);
	is_exit(wait_for(pid), 0, "child exits");
	unmap_alone(m, NPAGES * PAGE);
}

/* MAP_SHARED anonymous memory both processes touched. */
static void test_shared_anon(int swap)
{
	char *m = map_alone(4 * PAGE, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1);
	int go[2], back[2];
	char c = 0;
	pid_t pid;
	long sum = 0;

	if (!ok(m != MAP_FAILED, "map 4 shared anonymous pages"))
		return;
	memset(m, 1, 4 * PAGE);
	must(pipe(go));
	must(pipe(back));
	pid = must(fork());
	if (pid == 0) {
		int i;

		close(go[1]);
		close(back[0]);
		for (i = 0; i < 4; i++)
			sum += m[i * PAGE]; /* map each page here too */
		if (write(back[1], &c, 1) != 1 || read(go[0], &c, 1) < 0)
			_exit(1);
		_exit(sum == 4 ? 0 : 2);
	}
	close(go[0]);
	close(back[1]);
	if (read(back[0], &c, 1) == 1 &&
	    ok(smaps_block(m), "smaps block of the shared mapping")) {
		is(split_sum(), f("Rss"), "shared: Shared/Private add up");
		ok(strstr(block, "\nVmFlags: rd wr sh mr mw me ms \n") != NULL,
		   "VmFlags of a shared writable mapping");
		if (!swap) {
			is(f("Rss"), 16, "shared: Rss");
			is(f("Pss"), 8, "shared: Pss halves");
			is(f("Shared_Dirty"), 16, "shared: Shared_Dirty");
		}
	}
	close(go[1]);
	close(back[0]);
	is_exit(wait_for(pid), 0, "child read the shared pages");
	unmap_alone(m, 4 * PAGE);
}

/* One file mapped twice in this process: each page has two mappers. */
static void test_file(int swap)
{
	int fd = open("smaps-file", O_RDWR | O_CREAT | O_TRUNC, 0644);
	static char data[4 * PAGE];
	volatile char *a, *b;
	long sum = 0;
	int i;

	memset(data, 'f', sizeof(data));
	if (!ok(fd >= 0 && write(fd, data, sizeof(data)) == sizeof(data),
		"a file of 4 pages"))
		return;
	a = map_alone(4 * PAGE, PROT_READ, MAP_PRIVATE, fd);
	b = map_alone(4 * PAGE, PROT_READ, MAP_PRIVATE, fd);
	if (!ok(a != MAP_FAILED && b != MAP_FAILED, "map it twice"))
		return;
	for (i = 0; i < 4; i++)
		sum += a[i * PAGE];
	if (ok(smaps_block((void *)a), "smaps block of the first mapping")) {
		is(f("Anonymous"), 0, "file: no Anonymous");
		is(split_sum(), f("Rss"), "file: Shared/Private add up");
		ok(strstr(block, "\nVmFlags: rd mr mw me \n") != NULL,
		   "VmFlags of a private read-only file mapping");
		if (!swap) {
			is(f("Rss"), 16, "file, one mapping touched: Rss");
			is(f("Pss"), 16, "file, one mapper: Pss = Rss");
		}
	}
	for (i = 0; i < 4; i++)
		sum += b[i * PAGE];
	if (ok(smaps_block((void *)a), "smaps block, both mappings touched")) {
		is(split_sum(), f("Rss"), "file twice: Shared/Private add up");
		if (!swap) {
			is(f("Pss"), 8, "file mapped twice: Pss halves");
			is(f("Shared_Clean") + f("Shared_Dirty"), 16,
			   "file mapped twice: all Shared");
		}
	}
	is(sum, 8 * 'f', "the file's bytes");
	unmap_alone(a, 4 * PAGE);
	unmap_alone(b, 4 * PAGE);
	close(fd);
	unlink("smaps-file");
}

/* The first and the last address of /proc/self/maps. */
static int maps_range(unsigned long *start, unsigned long *end)
{
	char *p, *last = NULL;

	if (!slurp("/proc/self/maps") || sscanf(text, "%lx-", start) != 1)
		return 0;
	for (p = text; *p; p = strchr(p, '\n') + 1) {
		last = p;
		if (!strchr(p, '\n'))
			break;
	}
	return last && strchr(last, '-') &&
	       sscanf(strchr(last, '-') + 1, "%lx", end) == 1;
}

static void test_rollup(int swap)
{
	static const char *const order[] = {
		"Rss",
		"Pss",
		"Pss_Dirty",
		"Pss_Anon",
		"Pss_File",
		"Pss_Shmem",
		"Shared_Clean",
		"Shared_Dirty",
		"Private_Clean",
		"Private_Dirty",
		"Referenced",
		"Anonymous",
		"LazyFree",
		"AnonHugePages",
		"ShmemPmdMapped",
		"FilePmdMapped",
		"Shared_Hugetlb",
		"Private_Hugetlb",
		"Swap",
		"SwapPss",
		"Locked",
	};
	unsigned long start = 0, end = 0;
	char head[128], *line;
	unsigned int i, good = 0;
	long parts;

	if (!ok(maps_range(&start, &end), "the range of maps"))
		return;
	snprintf(head, sizeof(head), "%08lx-%08lx ---p 00000000 00:00 0", start,
		 end);
	while (strlen(head) < 49)
		strcat(head, " ");
	strcat(head, "[rollup]\n");
	if (!ok(slurp("/proc/self/smaps_rollup"), "read smaps_rollup"))
		return;
	diag_lines(text);
	ok(!strncmp(text, head, strlen(head)),
	   "[rollup] line from the first VMA to the last");
	line = strchr(text, '\n') + 1;
	for (i = 0; i < sizeof(order) / sizeof(order[0]) && line; i++) {
		size_t n = strlen(order[i]);

		if (!strncmp(line, order[i], n) && line[n] == ':')
			good++;
		line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL;
	}
	is(good, sizeof(order) / sizeof(order[0]), "rollup fields, in order");
	ok(line && !*line, "nothing after Locked");
	parts = field(text, "Pss_Anon") + field(text, "Pss_File") +
		field(text, "Pss_Shmem");
	ok(field(text, "Pss") - parts >= 0 && field(text, "Pss") - parts <= 2,
	   "Pss is Pss_Anon + Pss_File + Pss_Shmem (%ld, %ld)",
	   field(text, "Pss"), parts);
	ok(field(text, "Rss") > 0, "a running process has resident pages");
	if (!swap)
		is(field(text, "Swap"), 0, "no swap: Swap 0");
}

int main(void)
{
	int swap = swap_on();

	test_format();
	test_cow(swap);
	test_shared_anon(swap);
	test_file(swap);
	test_rollup(swap);
	return done_testing();
}
