/*
 * kernel_wait.c - a CPU that waits long for the kernel halts until it may
 * go in, and everything still gets through.
 *
 * On two CPUs, a child pinned to CPU 0 makes long system calls (reads of
 * a whole 256 KiB file in one call: the kernel copies it all in one go)
 * while the parent, pinned to CPU 1, makes short ones (getppid) as fast
 * as it can.  On Mapback, where kernel code runs on one CPU at a time
 * (docs/smp.md), the parent's calls keep finding the child's CPU in the
 * kernel: after a short spin a waiting CPU halts until the holder lets go
 * and wakes it, which /proc/vmstat's bkl_sleeps counts.  The parent goes
 * on until that count has grown (or 20 seconds have passed), then stops
 * the child, whose every read must have been whole.  A kernel without
 * the line (Linux runs both calls at once) runs half a second and skips
 * that check.  One CPU: skipped.
 */
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include "tests/tap.h"

#define CHUNK (256 * 1024)
#define FILE "kernel_wait.data"

static char chunk[CHUNK];

static void long_calls(int fd, volatile int *stop)
{
	if (pin_to_cpu(0))
		_exit(2);
	while (!*stop) {
		chunk[CHUNK - 1] = 0;
		if (pread(fd, chunk, sizeof(chunk), 0) != sizeof(chunk) ||
		    chunk[CHUNK - 1] != 'z')
			_exit(3);
	}
	_exit(0);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	long before, after = -1, calls = 0;
	double start, limit;
	volatile int *stop;
	int fd;
	pid_t child;

	if (allowed_cpus() < 2) {
		skip("a CPU halts while it waits for the kernel", "one CPU");
		return done_testing();
	}
	stop = (volatile int *)must(mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0));
	memset(chunk, 'z', sizeof(chunk)); /* no faults inside the reads */
	fd = must(open(FILE, O_RDWR | O_CREAT | O_TRUNC, 0600));
	unlink(FILE);
	is(write(fd, chunk, sizeof(chunk)), CHUNK, "a %d KiB file written",
	   CHUNK / 1024);
	ok_sys(pin_to_cpu(1), "pinned to CPU 1");
	before = vmstat_read("bkl_sleeps");
	limit = before < 0 ? 0.5 : 20;
	child = must(fork());
	if (child == 0)
		long_calls(fd, stop);
	start = now();
	while (now() - start < limit) {
		syscall(SYS_getppid);
		if (++calls % 64 == 0 && before >= 0 &&
		    (after = vmstat_read("bkl_sleeps")) > before)
			break;
	}
	*stop = 1;
	is_exit(wait_for(child), 0, "every read of the whole file was whole");
	diag("%ld calls on CPU 1 in %.2f s", calls, now() - start);
	if (before < 0)
		skip("a waiting CPU halted", "no bkl_sleeps in /proc/vmstat");
	else
		ok(after > before, "a waiting CPU halted (bkl_sleeps %ld -> %ld)",
		   before, after);
	close(fd);
	return done_testing();
}
