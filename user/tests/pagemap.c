/*
 * pagemap.c - /proc/PID/pagemap: a 64-bit word per virtual page.
 *
 * Untouched pages read 0; a written private anonymous page is present
 * (bit 63) with its frame number (root sees it), exclusively mapped (bit
 * 56) until fork shares it, and not a file page (bit 61), which a page of
 * a file mapping is.  Reads and offsets must be multiples of 8 (EINVAL),
 * lseek reaches any page, and past the user address space is end of
 * file.  In the swap boots, memory larger than RAM is written and some of
 * its pages must then read as swapped (bit 62, swap type 0 in bits 0-4);
 * a page is never present and swapped at once.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tests/tap.h"

#define PAGE 4096
#define PM_PRESENT (1ULL << 63)
#define PM_SWAP (1ULL << 62)
#define PM_FILE (1ULL << 61)
#define PM_EXCLUSIVE (1ULL << 56)
#define PM_PFN ((1ULL << 55) - 1)

static int pm_fd = -1;

/* The word of the page at addr; all ones when it cannot be read. */
static uint64_t pm(const volatile void *addr)
{
	uint64_t e;
	off_t off = (off_t)((uintptr_t)addr / PAGE) * 8;

	if (pread(pm_fd, &e, 8, off) != 8)
		return ~0ULL;
	return e;
}

static void test_anon(void)
{
	char *m = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t e0, e2;
	int go[2];
	pid_t pid;
	char c = 0;

	if (!ok(m != MAP_FAILED, "map 4 anonymous pages"))
		return;
	is(pm(m), 0, "untouched page: 0");
	m[0] = 1;
	m[2 * PAGE] = 1;
	e0 = pm(m);
	e2 = pm(m + 2 * PAGE);
	ok((e0 & (PM_PRESENT | PM_SWAP)) && (e2 & (PM_PRESENT | PM_SWAP)),
	   "written pages are present or swapped");
	ok(!((e0 & PM_PRESENT) && (e0 & PM_SWAP)), "never both");
	if (e0 & PM_PRESENT) {
		ok((e0 & PM_PFN) != 0, "root sees the frame number");
		ok(e0 & PM_EXCLUSIVE, "mapped exclusively");
		ok(!(e0 & PM_FILE), "not a file page");
	}
	if ((e0 & PM_PRESENT) && (e2 & PM_PRESENT))
		ok((e0 & PM_PFN) != (e2 & PM_PFN), "two pages, two frames");
	is(pm(m + PAGE), 0, "the page between: 0");
	is(pm(m + 3 * PAGE), 0, "the last page: 0");

	must(pipe(go));
	pid = must(fork());
	if (pid == 0) {
		close(go[1]);
		_exit(read(go[0], &c, 1) < 0);
	}
	close(go[0]);
	e0 = pm(m);
	if (e0 & PM_PRESENT)
		ok(!(e0 & PM_EXCLUSIVE), "after fork: shared with the child");
	close(go[1]);
	is_exit(wait_for(pid), 0, "child exits");
	munmap(m, 4 * PAGE);
}

static void test_file(void)
{
	int fd = open("pagemap-file", O_RDWR | O_CREAT | O_TRUNC, 0644);
	static char data[2 * PAGE];
	volatile char *m;
	uint64_t e;

	memset(data, 'p', sizeof(data));
	if (!ok(fd >= 0 && write(fd, data, sizeof(data)) == sizeof(data),
		"a file of 2 pages"))
		return;
	m = mmap(NULL, 2 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);
	if (ok(m != MAP_FAILED, "map it")) {
		is(m[0], 'p', "read the first page");
		e = pm(m);
		if (e & PM_PRESENT)
			ok(e & PM_FILE, "a file page");
		else
			ok(!(e & PM_SWAP), "a file page is never a swap entry");
		munmap((void *)m, 2 * PAGE);
	}
	close(fd);
	unlink("pagemap-file");
}

static void test_offsets(void)
{
	static volatile char x = 1; /* in .data, written: present or swapped */
	uint64_t e[2];
	off_t off = (off_t)((uintptr_t)&x / PAGE) * 8;

	x++;
	is_errno(pread(pm_fd, e, 4, off), EINVAL, "a read of 4 bytes");
	is_errno(pread(pm_fd, e, 8, off + 4), EINVAL, "an unaligned offset");
	is(pread(pm_fd, e, 0, off), 0, "a read of 0 bytes");
	ok(lseek(pm_fd, off, SEEK_SET) == off && read(pm_fd, e, 16) == 16,
	   "lseek then read 2 words");
	is(lseek(pm_fd, 0, SEEK_CUR), off + 16, "the offset moved by 16");
	ok(e[0] & (PM_PRESENT | PM_SWAP), "a data page is mapped");
	is(pread(pm_fd, e, 8, (off_t)(0xC0000000UL / PAGE) * 8), 0,
	   "past the user address space: end of file");
}

/* Memory larger than RAM: some of its pages must be on swap now. */
static void test_swapped(void)
{
	long mib = env_mib("TEST_ANON_MIB", 0), pages = mib * 256, i;
	long swapped = 0, both = 0, type0 = 0;
	static uint64_t e[512];
	char *m;

	if (!getenv("TEST_SWAP_DEV") || !swap_on() || !mib) {
		skip("pages pushed to swap read as swapped", "no swap");
		return;
	}
	m = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!ok(m != MAP_FAILED, "map %ld MiB", mib))
		return;
	for (i = 0; i < pages; i++)
		m[i * PAGE] = 1;
	for (i = 0; i < pages; i += 512) {
		long n = pages - i < 512 ? pages - i : 512, j;
		off_t off = (off_t)((uintptr_t)(m + i * PAGE) / PAGE) * 8;

		if (pread(pm_fd, e, n * 8, off) != n * 8)
			break;
		for (j = 0; j < n; j++) {
			swapped += !!(e[j] & PM_SWAP);
			both += (e[j] & PM_SWAP) && (e[j] & PM_PRESENT);
			type0 += (e[j] & PM_SWAP) && (e[j] & 31) == 0;
		}
	}
	diag("%ld of %ld pages on swap", swapped, pages);
	ok(swapped > 0, "some pages read as swapped");
	is(both, 0, "none present and swapped");
	is(type0, swapped, "all on swap area 0");
	munmap(m, pages * PAGE);
}

int main(void)
{
	pm_fd = open("/proc/self/pagemap", O_RDONLY);
	if (!ok_sys(pm_fd, "open /proc/self/pagemap"))
		return done_testing();
	test_anon();
	test_file();
	test_offsets();
	test_swapped();
	close(pm_fd);
	return done_testing();
}
