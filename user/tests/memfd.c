/*
 * memfd.c - memfd_create (356) and file seals (fcntl F_ADD_SEALS 1033,
 * F_GET_SEALS 1034), as Linux 6.1: a memfd is an unlinked tmpfs file
 * named "/memfd:NAME (deleted)" in /proc/self/fd; MFD_CLOEXEC;
 * without MFD_ALLOW_SEALING it (and any file made by open on tmpfs)
 * carries F_SEAL_SEAL; each seal refuses what it names with EPERM, and
 * F_SEAL_WRITE cannot be added (EBUSY) while a shared mapping exists.
 */
#include "tap.h"
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#define F_GET_SEALS 1034
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008
#endif
#ifndef F_SEAL_FUTURE_WRITE
#define F_SEAL_FUTURE_WRITE 0x0010
#endif
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1
#define MFD_ALLOW_SEALING 2
#endif

static int mfd(const char *name, unsigned int flags)
{
	return syscall(SYS_memfd_create, name, flags);
}

static void create(void)
{
	char link[64], name[300];
	struct stat st;
	int fd = must(mfd("hello", 0));
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, name, sizeof(name) - 1);
	name[n > 0 ? n : 0] = 0;
	is(n, 22, "fd link's length");
	ok(!strcmp(name, "/memfd:hello (deleted)"), "named %s", name);
	must(fstat(fd, &st));
	ok(S_ISREG(st.st_mode) && (st.st_mode & 07777) == 0777,
	   "a regular file, mode 0777 (%o)", st.st_mode);
	is(st.st_nlink, 0, "no links");
	is(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDWR, "open O_RDWR");
	is(fcntl(fd, F_GETFD), 0, "not close-on-exec");
	is(write(fd, "abc", 3), 3, "writes");
	is(pread(fd, name, 3, 0), 3, "reads back");
	is(fcntl(fd, F_GET_SEALS), F_SEAL_SEAL,
	   "without MFD_ALLOW_SEALING: F_SEAL_SEAL");
	is_errno(fcntl(fd, F_ADD_SEALS, F_SEAL_GROW), EPERM,
		 "adding a seal to it: EPERM");
	close(fd);
	fd = must(mfd("c", MFD_CLOEXEC));
	is(fcntl(fd, F_GETFD), FD_CLOEXEC, "MFD_CLOEXEC: close-on-exec");
	close(fd);
	is_errno(mfd("x", 8), EINVAL, "an unknown flag: EINVAL");
	memset(name, 'n', sizeof(name));
	name[249] = 0;
	fd = mfd(name, 0);
	ok(fd >= 0, "a 249-byte name is accepted");
	if (fd >= 0)
		close(fd);
	name[249] = 'n';
	name[250] = 0;
	is_errno(mfd(name, 0), EINVAL, "a 250-byte name: EINVAL");
	is_errno(mfd((char *)8, 0), EFAULT, "an unreadable name: EFAULT");
}

static void seals(void)
{
	int fd = must(mfd("s", MFD_ALLOW_SEALING));
	char *m;

	is(fcntl(fd, F_GET_SEALS), 0, "MFD_ALLOW_SEALING: no seals");
	must(ftruncate(fd, 8192));
	is_errno(fcntl(fd, F_ADD_SEALS, 0x20), EINVAL,
		 "an unknown seal: EINVAL");
	is(fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK), 0, "add F_SEAL_SHRINK");
	is_errno(ftruncate(fd, 4096), EPERM, "shrink: EPERM");
	is(ftruncate(fd, 12288), 0, "grow: 0");
	is(fcntl(fd, F_ADD_SEALS, F_SEAL_GROW), 0, "add F_SEAL_GROW");
	is_errno(ftruncate(fd, 16384), EPERM, "grow: EPERM");
	is_errno(pwrite(fd, "x", 1, 12288), EPERM,
		 "a write past the end: EPERM");
	is(pwrite(fd, "x", 1, 100), 1, "a write inside: 1");
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "a shared writable mapping");
	is_errno(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), EBUSY,
		 "F_SEAL_WRITE while it exists: EBUSY");
	if (m != MAP_FAILED)
		munmap(m, 4096);
	is(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), 0, "after munmap: 0");
	is_errno(pwrite(fd, "x", 1, 0), EPERM, "a write: EPERM");
	is_errno(syscall(SYS_fallocate, fd, 3, 0, 0, 4096, 0), EPERM,
		 "punching a hole: EPERM");
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m == MAP_FAILED && errno == EPERM, "a shared writable mmap: EPERM");
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	ok(m != MAP_FAILED, "a private writable mmap works");
	if (m != MAP_FAILED) {
		m[0] = 'p';
		munmap(m, 4096);
	}
	is(fcntl(fd, F_GET_SEALS), F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE,
	   "F_GET_SEALS: the three");
	is(fcntl(fd, F_ADD_SEALS, F_SEAL_SEAL), 0, "add F_SEAL_SEAL");
	is_errno(fcntl(fd, F_ADD_SEALS, F_SEAL_FUTURE_WRITE), EPERM,
		 "then any seal: EPERM");
	close(fd);
}

static void future_write(void)
{
	int fd = must(mfd("f", MFD_ALLOW_SEALING));
	int ro;
	char *m, path[32];

	must(ftruncate(fd, 4096));
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	is(fcntl(fd, F_ADD_SEALS, F_SEAL_FUTURE_WRITE), 0,
	   "F_SEAL_FUTURE_WRITE with a shared mapping: 0");
	if (m != MAP_FAILED) {
		m[0] = 'o';
		ok(1, "the old mapping still writes");
		munmap(m, 4096);
	}
	is_errno(write(fd, "x", 1), EPERM, "a write: EPERM");
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m == MAP_FAILED && errno == EPERM,
	   "a new shared writable mmap: EPERM");
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	ro = must(open(path, O_RDONLY));
	is_errno(fcntl(ro, F_ADD_SEALS, F_SEAL_GROW), EPERM,
		 "F_ADD_SEALS through a read-only fd: EPERM");
	close(ro);
	close(fd);
}

int main(void)
{
	int fd =
		must(open("/tmp/memfd.test", O_RDWR | O_CREAT | O_TRUNC, 0644));
	int p[2];

	is(fcntl(fd, F_GET_SEALS), F_SEAL_SEAL, "a tmpfs file: F_SEAL_SEAL");
	close(fd);
	unlink("/tmp/memfd.test");
	must(pipe(p));
	is_errno(fcntl(p[1], F_GET_SEALS), EINVAL, "a pipe: EINVAL");
	close(p[0]);
	close(p[1]);
	create();
	seals();
	future_write();
	return done_testing();
}
