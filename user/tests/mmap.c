/*
 * mmap.c - anonymous mappings and the mmap family's argument checks.
 *
 * Anonymous private and shared memory is zeroed and writable, MAP_FIXED
 * replaces what was there, munmap makes the range fault with SEGV_MAPERR,
 * MAP_POPULATE/MAP_NORESERVE are accepted, the old mmap call (argument
 * block) works, mincore, madvise(MADV_DONTNEED), mlock/munlock (and
 * mlock2's MLOCK_ONFAULT) and msync
 * behave, and Linux's errors (EINVAL, EBADF, EACCES, ENODEV, ENOMEM) come
 * back for bad arguments.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tests/tap.h"
#include "tests/fault.h"

#define PAGE 4096

static long count_nonzero(const char *p, long len)
{
	long i, n = 0;

	for (i = 0; i < len; i++)
		n += p[i] != 0;
	return n;
}

static void test_anon(void)
{
	char *p, *q;
	long i;

	p = mmap(NULL, 8 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ok(p != MAP_FAILED && ((uintptr_t)p & (PAGE - 1)) == 0, "anonymous mmap, page aligned");
	is(count_nonzero(p, 8 * PAGE), 0, "zero-filled");
	for (i = 0; i < 8 * PAGE; i += 64)
		p[i] = (char)i | 1;
	for (i = 0; i < 8 * PAGE && p[i] == (i % 64 ? 0 : ((char)i | 1)); i++)
		;
	is(i, 8 * PAGE, "writes read back");

	q = mmap(p + 2 * PAGE, PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	ok(q == p + 2 * PAGE, "MAP_FIXED at the given address");
	is(count_nonzero(q, PAGE), 0, "MAP_FIXED replaced the old page with zeros");
	ok(p[3 * PAGE] == 1, "neighbour pages untouched");

	ok_sys(munmap(p, 8 * PAGE), "munmap");
	is(touch_read(p + 5 * PAGE), SIGSEGV, "unmapped range faults");
	is(fault_code, SEGV_MAPERR, "with SEGV_MAPERR");
	ok(fault_addr == p + 5 * PAGE, "at the touched address");

	p = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE | MAP_NORESERVE, -1, 0);
	ok(p != MAP_FAILED, "MAP_POPULATE | MAP_NORESERVE accepted");
	{
		unsigned char vec[4] = { 0 };
		ok(mincore(p, 4 * PAGE, vec) == 0 && (vec[0] & vec[3] & 1), "populated pages resident");
	}
	memset(p, 0x77, 4 * PAGE);
	ok_sys(madvise(p, 4 * PAGE, MADV_DONTNEED), "MADV_DONTNEED");
	is(count_nonzero(p, 4 * PAGE), 0, "private anon reads zeros after MADV_DONTNEED");
	ok_sys(madvise(p, PAGE, MADV_WILLNEED), "MADV_WILLNEED");
	ok_sys(mlock(p, PAGE), "mlock");
	ok_sys(munlock(p, PAGE), "munlock");
	is_errno(mincore(p + 1, PAGE, (unsigned char[1]){ 0 }), EINVAL, "mincore unaligned: EINVAL");
	munmap(p, 4 * PAGE);
	is_errno(mincore(p, PAGE, (unsigned char[1]){ 0 }), ENOMEM, "mincore of unmapped: ENOMEM");
}

/* mlock faults the range in; mlock2's MLOCK_ONFAULT and mlockall's
 * MCL_ONFAULT lock without it. */
static void test_mlock_onfault(void)
{
	unsigned char vec[4] = { 1, 1, 1, 1 };
	char *p = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (!ok(p != MAP_FAILED, "map four pages"))
		return;
	ok_sys(syscall(SYS_mlock2, p, 2 * PAGE, 1), "mlock2 MLOCK_ONFAULT");
	ok(mincore(p, 4 * PAGE, vec) == 0 && !(vec[0] | vec[1]),
	   "nothing faulted in");
	p[PAGE] = 1;
	ok(mincore(p, 4 * PAGE, vec) == 0 && (vec[1] & 1) && !(vec[0] & 1),
	   "a touched page is in (and locked)");
	is_errno(syscall(SYS_mlock2, p, PAGE, 2), EINVAL,
		 "mlock2 with flag 2: EINVAL");
	ok_sys(mlock(p + 2 * PAGE, 2 * PAGE), "mlock the other two");
	ok(mincore(p, 4 * PAGE, vec) == 0 && (vec[2] & vec[3] & 1),
	   "mlock faults them in");
	ok_sys(munlock(p, 4 * PAGE), "munlock");
	is_errno(mlockall(MCL_ONFAULT), EINVAL, "mlockall(MCL_ONFAULT) alone: EINVAL");
	munmap(p, 4 * PAGE);
}

static void test_shared_anon(void)
{
	volatile int *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid;

	ok(p != MAP_FAILED, "shared anonymous mmap");
	pid = fork();
	if (pid == 0) {
		p[10] = 1234;
		_exit(0);
	}
	is_exit(wait_for(pid), 0, "child writes");
	is(p[10], 1234, "parent sees the child's write in shared anon memory");
	munmap((void *)p, PAGE);
}

/* The old i386 mmap: one pointer to six arguments. */
static void test_old_mmap(void)
{
	unsigned long args[6] = { 0, PAGE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, (unsigned long)-1, 0 };
	long r = syscall(SYS_mmap, args);
	char *p = (char *)r;

	ok(r != -1 && (r & (PAGE - 1)) == 0, "old mmap (argument block) maps");
	if (r != -1) {
		p[0] = 5;
		ok(p[0] == 5 && count_nonzero(p + 1, PAGE - 1) == 0, "usable and zeroed");
		munmap(p, PAGE);
	}
	args[5] = 1;
	args[3] = MAP_PRIVATE;
	args[4] = 0;
	is_errno(syscall(SYS_mmap, args), EINVAL, "old mmap with unaligned offset: EINVAL");
}

static void test_errors(void)
{
	int fd = open("mmap-f", O_RDWR | O_CREAT | O_TRUNC, 0644);
	int rd, p[2];
	char *m;

	ftruncate(fd, PAGE);
	rd = open("mmap-f", O_RDONLY);
	pipe(p);
	is_errno(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED ? -1 : 0,
		 EINVAL, "length 0: EINVAL");
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_ANONYMOUS, -1, 0) == MAP_FAILED ? -1 : 0,
		 EINVAL, "neither MAP_SHARED nor MAP_PRIVATE: EINVAL");
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, 100) == MAP_FAILED ? -1 : 0,
		 EINVAL, "unaligned offset: EINVAL");
	is_errno(mmap((void *)(PAGE + 1), PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		      -1, 0) == MAP_FAILED ? -1 : 0, EINVAL, "unaligned MAP_FIXED address: EINVAL");
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, 1000000, 0) == MAP_FAILED ? -1 : 0,
		 EBADF, "bad fd: EBADF");
	is_errno(mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, rd, 0) == MAP_FAILED ? -1 : 0,
		 EACCES, "read-only fd, PROT_WRITE, MAP_SHARED: EACCES");
	m = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, rd, 0);
	ok(m != MAP_FAILED, "read-only fd, PROT_WRITE, MAP_PRIVATE is allowed");
	munmap(m, PAGE);
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, p[0], 0) == MAP_FAILED ? -1 : 0,
		 ENODEV, "a pipe cannot be mapped: ENODEV");
	is_errno(mmap(NULL, 0xF0000000u, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED ? -1 : 0,
		 ENOMEM, "more than the address space: ENOMEM");
	is_errno(munmap((void *)(PAGE + 1), PAGE), EINVAL, "munmap unaligned: EINVAL");
	is_errno(munmap(NULL, 0), EINVAL, "munmap length 0: EINVAL");

	m = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok_sys(msync(m, PAGE, MS_SYNC), "msync a shared file mapping");
	is_errno(msync(m + 1, PAGE, MS_SYNC), EINVAL, "msync unaligned: EINVAL");
	is_errno(msync(m, PAGE, MS_SYNC | MS_ASYNC), EINVAL, "msync MS_SYNC|MS_ASYNC: EINVAL");
	munmap(m, PAGE);
	is_errno(msync(m, PAGE, MS_SYNC), ENOMEM, "msync of unmapped memory: ENOMEM");
	close(p[0]);
	close(p[1]);
	close(rd);
	close(fd);
	unlink("mmap-f");
}

int main(void)
{
	test_anon();
	test_mlock_onfault();
	test_shared_anon();
	test_old_mmap();
	test_errors();
	return done_testing();
}
