/*
 * fadvise.c - fadvise64_64 (272) and fadvise64 (250), called raw: the
 * advice is accepted and ignored on an in-memory file, and the checks
 * come first (Linux's answers for ramfs and tmpfs).
 */
#include "tap.h"
#include <sys/syscall.h>

#define PATH "/tmp/fadvise.test"

/* i386: each 64-bit argument in two registers, low word first. */
static long fadvise64_64(int fd, long long off, long long len, int advice)
{
	return syscall(SYS_fadvise64_64, fd, (unsigned long)off,
		       (unsigned long)(off >> 32), (unsigned long)len,
		       (unsigned long)(len >> 32), advice);
}

int main(void)
{
	int fd, p[2], advice;

	fd = must(open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0644));
	must(write(fd, "data", 4));
	for (advice = 0; advice <= 5; advice++)
		is(fadvise64_64(fd, 0, 4096, advice), 0,
		   "fadvise64_64 advice %d on a file: 0", advice);
	is(fadvise64_64(fd, 1LL << 40, 0, 0), 0,
	   "an offset past 4 GiB and length 0 (to the end): 0");
	is_errno(fadvise64_64(fd, 0, 4096, 6), EINVAL,
		 "an unknown advice: EINVAL");
	is_errno(fadvise64_64(fd, 0, 4096, -1), EINVAL,
		 "a negative advice: EINVAL");
	is_errno(fadvise64_64(fd, 0, -1, 0), EINVAL,
		 "a negative length: EINVAL");
	is_errno(fadvise64_64(999, 0, 4096, 0), EBADF, "a closed fd: EBADF");
	must(pipe(p));
	is_errno(fadvise64_64(p[0], 0, 4096, 0), ESPIPE, "a pipe: ESPIPE");
	is_errno(fadvise64_64(p[0], 0, 4096, 6), ESPIPE,
		 "a pipe with bad advice: ESPIPE comes first");
	is(syscall(SYS_fadvise64, fd, 0UL, 0UL, 4096UL, 3), 0,
	   "fadvise64 (32-bit length) WILLNEED: 0");
	is_errno(syscall(SYS_fadvise64, fd, 0UL, 0UL, 4096UL, 9), EINVAL,
		 "fadvise64 with an unknown advice: EINVAL");
	close(p[0]);
	close(p[1]);
	close(fd);
	unlink(PATH);
	return done_testing();
}
