/*
 * random.c - getrandom(2) and the /dev/random, /dev/urandom devices.
 *
 * Randomness cannot be proven, so this asserts what can fail: the calls
 * fill exactly what was asked, two draws differ, Linux's flag checks and
 * errors, and the device nodes' numbers and behaviour.
 */
#include "tap.h"
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#define GRND_NONBLOCK 1
#define GRND_RANDOM 2
#define GRND_INSECURE 4

static long getrandom_raw(void *buf, size_t n, unsigned int flags)
{
	return syscall(SYS_getrandom, buf, n, flags);
}

/* How many of n bytes stay at the fill value: a fill that did not happen. */
static int untouched(const unsigned char *p, size_t n, unsigned char fill)
{
	size_t i;
	int same = 0;

	for (i = 0; i < n; i++)
		same += p[i] == fill;
	return same;
}

static void test_getrandom(void)
{
	static unsigned char big[100000];
	unsigned char a[64], b[64], edge[80];

	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	is(getrandom_raw(a, sizeof(a), 0), 64, "getrandom fills 64 bytes");
	is(getrandom_raw(b, sizeof(b), GRND_NONBLOCK), 64,
	   "getrandom GRND_NONBLOCK does not block once the pool is ready");
	ok(memcmp(a, b, sizeof(a)) != 0, "two draws differ");
	ok(untouched(a, sizeof(a), 0) < 8, "a draw is not mostly zero");
	is(getrandom_raw(b, sizeof(b), GRND_RANDOM), 64, "GRND_RANDOM works");
	is(getrandom_raw(b, sizeof(b), GRND_RANDOM | GRND_NONBLOCK), 64,
	   "GRND_RANDOM|GRND_NONBLOCK works");

	/* Exactly the bytes asked for: the ones around stay as they were. */
	memset(edge, 0xa5, sizeof(edge));
	is(getrandom_raw(edge + 8, 13, 0), 13, "an odd size is filled");
	is(untouched(edge, 8, 0xa5) + untouched(edge + 21, sizeof(edge) - 21, 0xa5),
	   (long)sizeof(edge) - 13, "no byte outside the buffer is written");

	is(getrandom_raw(big, sizeof(big), 0), (long)sizeof(big),
	   "a 100000-byte request is filled in one call");
	ok(untouched(big + sizeof(big) - 4096, 4096, 0) < 64,
	   "the end of a large request is filled too");

	is(getrandom_raw(a, 0, 0), 0, "a zero-length request returns 0");
	is_errno(getrandom_raw(a, sizeof(a), 8), EINVAL, "an unknown flag: EINVAL");
	is_errno(getrandom_raw(a, sizeof(a), 0x80000000u), EINVAL,
		 "the top flag bit: EINVAL");
	is_errno(getrandom_raw(a, sizeof(a), GRND_INSECURE | GRND_RANDOM), EINVAL,
		 "GRND_INSECURE with GRND_RANDOM: EINVAL");
	is(getrandom_raw(a, sizeof(a), GRND_INSECURE), 64, "GRND_INSECURE works");
	is_errno(getrandom_raw((void *)1, 16, 0), EFAULT,
		 "an unmapped buffer: EFAULT");
}

static void test_device(const char *path, unsigned int minor)
{
	static unsigned char big[256 * 1024];
	unsigned char a[256], b[256];
	struct stat st;
	int fd;

	if (!ok_sys(stat(path, &st), "stat %s", path))
		return;
	ok(S_ISCHR(st.st_mode), "%s is a character device", path);
	is(major(st.st_rdev), 1, "%s has major 1", path);
	is(minor(st.st_rdev), minor, "%s has minor %u", path, minor);
	is(st.st_mode & 0777, 0666, "%s is mode 0666", path);

	fd = open(path, O_RDWR);
	if (!ok_sys(fd, "open %s read-write", path))
		return;
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	is(read(fd, a, sizeof(a)), (long)sizeof(a), "%s reads 256 bytes", path);
	is(read(fd, b, sizeof(b)), (long)sizeof(b), "%s reads again", path);
	ok(memcmp(a, b, sizeof(a)) != 0, "%s gives different bytes each read",
	   path);
	memset(big, 0, sizeof(big));
	is(read(fd, big, sizeof(big)), (long)sizeof(big),
	   "%s: a 256 KiB read is whole", path);
	ok(untouched(big + sizeof(big) - 4096, 4096, 0) < 64,
	   "%s: the end of it is filled too", path);
	is(write(fd, "some entropy", 12), 12, "%s accepts a write", path);
	is(lseek(fd, 0, SEEK_CUR), 0, "%s: the position does not move", path);
	close(fd);
}

int main(void)
{
	test_getrandom();
	test_device("/dev/urandom", 9);
	test_device("/dev/random", 8);
	return done_testing();
}
