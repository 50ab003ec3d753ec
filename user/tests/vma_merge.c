/*
 * vma_merge.c - adjacent anonymous VMAs with the same flags become one, as
 * Linux shows in /proc/self/maps: a mapping next to an equal one, an
 * mprotect of a middle part undone, the heap grown by brk twice.  The
 * data in the pages stays where it was.  Counts are taken before and
 * after, so whatever else the process has mapped does not matter.
 */
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define PG 4096UL
#define RW (PROT_READ | PROT_WRITE)
#define ANON (MAP_PRIVATE | MAP_ANONYMOUS)

static char maps[65536];

static int read_maps(void)
{
	int fd = open("/proc/self/maps", O_RDONLY);
	size_t len = 0;
	ssize_t n = 1;

	if (fd < 0)
		return 0;
	while (n > 0 && len < sizeof(maps) - 1) {
		n = read(fd, maps + len, sizeof(maps) - 1 - len);
		if (n > 0)
			len += n;
	}
	close(fd);
	maps[len] = '\0';
	return n == 0;
}

static int nr_vmas(void)
{
	int n = 0;
	char *p;

	if (!read_maps())
		return -1;
	for (p = maps; *p; p++)
		n += *p == '\n';
	return n;
}

/* The VMA holding addr: [*start, *end), or 0 if there is none. */
static int vma_of(uintptr_t addr, uintptr_t *start, uintptr_t *end)
{
	char *line;

	if (!read_maps())
		return 0;
	for (line = maps; *line; line = strchr(line, '\n') + 1) {
		unsigned long s, e;

		if (sscanf(line, "%lx-%lx", &s, &e) == 2 && s <= addr &&
		    addr < e) {
			*start = s;
			*end = e;
			return 1;
		}
		if (!strchr(line, '\n'))
			break;
	}
	return 0;
}

/* Is [a, b) inside one VMA? */
static int one_vma(uintptr_t a, uintptr_t b)
{
	uintptr_t s, e;

	return vma_of(a, &s, &e) && s <= a && b <= e;
}

static void test_adjacent_mmap(int touch)
{
	char *a = mmap(NULL, 8 * PG, RW, ANON, -1, 0), *b;
	int before;

	if (!ok(a != MAP_FAILED, "mmap 8 pages"))
		return;
	if (touch)
		a[0] = 'a';
	must(munmap(a + 4 * PG, 4 * PG));
	before = nr_vmas();
	b = mmap(a + 4 * PG, 4 * PG, RW, ANON | MAP_FIXED, -1, 0);
	ok(b == a + 4 * PG, "mmap the next 4 pages, same flags");
	if (touch)
		b[0] = 'b';
	is(nr_vmas(), before, "%s: the two mappings are one VMA",
	   touch ? "written" : "untouched");
	ok(one_vma((uintptr_t)a, (uintptr_t)a + 8 * PG),
	   "one maps line covers all 8 pages");
	if (touch)
		ok(a[0] == 'a' && b[0] == 'b', "the pages keep their data");
	munmap(a, 8 * PG);
}

/*
 * A read fault in a PROT_READ mapping next to a written RW one, then
 * mprotect RW: on Linux the read mapped the zero page and left the VMA
 * without an anon_vma, so the two merge.
 */
static void test_read_then_mprotect(void)
{
	char *a = mmap(NULL, 8 * PG, RW, ANON, -1, 0), *b;
	int before;

	if (!ok(a != MAP_FAILED, "mmap 8 pages"))
		return;
	a[0] = 'a';
	must(munmap(a + 4 * PG, 4 * PG));
	before = nr_vmas();
	b = mmap(a + 4 * PG, 4 * PG, PROT_READ, ANON | MAP_FIXED, -1, 0);
	ok(b == a + 4 * PG, "mmap the next 4 pages read-only");
	is(nr_vmas(), before + 1, "other flags: two VMAs");
	ok(b[0] == 0 && b[PG] == 0, "read faults there give zeroes");
	ok_sys(mprotect(b, 4 * PG, RW), "mprotect them RW");
	is(nr_vmas(), before, "now one VMA");
	b[0] = 'b';
	ok(one_vma((uintptr_t)a, (uintptr_t)a + 8 * PG) && a[0] == 'a' &&
		   b[0] == 'b',
	   "one maps line covers both, the data stays");
	munmap(a, 8 * PG);
}

static void test_mprotect_back(void)
{
	char *a = mmap(NULL, 8 * PG, RW, ANON, -1, 0);
	int before, i, intact = 1;

	if (!ok(a != MAP_FAILED, "mmap 8 pages"))
		return;
	for (i = 0; i < 8; i++)
		a[i * PG] = (char)('0' + i);
	before = nr_vmas();
	ok_sys(mprotect(a + 3 * PG, 2 * PG, PROT_READ),
	       "mprotect pages 3-4 RO");
	is(nr_vmas(), before + 2, "the middle made three VMAs");
	ok_sys(mprotect(a + 3 * PG, 2 * PG, RW), "mprotect them RW again");
	is(nr_vmas(), before, "back to one VMA");
	ok(one_vma((uintptr_t)a, (uintptr_t)a + 8 * PG),
	   "one maps line covers all 8 pages");
	for (i = 0; i < 8; i++)
		intact &= a[i * PG] == (char)('0' + i);
	a[3 * PG] = 'w';
	ok(intact && a[3 * PG] == 'w', "data kept, the middle writable");
	ok_sys(mprotect(a, 8 * PG, PROT_READ), "mprotect the whole RO");
	ok_sys(mprotect(a + 2 * PG, 4 * PG, PROT_NONE), "the middle PROT_NONE");
	ok_sys(mprotect(a, 8 * PG, RW), "the whole RW again");
	is(nr_vmas(), before, "one VMA after three changes");
	munmap(a, 8 * PG);
}

static void test_brk_grows_one_vma(void)
{
	uintptr_t cur = (uintptr_t)syscall(SYS_brk, 0), base, s, e;
	int before;
	char *p;

	base = (cur + PG - 1) & ~(PG - 1);
	if (!ok((uintptr_t)syscall(SYS_brk, base + PG) == base + PG,
		"brk up one page"))
		return;
	before = nr_vmas();
	p = (char *)base;
	p[0] = 'h';
	ok((uintptr_t)syscall(SYS_brk, base + 3 * PG) == base + 3 * PG,
	   "brk up two more");
	p[2 * PG] = 'i';
	is(nr_vmas(), before, "the heap grew without a new VMA");
	ok(vma_of(base, &s, &e) && e >= base + 3 * PG,
	   "one maps line covers the heap");
	ok(p[0] == 'h' && p[2 * PG] == 'i', "the heap keeps its data");
	syscall(SYS_brk, cur);
}

int main(void)
{
	test_adjacent_mmap(0);
	test_adjacent_mmap(1);
	test_mprotect_back();
	test_read_then_mprotect();
	test_brk_grows_one_vma();
	return done_testing();
}
