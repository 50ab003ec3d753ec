/*
 * madvise.c - the advice a program gives about its memory, as Linux 6.1
 * takes it.
 *
 * MADV_DONTFORK leaves a range out of a forked child (its mincore says
 * ENOMEM there), DOFORK puts it back; MADV_WIPEONFORK gives the child the
 * range empty (zeroes where the parent has data) and is EINVAL for shared
 * or file memory, KEEPONFORK undoes it; MADV_DONTDUMP and DODUMP, and the
 * huge page and KSM advice, show in /proc/self/smaps' VmFlags (dd, hg, nh,
 * mg).  MADV_FREE is for private anonymous memory only and never loses a
 * later write; MADV_COLD keeps the data.  MADV_PAGEOUT with swap on sends
 * a private page to swap at once (pagemap's swap bit) and it reads back
 * identical; a page a child shares after fork stays (other users of a page
 * are not disturbed); without swap it stays too.  Locked memory is EINVAL
 * for all four, unknown advice EINVAL.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include "tests/tap.h"

#define PAGE 4096
#define PM_SWAP (1ULL << 62)
#define PM_PRESENT (1ULL << 63)

static char *map_anon(size_t len, int flags)
{
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, flags | MAP_ANONYMOUS,
		       -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Run fn(p) in a child; its exit code. */
static int in_child(int (*fn)(char *), char *p)
{
	pid_t pid = must(fork());

	if (pid == 0)
		_exit(fn(p));
	return WEXITSTATUS(wait_for(pid));
}

static int mapped_in_child(char *p)
{
	unsigned char v;

	return mincore(p, PAGE, &v) == 0 ? 0 : errno == ENOMEM ? 1 : 2;
}

/* 0: the child sees zeroes and may write; 1: it sees the parent's data. */
static int wiped_in_child(char *p)
{
	int i;

	for (i = 0; i < PAGE; i++)
		if (p[i])
			return 1;
	p[0] = 1;
	return p[0] == 1 ? 0 : 2;
}

/* The VmFlags line of the smaps block for addr, into buf. */
static int vmflags(void *addr, char *buf, size_t size)
{
	static char smaps[65536];
	char start[32], *b, *f, *nl;
	int fd = open("/proc/self/smaps", O_RDONLY);
	ssize_t n, got = 0;

	if (fd < 0)
		return -1;
	while ((n = read(fd, smaps + got, sizeof(smaps) - 1 - got)) > 0)
		got += n;
	close(fd);
	smaps[got] = '\0';
	snprintf(start, sizeof(start), "%08lx-", (unsigned long)addr);
	b = strstr(smaps, start);
	if (!b || (b != smaps && b[-1] != '\n'))
		return -1;
	f = strstr(b, "VmFlags:");
	if (!f)
		return -1;
	nl = strchr(f, '\n');
	snprintf(buf, size, "%.*s", nl ? (int)(nl - f) : (int)strlen(f), f);
	return 0;
}

static int has_flag(void *addr, const char *flag)
{
	char line[256], want[8];

	snprintf(want, sizeof(want), " %s ", flag);
	return vmflags(addr, line, sizeof(line)) == 0 &&
	       strstr(line, want) != NULL;
}

static void test_fork_advice(void)
{
	char *p = map_anon(3 * PAGE, MAP_PRIVATE);

	if (!ok(p, "map three pages"))
		return;
	memset(p, 7, 3 * PAGE);
	ok_sys(madvise(p + PAGE, PAGE, MADV_DONTFORK), "MADV_DONTFORK");
	ok(has_flag(p + PAGE, "dc") && !has_flag(p, "dc"),
	   "the middle page is a VMA of its own, flagged dc");
	is(in_child(mapped_in_child, p + PAGE), 1,
	   "the child has nothing there");
	is(in_child(mapped_in_child, p), 0, "but has the page before");
	ok_sys(madvise(p + PAGE, PAGE, MADV_DOFORK), "MADV_DOFORK");
	is(in_child(mapped_in_child, p + PAGE), 0, "the child has it again");
	ok(!has_flag(p + PAGE, "dc"), "no dc any more");

	ok_sys(madvise(p, 2 * PAGE, MADV_WIPEONFORK), "MADV_WIPEONFORK");
	ok(has_flag(p, "wf"), "flagged wf");
	is(in_child(wiped_in_child, p + PAGE), 0,
	   "the child finds zeroes and may write");
	is(in_child(wiped_in_child, p + 2 * PAGE), 1,
	   "the page after the range is copied");
	ok(p[PAGE] == 7 && p[2 * PAGE - 1] == 7, "the parent keeps its data");
	ok_sys(madvise(p, 2 * PAGE, MADV_KEEPONFORK), "MADV_KEEPONFORK");
	is(in_child(wiped_in_child, p), 1, "the child has the data again");
	munmap(p, 3 * PAGE);
}

static void test_flag_advice(void)
{
	char *p = map_anon(2 * PAGE, MAP_PRIVATE);
	char *s = map_anon(PAGE, MAP_SHARED);
	int fd = open("madvise.tmp", O_RDWR | O_CREAT | O_TRUNC, 0600);
	char *f;

	if (!ok(p && s && fd >= 0, "map private and shared memory, a file"))
		return;
	must(ftruncate(fd, PAGE));
	f = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	is_errno(madvise(s, PAGE, MADV_WIPEONFORK), EINVAL,
		 "MADV_WIPEONFORK of shared memory: EINVAL");
	is_errno(madvise(f, PAGE, MADV_WIPEONFORK), EINVAL,
		 "of a file mapping: EINVAL");
	ok_sys(madvise(p, 2 * PAGE, MADV_DONTDUMP), "MADV_DONTDUMP");
	ok(has_flag(p, "dd"), "flagged dd");
	ok_sys(madvise(p, 2 * PAGE, MADV_DODUMP), "MADV_DODUMP");
	ok(!has_flag(p, "dd"), "no dd any more");
	ok_sys(madvise(p, 2 * PAGE, MADV_HUGEPAGE), "MADV_HUGEPAGE");
	ok(has_flag(p, "hg"), "flagged hg");
	ok_sys(madvise(p, 2 * PAGE, MADV_NOHUGEPAGE), "MADV_NOHUGEPAGE");
	ok(has_flag(p, "nh") && !has_flag(p, "hg"), "flagged nh, not hg");
	ok_sys(madvise(p, 2 * PAGE, MADV_MERGEABLE), "MADV_MERGEABLE");
	ok(has_flag(p, "mg"), "flagged mg");
	ok_sys(madvise(p, 2 * PAGE, MADV_UNMERGEABLE), "MADV_UNMERGEABLE");
	ok_sys(madvise(s, PAGE, MADV_MERGEABLE),
	       "MADV_MERGEABLE of shared memory is accepted");
	ok(!has_flag(s, "mg"), "and ignored");
	is_errno(madvise(p, PAGE, 7), EINVAL, "advice 7: EINVAL");
	is_errno(madvise(p, PAGE, 1000), EINVAL, "advice 1000: EINVAL");

	is_errno(madvise(s, PAGE, MADV_FREE), EINVAL,
		 "MADV_FREE of shared memory: EINVAL");
	is_errno(madvise(f, PAGE, MADV_FREE), EINVAL,
		 "of a file mapping: EINVAL");
	memset(p, 3, 2 * PAGE);
	ok_sys(madvise(p, 2 * PAGE, MADV_FREE), "MADV_FREE");
	ok(p[0] == 0 || p[0] == 3, "a read finds the data or zeroes");
	p[PAGE] = 9;
	is(p[PAGE], 9, "a write after it is kept");
	memset(p, 4, PAGE);
	ok_sys(madvise(p, PAGE, MADV_COLD), "MADV_COLD");
	ok(p[0] == 4 && p[PAGE - 1] == 4, "keeps the data");
	if (ok_sys(mlock(p, PAGE), "mlock")) {
		is_errno(madvise(p, PAGE, MADV_COLD), EINVAL,
			 "MADV_COLD of locked memory: EINVAL");
		is_errno(madvise(p, PAGE, MADV_PAGEOUT), EINVAL,
			 "MADV_PAGEOUT: EINVAL");
		is_errno(madvise(p, PAGE, MADV_FREE), EINVAL,
			 "MADV_FREE: EINVAL");
		munlock(p, PAGE);
	}
	munmap(f, PAGE);
	close(fd);
	unlink("madvise.tmp");
	munmap(s, PAGE);
	munmap(p, 2 * PAGE);
}

static uint64_t pagemap_of(int pm, void *addr)
{
	uint64_t e = 0;

	if (pread(pm, &e, 8, (uintptr_t)addr / PAGE * 8) != 8)
		return 0;
	return e;
}

static int full_of(const char *p, char c)
{
	int i;

	for (i = 0; i < PAGE; i++)
		if (p[i] != c)
			return 0;
	return 1;
}

static void test_pageout(void)
{
	int pm = open("/proc/self/pagemap", O_RDONLY), to_child[2];
	char *p = map_anon(2 * PAGE, MAP_PRIVATE);
	pid_t pid;
	char c;

	if (!ok(pm >= 0 && p, "open pagemap, map two pages"))
		return;
	memset(p, 0x5a, 2 * PAGE);
	ok(pagemap_of(pm, p) & PM_PRESENT, "written: present");
	ok_sys(madvise(p, PAGE, MADV_PAGEOUT), "MADV_PAGEOUT");
	if (swap_on()) {
		ok((pagemap_of(pm, p) & (PM_PRESENT | PM_SWAP)) == PM_SWAP,
		   "with swap on the page went to swap at once");
	} else {
		ok(pagemap_of(pm, p) & PM_PRESENT,
		   "without swap the page stays");
	}
	ok(full_of(p, 0x5a), "it reads back identical");
	ok(pagemap_of(pm, p) & PM_PRESENT, "present again");

	/* A page the child shares after fork is the child's too. */
	must(pipe(to_child));
	pid = must(fork());
	if (pid == 0) {
		read(to_child[0], &c, 1);
		_exit(full_of(p + PAGE, 0x5a) ? 0 : 1);
	}
	ok_sys(madvise(p + PAGE, PAGE, MADV_PAGEOUT),
	       "MADV_PAGEOUT of a page a child shares");
	ok(pagemap_of(pm, p + PAGE) & PM_PRESENT, "leaves it in memory");
	write(to_child[1], "x", 1);
	is_exit(wait_for(pid), 0, "the child read it whole");
	close(to_child[0]);
	close(to_child[1]);
	munmap(p, 2 * PAGE);
	close(pm);
}

int main(void)
{
	pin_to_cpu(0);	/* Linux puts a new page on the LRU of its CPU */
	test_fork_advice();
	test_flag_advice();
	test_pageout();
	return done_testing();
}
