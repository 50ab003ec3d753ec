/*
 * mremap.c - mremap's errors in Linux 6.1's order, and MREMAP_DONTUNMAP.
 *
 * EINVAL for unknown flags, MREMAP_FIXED without MREMAP_MAYMOVE,
 * MREMAP_DONTUNMAP without MAYMOVE or with a change of size, an unaligned
 * address and a new length of 0, all before the address is looked at;
 * then EFAULT when no mapping holds the old address (even to shrink) or
 * the old range runs past it, EINVAL for a fixed target that is unaligned
 * or overlaps the old range and for an old length of 0 on a private
 * mapping.  MREMAP_DONTUNMAP moves the pages and leaves the old range
 * mapped and empty.  An old length of 0 on shared anonymous memory maps
 * the same pages again.
 */
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define PAGE 4096UL
#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4
#endif

static long remap(void *old, unsigned long old_len, unsigned long new_len,
		  unsigned long flags, void *new_addr)
{
	return syscall(SYS_mremap, old, old_len, new_len, flags, new_addr);
}

static char *anon(unsigned long len)
{
	return mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void test_flag_errors(char *p, char *hole)
{
	is_errno(remap(hole, PAGE, PAGE, 0x10, NULL), EINVAL,
		 "unknown flag: EINVAL (before the address)");
	is_errno(remap(hole, PAGE, 2 * PAGE, MREMAP_FIXED, p + 8 * PAGE),
		 EINVAL, "MREMAP_FIXED without MREMAP_MAYMOVE: EINVAL");
	is_errno(remap(hole, PAGE, PAGE, MREMAP_DONTUNMAP, NULL), EINVAL,
		 "MREMAP_DONTUNMAP without MREMAP_MAYMOVE: EINVAL");
	is_errno(remap(hole, PAGE, 2 * PAGE, MREMAP_DONTUNMAP | MREMAP_MAYMOVE,
		       NULL),
		 EINVAL, "MREMAP_DONTUNMAP with a new size: EINVAL");
	is_errno(remap(hole + 1, PAGE, PAGE, 0, NULL), EINVAL,
		 "unaligned address: EINVAL");
	is_errno(remap(hole, PAGE, 0, 0, NULL), EINVAL,
		 "new length 0: EINVAL (before the address)");
	is_errno(remap(p, 2 * PAGE, 0, MREMAP_MAYMOVE, NULL), EINVAL,
		 "shrinking to length 0: EINVAL");
}

static void test_range_errors(char *p, char *hole)
{
	is_errno(remap(hole, PAGE, PAGE, 0, NULL), EFAULT,
		 "unmapped old address, same size: EFAULT");
	is_errno(remap(hole, 2 * PAGE, PAGE, 0, NULL), EFAULT,
		 "unmapped old address, shrink: EFAULT");
	is_errno(remap(hole, PAGE, 2 * PAGE, MREMAP_MAYMOVE, NULL), EFAULT,
		 "unmapped old address, grow: EFAULT");
	is_errno(remap(hole, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED,
		       p + 8 * PAGE),
		 EFAULT, "unmapped old address, fixed: EFAULT");
	is_errno(remap(p, 3 * PAGE, 4 * PAGE, MREMAP_MAYMOVE, NULL), EFAULT,
		 "old range past its mapping, grow: EFAULT");
	is_errno(remap(p, 3 * PAGE, 3 * PAGE, MREMAP_MAYMOVE | MREMAP_FIXED,
		       p + 8 * PAGE),
		 EFAULT, "old range past its mapping, fixed: EFAULT");
	is_errno(remap(p, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED,
		       p + 8 * PAGE + 1),
		 EINVAL, "unaligned fixed target: EINVAL");
	is_errno(remap(p, 2 * PAGE, 2 * PAGE, MREMAP_MAYMOVE | MREMAP_FIXED,
		       p + PAGE),
		 EINVAL, "fixed target overlapping the old range: EINVAL");
	is_errno(remap(p, 0, PAGE, MREMAP_MAYMOVE, NULL), EINVAL,
		 "old length 0 on a private mapping: EINVAL");
	is_errno(remap(p, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, p + 1),
		 EINVAL, "MREMAP_DONTUNMAP with an unaligned hint: EINVAL");
	ok(p[0] == 'a' && p[PAGE] == 'b', "the mapping is untouched");
}

static void test_dontunmap(void)
{
	char *p = anon(2 * PAGE);
	long r;

	if (p == MAP_FAILED)
		return (void)ok(0, "mmap 2 pages");
	p[0] = 'x';
	p[PAGE] = 'y';
	r = remap(p, 2 * PAGE, 2 * PAGE, MREMAP_MAYMOVE | MREMAP_DONTUNMAP,
		  NULL);
	ok(r != -1 && (char *)r != p, "MREMAP_DONTUNMAP moves the mapping");
	if (r == -1)
		return;
	ok(((char *)r)[0] == 'x' && ((char *)r)[PAGE] == 'y',
	   "the data is at the new address");
	ok(p[0] == 0 && p[PAGE] == 0,
	   "the old range is still mapped and reads zeros");
	p[0] = 'z';
	is(((char *)r)[0], 'x', "a write to the old range stays there");
	munmap(p, 2 * PAGE);
	munmap((char *)r, 2 * PAGE);
}

/*
 * An old length of 0 on shared anonymous memory maps the same pages a
 * second time: a write through either mapping is seen through the other,
 * in a forked child too, and the copy outlives the original.
 */
static void test_dup_shared(void)
{
	char *s = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0), *q, *t;
	pid_t pid;

	if (s == MAP_FAILED)
		return (void)ok(0, "mmap 2 shared pages");
	s[0] = 'a';
	s[PAGE] = 'b';
	is_errno(remap(s, 0, 2 * PAGE, 0, NULL), ENOMEM,
		 "old length 0 without MREMAP_MAYMOVE: ENOMEM");
	q = (char *)remap(s, 0, 2 * PAGE, MREMAP_MAYMOVE, NULL);
	ok(q != MAP_FAILED && q != s, "old length 0 on a shared mapping: "
	   "a second mapping");
	if (q == MAP_FAILED)
		return;
	ok(s[0] == 'a' && s[PAGE] == 'b', "the first is still there");
	ok(q[0] == 'a' && q[PAGE] == 'b', "the second shows its pages");
	q[0] = 'c';
	is(s[0], 'c', "a write through the second is seen through the first");
	s[PAGE] = 'd';
	is(q[PAGE], 'd', "and the other way round");
	t = (char *)remap(s + PAGE, 0, PAGE, MREMAP_MAYMOVE, NULL);
	ok(t != MAP_FAILED && t[0] == 'd',
	   "from the second page: a mapping of that page");
	pid = must(fork());
	if (pid == 0) {
		t[0] = 'e';
		_exit(0);
	}
	is_exit(wait_for(pid), 0, "a child writes through the third mapping");
	ok(s[PAGE] == 'e' && q[PAGE] == 'e', "both others see its write");
	munmap(s, 2 * PAGE);
	ok(q[0] == 'c' && q[PAGE] == 'e', "the second outlives the first");
	munmap(q, 2 * PAGE);
	if (t != MAP_FAILED)
		munmap(t, PAGE);
}

int main(void)
{
	char *p = anon(16 * PAGE), *hole;

	if (p == MAP_FAILED)
		return ok(0, "mmap 16 pages"), done_testing();
	/* p: 2 pages, then a hole of 6, then 8 more pages */
	must(munmap(p + 2 * PAGE, 6 * PAGE));
	hole = p + 3 * PAGE;
	p[0] = 'a';
	p[PAGE] = 'b';
	test_flag_errors(p, hole);
	test_range_errors(p, hole);
	test_dontunmap();
	test_dup_shared();
	munmap(p, 16 * PAGE);
	return done_testing();
}
