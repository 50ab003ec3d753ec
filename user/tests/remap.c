/*
 * remap.c - mremap and remap_file_pages.
 *
 * mremap grows a mapping (in place when the next pages are free, else by
 * moving it with MREMAP_MAYMOVE), moves it to a fixed address, shrinks it,
 * and the data always comes along; without MAYMOVE a blocked grow fails
 * with ENOMEM.  remap_file_pages reorders the pages of a shared file
 * mapping, and stores through the reordered view land in the right file
 * pages.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/fault.h"

#define PAGE 4096

static void fill(char *p, int pages, char base)
{
	int i;

	for (i = 0; i < pages; i++)
		memset(p + i * PAGE, base + i, PAGE);
}

/* How many of pages hold base + i all through. */
static int check(const char *p, int pages, char base)
{
	int i, j, good = 0;

	for (i = 0; i < pages; i++) {
		for (j = 0; j < PAGE && p[i * PAGE + j] == (char)(base + i); j++)
			;
		good += j == PAGE;
	}
	return good;
}

static void test_mremap(void)
{
	char *g, *p, *q, *r;

	/* Room to grow: reserve 8 pages, use the first 2. */
	g = mmap(NULL, 8 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(g + 2 * PAGE, 6 * PAGE);
	p = mmap(g, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	fill(p, 2, 'a');
	q = mremap(p, 2 * PAGE, 4 * PAGE, 0);
	ok(q == p, "grow in place into free space");
	is(check(q, 2, 'a'), 2, "old pages keep their data");
	ok(q[3 * PAGE] == 0 && touch_write(q + 3 * PAGE, 'x') == 0, "new pages are zero and writable");

	/* Block growth with a neighbour. */
	r = mmap(q + 4 * PAGE, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	ok(r == q + 4 * PAGE, "a neighbour right after it");
	is_errno(mremap(q, 4 * PAGE, 8 * PAGE, 0) == MAP_FAILED ? -1 : 0, ENOMEM,
		 "blocked grow without MREMAP_MAYMOVE: ENOMEM");
	p = mremap(q, 4 * PAGE, 8 * PAGE, MREMAP_MAYMOVE);
	ok(p != MAP_FAILED && p != q, "MREMAP_MAYMOVE moves it");
	is(check(p, 2, 'a'), 2, "data moved along");
	ok(p[3 * PAGE] == 'x', "including the page written after the grow");
	is(touch_read(q), SIGSEGV, "the old address is unmapped");
	munmap(r, PAGE);

	/* Move to a chosen address. */
	g = mmap(NULL, 8 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	q = mremap(p, 8 * PAGE, 8 * PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, g);
	ok(q == g, "MREMAP_FIXED moves to the given address");
	is(check(q, 2, 'a'), 2, "data intact after the fixed move");
	p = mremap(q, 8 * PAGE, PAGE, 0);
	ok(p == q, "shrink in place");
	is(touch_read(q + PAGE), SIGSEGV, "shrunk-off pages are gone");
	is(check(p, 1, 'a'), 1, "the kept page keeps its data");
	is_errno(mremap(p + 1, PAGE, 2 * PAGE, MREMAP_MAYMOVE) == MAP_FAILED ? -1 : 0, EINVAL,
		 "unaligned old address: EINVAL");
	munmap(p, PAGE);
}

static void test_mremap_file(void)
{
	int fd = open("remap-f", O_RDWR | O_CREAT | O_TRUNC, 0644);
	char *p, *q;

	ftruncate(fd, 4 * PAGE);
	p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	fill(p, 2, 'k');
	q = mremap(p, 2 * PAGE, 4 * PAGE, MREMAP_MAYMOVE);
	ok(q != MAP_FAILED, "mremap grows a shared file mapping");
	fill(q + 2 * PAGE, 2, 'm');
	is(check(q, 2, 'k'), 2, "old file pages still mapped");
	{
		char c;
		ok(pread(fd, &c, 1, 3 * PAGE) == 1 && c == 'm' + 1, "new part maps the file's pages");
	}
	munmap(q, 4 * PAGE);
	close(fd);
	unlink("remap-f");
}

static void test_remap_file_pages(void)
{
	enum { N = 4 };
	int fd = open("rfp-f", O_RDWR | O_CREAT | O_TRUNC, 0644);
	char page[PAGE], *m;
	int i, r, good = 0;

	for (i = 0; i < N; i++) {
		memset(page, '0' + i, PAGE);
		write(fd, page, PAGE);
	}
	m = mmap(NULL, N * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "shared mapping of 4 file pages");
	for (i = 0, r = 0; i < N; i++)
		r |= remap_file_pages(m + i * PAGE, PAGE, 0, N - 1 - i, 0);
	is(r, 0, "remap_file_pages reverses the view");
	for (i = 0; i < N; i++)
		good += m[i * PAGE] == '0' + N - 1 - i && m[i * PAGE + PAGE - 1] == '0' + N - 1 - i;
	is(good, N, "each virtual page shows the file page it was given");
	m[0] = 'W';		/* view page 0 is file page 3 */
	ok(pread(fd, page, 1, 3 * PAGE) == 1 && page[0] == 'W',
	   "a store through the view lands in the right file page");
	ok(pread(fd, page, 1, 0) == 1 && page[0] == '0', "and not in file page 0");
	is_errno(remap_file_pages(m, 0, 0, 0, 0), EINVAL, "size 0: EINVAL");
	munmap(m, N * PAGE);
	m = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	is_errno(remap_file_pages(m, PAGE, 0, 1, 0), EINVAL, "on a private mapping: EINVAL");
	munmap(m, PAGE);
	close(fd);
	unlink("rfp-f");
}

int main(void)
{
	test_mremap();
	test_mremap_file();
	test_remap_file_pages();
	return done_testing();
}
