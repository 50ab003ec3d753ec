/*
 * swapctl.c - swapon and swapoff.
 *
 * Error cases that are safe on any host (run only as root, as the calls
 * need CAP_SYS_ADMIN; skipped otherwise): a missing path is ENOENT, a
 * regular file without a swap signature is EINVAL, a directory EISDIR,
 * swapoff of something that is not swap is EINVAL, a bad pointer is
 * EFAULT.  Nothing here can enable swap on the host: no file it uses has
 * a signature.
 *
 * With TEST_SWAP_DEV set (a Mapback boot with a swap disk, e.g.
 * TEST_SWAP_DEV=/dev/hdb already enabled by the test boot), it also fills
 * TEST_SWAPOFF_MIB MiB (default 4) of memory, swaps the device off (which
 * must bring every page back, or fail with ENOMEM and lose nothing),
 * checks every page, and swaps it on again.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/syscall.h>
#include "tests/tap.h"
#include "tests/pattern.h"

/* Whether /proc/swaps lists dev. */
static int swaps_lists(const char *dev)
{
	static char buf[4096];
	int fd = open("/proc/swaps", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return strstr(buf, dev) != NULL;
}

static void test_errors(void)
{
	static char zeros[65536];
	int fd = open("swapctl-file", O_WRONLY | O_CREAT | O_TRUNC, 0600);

	write(fd, zeros, sizeof(zeros));
	close(fd);
	mkdir("swapctl-dir", 0755);
	is_errno(swapon("/nonexistent-swap", 0), ENOENT, "swapon of a missing path: ENOENT");
	is_errno(swapon("swapctl-file", 0), EINVAL, "swapon without a swap signature: EINVAL");
	is_errno(swapon("swapctl-dir", 0), EISDIR, "swapon of a directory: EISDIR");
	is_errno(swapoff("/nonexistent-swap"), ENOENT, "swapoff of a missing path: ENOENT");
	is_errno(swapoff("swapctl-file"), EINVAL, "swapoff of a file that is not swap: EINVAL");
	is_errno(syscall(SYS_swapon, (void *)0xC0000000, 0), EFAULT, "swapon bad pointer: EFAULT");
	is_errno(syscall(SYS_swapoff, (void *)1), EFAULT, "swapoff bad pointer: EFAULT");
	unlink("swapctl-file");
	rmdir("swapctl-dir");
}

static void test_swapoff_cycle(const char *dev)
{
	long mib = env_mib("TEST_SWAPOFF_MIB", 4), pages = mib * 256, i, good = 0;
	char *m;
	int r;

	is(swaps_lists(dev), 1, "/proc/swaps lists %s", dev);
	is_errno(swapon(dev, 0), EBUSY, "swapon of an active area: EBUSY");
	m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!ok(m != MAP_FAILED, "map %ld MiB", mib))
		return;
	for (i = 0; i < pages; i++)
		pattern_fill((uint32_t *)(m + i * PAGE), i, 33);
	r = swapoff(dev);
	ok(r == 0 || errno == ENOMEM, "swapoff succeeds or fails with ENOMEM (%s)",
	   r == 0 ? "ok" : strerror(errno));
	for (i = 0; i < pages; i++)
		good += pattern_check((uint32_t *)(m + i * PAGE), i, 33);
	is(good, pages, "every page intact after swapoff");
	munmap(m, pages * PAGE);
	if (r == 0) {
		is(swaps_lists(dev), 0, "/proc/swaps no longer lists it");
		ok_sys(swapon(dev, 0), "swapon again");
		is(swaps_lists(dev), 1, "listed again");
	}
}

int main(void)
{
	const char *dev = getenv("TEST_SWAP_DEV");

	if (geteuid() != 0 || swapoff("/nonexistent-swap") == 0 || errno == EPERM) {
		skip("swapon/swapoff", "needs CAP_SYS_ADMIN");
		return done_testing();
	}
	test_errors();
	if (dev && *dev)
		test_swapoff_cycle(dev);
	else
		skip("swapoff with pages out", "TEST_SWAP_DEV not set");
	return done_testing();
}
