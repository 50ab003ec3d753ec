/*
 * mprotect.c - mprotect's and mmap's errors, /dev/zero mappings and
 * executing mapped code, as Linux 6.1.
 *
 * mprotect: EINVAL for an unaligned address, unknown prot bits or both
 * PROT_GROWSDOWN and PROT_GROWSUP (and either on a mapping that does not
 * grow that way), ENOMEM for a range with a hole, EACCES for PROT_WRITE on
 * a shared mapping of a read-only file.  mmap: EACCES for a shared
 * writable mapping of a read-only fd and any mapping of a write-only one,
 * ENODEV for what has no pages (a pipe, a directory), EINVAL for a bad
 * type or an unaligned fixed address, EPERM for PROT_EXEC of a file on a
 * noexec mount (which mprotect then refuses with EACCES).  /dev/zero maps private memory, or
 * shared memory that a forked child writes into.  A PROT_NONE page whose
 * memory is still there is as out of reach for the kernel's copies (read,
 * write, uname, a path) as for the process: EFAULT, nothing written.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define PAGE 4096UL
#define PROT_SEM 0x8

/* musl's mprotect rounds the address down: the call itself does not. */
static long mprotect_raw(void *addr, unsigned long len, unsigned long prot)
{
	return syscall(SYS_mprotect, addr, len, prot);
}

static char *anon(unsigned long len, int prot, int flags)
{
	return mmap(NULL, len, prot, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1,
		    0);
}

static void test_mprotect_errors(void)
{
	char *p = anon(3 * PAGE, PROT_READ, 0);

	if (p == MAP_FAILED)
		return (void)ok(0, "mmap 3 pages");
	is_errno(mprotect_raw(p + 1, PAGE, PROT_READ), EINVAL,
		 "unaligned address: EINVAL");
	is(mprotect(p, 0, PROT_READ), 0, "length 0: 0");
	is_errno(mprotect(p, PAGE, 0x10), EINVAL, "unknown prot bit: EINVAL");
	is(mprotect(p, PAGE, PROT_READ | PROT_SEM), 0, "PROT_SEM is allowed");
	is_errno(mprotect(p, PAGE, PROT_READ | PROT_GROWSDOWN | PROT_GROWSUP),
		 EINVAL, "PROT_GROWSDOWN|PROT_GROWSUP: EINVAL");
	is_errno(mprotect(p, PAGE, PROT_READ | PROT_GROWSDOWN), EINVAL,
		 "PROT_GROWSDOWN on a mapping that does not grow: EINVAL");
	is_errno(mprotect(p, PAGE, PROT_READ | PROT_GROWSUP), EINVAL,
		 "PROT_GROWSUP: EINVAL");
	is_errno(mprotect_raw((void *)-PAGE, 2 * PAGE, PROT_READ), ENOMEM,
		 "range that wraps: ENOMEM");
	must(munmap(p + PAGE, PAGE));
	is_errno(mprotect(p, 3 * PAGE, PROT_READ | PROT_WRITE), ENOMEM,
		 "range with a hole: ENOMEM");
	is_errno(mprotect(p + PAGE, PAGE, PROT_READ), ENOMEM,
		 "unmapped range: ENOMEM");
	munmap(p, 3 * PAGE);

	p = anon(2 * PAGE, PROT_READ | PROT_WRITE, MAP_GROWSDOWN);
	if (p == MAP_FAILED)
		return (void)ok(0, "MAP_GROWSDOWN mapping");
	is(mprotect(p + PAGE, PAGE, PROT_READ | PROT_GROWSDOWN), 0,
	   "PROT_GROWSDOWN on a growsdown mapping");
	munmap(p, 2 * PAGE);
}

/* Write in a child: its wait status (SIGSEGV when not allowed). */
static int write_in_child(char *p)
{
	pid_t pid = fork();

	if (pid == 0) {
		signal(SIGSEGV, SIG_DFL);
		*(volatile char *)p = 1;
		_exit(0);
	}
	return wait_for(pid);
}

static void test_readonly_file(void)
{
	int fd = must(open("mprotect-file", O_RDWR | O_CREAT | O_TRUNC, 0644));
	int ro, wo;
	char *p;

	must(ftruncate(fd, 2 * PAGE));
	close(fd);
	ro = must(open("mprotect-file", O_RDONLY));
	wo = must(open("mprotect-file", O_WRONLY));

	is_errno(mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0),
		 EACCES, "MAP_SHARED PROT_WRITE of an O_RDONLY fd: EACCES");
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, wo, 0), EACCES,
		 "MAP_PRIVATE of an O_WRONLY fd: EACCES");
	is_errno(mmap(NULL, PAGE, PROT_WRITE, MAP_SHARED, wo, 0), EACCES,
		 "MAP_SHARED of an O_WRONLY fd: EACCES");

	p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, ro, 0);
	ok(p != MAP_FAILED, "MAP_SHARED PROT_READ of an O_RDONLY fd");
	if (p != MAP_FAILED) {
		is_errno(mprotect(p, PAGE, PROT_READ | PROT_WRITE), EACCES,
			 "mprotect PROT_WRITE of it: EACCES");
		is(mprotect(p, PAGE, PROT_READ | PROT_EXEC), 0,
		   "mprotect PROT_EXEC of it");
		is_signal(write_in_child(p), SIGSEGV, "a write to it: SIGSEGV");
		munmap(p, PAGE);
	}
	p = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, ro, 0);
	ok(p != MAP_FAILED, "MAP_PRIVATE of an O_RDONLY fd");
	if (p != MAP_FAILED) {
		is(mprotect(p, PAGE, PROT_READ | PROT_WRITE), 0,
		   "mprotect PROT_WRITE of a private one works");
		is_exit(write_in_child(p), 0, "and it can be written");
		munmap(p, PAGE);
	}
	is_errno(mmap(NULL, PAGE, PROT_READ, 0, ro, 0), EINVAL,
		 "neither shared nor private: EINVAL");
	is_errno(mmap((void *)(0x50000000 + 1), PAGE, PROT_READ,
		      MAP_PRIVATE | MAP_FIXED, ro, 0),
		 EINVAL, "MAP_FIXED at an unaligned address: EINVAL");
	is_errno(mmap(NULL, 0, PROT_READ, MAP_PRIVATE, ro, 0), EINVAL,
		 "length 0: EINVAL");
	close(ro);
	close(wo);
	unlink("mprotect-file");
}

static void test_no_pages(void)
{
	int fds[2], dir;

	must(pipe(fds));
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fds[0], 0), ENODEV,
		 "mmap of a pipe's read end: ENODEV");
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fds[1], 0), EACCES,
		 "mmap of a pipe's write end: EACCES (not readable)");
	close(fds[0]);
	close(fds[1]);
	dir = must(open(".", O_RDONLY | O_DIRECTORY));
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, dir, 0), ENODEV,
		 "mmap of a directory: ENODEV");
	close(dir);
	is_errno(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, 1000, 0), EBADF,
		 "mmap of a closed fd: EBADF");
}

static void test_dev_zero(void)
{
	int fd = open("/dev/zero", O_RDWR), ro = open("/dev/zero", O_RDONLY);
	char *p, *s;
	pid_t pid;

	ok_sys(fd, "open /dev/zero");
	if (fd < 0 || ro < 0)
		return;
	p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	ok(p != MAP_FAILED, "MAP_PRIVATE of /dev/zero");
	s = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(s != MAP_FAILED, "MAP_SHARED of /dev/zero");
	if (p == MAP_FAILED || s == MAP_FAILED)
		return;
	ok(p[0] == 0 && p[2 * PAGE - 1] == 0 && s[0] == 0 &&
		   s[2 * PAGE - 1] == 0,
	   "both read zeros");
	p[1] = 'p';
	s[1] = 's';
	pid = fork();
	if (pid == 0) {
		p[PAGE] = 'c';
		s[PAGE] = 'c';
		_exit(p[1] == 'p' && s[1] == 's' ? 0 : 1);
	}
	is_exit(wait_for(pid), 0, "a forked child sees both");
	is(p[PAGE], 0,
	   "the child's write to the private mapping stays its own");
	is(s[PAGE], 'c', "the child's write to the shared mapping is seen");
	munmap(p, 2 * PAGE);
	munmap(s, 2 * PAGE);

	is_errno(mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0),
		 EACCES, "MAP_SHARED PROT_WRITE of O_RDONLY /dev/zero: EACCES");
	p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, ro, 0);
	ok(p != MAP_FAILED, "MAP_SHARED PROT_READ of O_RDONLY /dev/zero");
	if (p != MAP_FAILED) {
		is_errno(mprotect(p, PAGE, PROT_READ | PROT_WRITE), EACCES,
			 "mprotect PROT_WRITE of it: EACCES");
		munmap(p, PAGE);
	}
	close(fd);
	close(ro);
}

/* A file on a noexec mount: PROT_EXEC is EPERM from mmap, EACCES from
 * mprotect. */
static void test_noexec(void)
{
	int fd;
	char *p;

	if (mkdir("mprotect-noexec", 0755) < 0 ||
	    mount("tmpfs", "mprotect-noexec", "tmpfs", MS_NOEXEC, NULL) < 0) {
		ok(0, "mount a noexec tmpfs: %s", strerror(errno));
		rmdir("mprotect-noexec");
		return;
	}
	fd = open("mprotect-noexec/f", O_RDWR | O_CREAT, 0755);
	ok_sys(fd, "a file on it");
	if (fd >= 0 && ftruncate(fd, PAGE) == 0) {
		is_errno(mmap(NULL, PAGE, PROT_READ | PROT_EXEC, MAP_PRIVATE,
			      fd, 0),
			 EPERM, "mmap PROT_EXEC on a noexec mount: EPERM");
		p = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, 0);
		ok(p != MAP_FAILED, "mmap PROT_READ of it works");
		if (p != MAP_FAILED) {
			is_errno(mprotect(p, PAGE, PROT_READ | PROT_EXEC),
				 EACCES, "mprotect PROT_EXEC of it: EACCES");
			munmap(p, PAGE);
		}
	}
	if (fd >= 0)
		close(fd);
	unlink("mprotect-noexec/f");
	umount("mprotect-noexec");
	rmdir("mprotect-noexec");
}

/* Call code in p in a child: its wait status. */
static int call_in_child(char *p)
{
	pid_t pid = fork();

	if (pid == 0) {
		signal(SIGSEGV, SIG_DFL);
		_exit(((int (*)(void))p)());
	}
	return wait_for(pid);
}

static void test_exec(void)
{
	/* mov $42, %eax; ret */
	static const unsigned char code[] = { 0xb8, 42, 0, 0, 0, 0xc3 };
	char *p = anon(PAGE, PROT_READ | PROT_WRITE, 0);

	if (p == MAP_FAILED)
		return (void)ok(0, "mmap a page");
	memcpy(p, code, sizeof(code));
	is(mprotect(p, PAGE, PROT_READ | PROT_EXEC), 0, "mprotect PROT_EXEC");
	is_exit(call_in_child(p), 42, "code in a PROT_EXEC page runs");
	is(mprotect(p, PAGE, PROT_NONE), 0, "mprotect PROT_NONE");
	is_signal(call_in_child(p), SIGSEGV, "calling into PROT_NONE: SIGSEGV");
	is(mprotect(p, PAGE, PROT_EXEC), 0, "mprotect PROT_EXEC alone");
	is_exit(call_in_child(p), 42, "runs again, the code kept");
	munmap(p, PAGE);
}

/* Whether n bytes at p (made readable again) all still hold c. */
static int untouched(char *p, size_t n, char c)
{
	size_t i;

	mprotect(p, PAGE, PROT_READ | PROT_WRITE);
	for (i = 0; i < n && p[i] == c; i++)
		;
	mprotect(p, PAGE, PROT_NONE);
	return i == n;
}

/*
 * The kernel may no more touch a PROT_NONE page than the process may,
 * even one whose page is still there (touched before the mprotect): each
 * call fails with EFAULT and writes nothing.
 */
static void test_prot_none_uaccess(int type, const char *what)
{
	char *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		       type | MAP_ANONYMOUS, -1, 0);
	int fds[2], zero = open("/dev/zero", O_RDONLY);

	if (p == MAP_FAILED || zero < 0) {
		ok(0, "%s: mmap and open /dev/zero", what);
		return;
	}
	memset(p, 'a', PAGE);
	strcpy(p, "/");
	must(pipe(fds));
	must(mprotect(p, PAGE, PROT_NONE));
	must(write(fds[1], "hello", 5));
	is_errno(read(fds[0], p + 8, 5), EFAULT,
		 "%s: read from a pipe into a PROT_NONE page: EFAULT", what);
	is_errno(read(zero, p + 8, 5), EFAULT,
		 "%s: read from /dev/zero into it: EFAULT", what);
	is_errno(syscall(SYS_uname, p + 8), EFAULT,
		 "%s: uname into it: EFAULT", what);
	ok(untouched(p + 8, PAGE - 8, 'a'), "%s: nothing was written", what);
	is_errno(write(fds[1], p + 8, 5), EFAULT,
		 "%s: write to a pipe from a PROT_NONE page: EFAULT", what);
	is_errno(syscall(SYS_open, p, O_RDONLY), EFAULT,
		 "%s: open of a path in it: EFAULT", what);
	close(fds[0]);
	close(fds[1]);
	close(zero);
	munmap(p, PAGE);
}

int main(void)
{
	test_mprotect_errors();
	test_readonly_file();
	test_no_pages();
	test_dev_zero();
	test_noexec();
	test_exec();
	test_prot_none_uaccess(MAP_PRIVATE, "private");
	test_prot_none_uaccess(MAP_SHARED, "shared");
	return done_testing();
}
