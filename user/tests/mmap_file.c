/*
 * mmap_file.c - file mappings.
 *
 * A MAP_SHARED mapping is coherent with read()/write() both ways and
 * across fork; 64 forked children share one file mapping (every child
 * reads what the parent wrote and writes its own page, which the parent
 * then sees through the mapping and through read()); a MAP_PRIVATE mapping
 * sees the file until it writes, and its writes never reach the file; the
 * part of the last page past EOF reads as zeros, a page wholly past EOF
 * gives SIGBUS, and so does a page cut off by ftruncate.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include "tests/tap.h"
#include "tests/fault.h"

#define PAGE 4096

static int make_file(const char *name, long size)
{
	int fd = open(name, O_RDWR | O_CREAT | O_TRUNC, 0644);

	if (fd >= 0 && ftruncate(fd, size) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void test_shared_coherent(void)
{
	int fd = make_file("mf-shared", 4 * PAGE);
	char buf[16], *m;
	pid_t pid;

	m = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "MAP_SHARED file mapping");
	memcpy(m + PAGE + 10, "via-map", 7);
	ok(pread(fd, buf, 7, PAGE + 10) == 7 && memcmp(buf, "via-map", 7) == 0,
	   "read() sees a store through the mapping");
	pwrite(fd, "via-write", 9, 3 * PAGE - 4);
	ok(memcmp(m + 3 * PAGE - 4, "via-write", 9) == 0,
	   "the mapping sees write(), across a page boundary");

	pid = fork();
	if (pid == 0) {
		if (memcmp(m + PAGE + 10, "via-map", 7))
			_exit(1);
		memcpy(m + 2 * PAGE, "child", 5);
		_exit(0);
	}
	is_exit(wait_for(pid), 0, "child sees the parent's data in the inherited mapping");
	ok(memcmp(m + 2 * PAGE, "child", 5) == 0, "parent sees the child's store");
	ok(pread(fd, buf, 5, 2 * PAGE) == 5 && memcmp(buf, "child", 5) == 0,
	   "and so does read()");
	munmap(m, 4 * PAGE);

	m = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, fd, 2 * PAGE);
	ok(m != MAP_FAILED && memcmp(m, "child", 5) == 0, "a mapping at an offset sees that page");
	munmap(m, PAGE);
	ok(pread(fd, buf, 5, 2 * PAGE) == 5 && memcmp(buf, "child", 5) == 0,
	   "data stays in the file after munmap");
	close(fd);
	unlink("mf-shared");
}

/* 64 children share one mapping: pages 0..63 written by the parent, pages
 * 64..127 one per child. */
static void test_fork64(void)
{
	enum { N = 64 };
	int fd = make_file("mf-64", 2 * N * PAGE);
	int i, good = 0, seen = 0;
	pid_t pids[N];
	unsigned *m;

	m = mmap(NULL, 2 * N * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "map %d pages shared", 2 * N);
	for (i = 0; i < N; i++)
		m[i * PAGE / 4] = 0xabc00000 + i;
	for (i = 0; i < N; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			int j;
			for (j = 0; j < N; j++) {
				if (m[j * PAGE / 4] != 0xabc00000u + j)
					_exit(1);
			}
			m[(N + i) * PAGE / 4] = 0xc0de0000 + i;
			m[(N + i) * PAGE / 4 + 1023] = i;
			_exit(0);
		}
	}
	for (i = 0; i < N; i++)
		good += wait_for(pids[i]) == 0;
	is(good, N, "all %d children read the parent's pages", N);
	for (i = 0; i < N; i++) {
		unsigned v[1];
		seen += m[(N + i) * PAGE / 4] == 0xc0de0000u + i &&
			m[(N + i) * PAGE / 4 + 1023] == (unsigned)i &&
			pread(fd, v, 4, (long)(N + i) * PAGE) == 4 && v[0] == 0xc0de0000u + i;
	}
	is(seen, N, "every child's page is in the mapping and in the file");
	munmap(m, 2 * N * PAGE);
	close(fd);
	unlink("mf-64");
}

static void test_private(void)
{
	int fd = make_file("mf-priv", 2 * PAGE);
	char buf[8], *m;

	pwrite(fd, "file1", 5, 0);
	pwrite(fd, "file2", 5, PAGE);
	m = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	ok(m != MAP_FAILED, "MAP_PRIVATE file mapping");
	ok(memcmp(m, "file1", 5) == 0 && memcmp(m + PAGE, "file2", 5) == 0, "sees the file");
	memcpy(m, "priv1", 5);
	ok(pread(fd, buf, 5, 0) == 5 && memcmp(buf, "file1", 5) == 0,
	   "a private store does not reach the file");
	pwrite(fd, "newer", 5, PAGE);
	ok(memcmp(m + PAGE, "newer", 5) == 0, "an unwritten private page still follows the file");
	pwrite(fd, "again", 5, 0);
	ok(memcmp(m, "priv1", 5) == 0, "a written private page keeps its own copy");
	munmap(m, 2 * PAGE);
	close(fd);
	unlink("mf-priv");
}

static void test_eof(void)
{
	int fd = make_file("mf-eof", 100);
	char *m;
	long i, nonzero = 0;

	m = mmap(NULL, 3 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(m != MAP_FAILED, "map 3 pages of a 100-byte file");
	m[50] = 'x';
	for (i = 100; i < PAGE; i++)
		nonzero += m[i] != 0;
	is(nonzero, 0, "the tail of the last page reads as zeros");
	is(touch_read(m + PAGE), SIGBUS, "a page wholly past EOF: SIGBUS");
	is(touch_write(m + 2 * PAGE + 5, 1), SIGBUS, "writing there too");
	ftruncate(fd, 2 * PAGE);
	is(touch_write(m + PAGE, 2), 0, "after growing the file the page works");
	ftruncate(fd, 100);
	is(touch_read(m + PAGE), SIGBUS, "cut off again by ftruncate: SIGBUS");
	ok(m[50] == 'x', "the first page keeps its data");
	munmap(m, 3 * PAGE);
	close(fd);
	unlink("mf-eof");
}

int main(void)
{
	test_shared_coherent();
	test_fork64();
	test_private();
	test_eof();
	return done_testing();
}
