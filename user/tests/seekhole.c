/*
 * seekhole.c - lseek's SEEK_DATA and SEEK_HOLE on a file with holes.
 *
 * The test runs in /tmp (ramfs on Mapback, tmpfs on Linux), where both
 * report real holes: a page never written is a hole, a written one is
 * data, and the end of the file is a hole.  The answer is never before
 * the offset asked, a found offset becomes the file position, and at or
 * past the end (or before the start) there is neither: ENXIO, with the
 * position left alone.  A pipe cannot seek (ESPIPE), a directory of
 * either file system knows no such whence (EINVAL).
 */
#include <fcntl.h>
#include <unistd.h>
#include "tests/tap.h"

#define PG 4096
#define NAME "seekhole.tmp"

/* Seek fd to off with whence; want is the offset, or -errno. */
static void seek_is(int fd, off_t off, int whence, long want)
{
	const char *how = whence == SEEK_DATA ? "SEEK_DATA" : "SEEK_HOLE";
	off_t r = lseek(fd, off, whence);

	if (want < 0)
		is_errno(r, -want, "%s from %ld", how, (long)off);
	else
		is(r, want, "%s from %ld is %ld", how, (long)off, want);
}

/* Data in pages 0 and 2 of a five-page file; 1, 3 and 4 are holes. */
static void test_holes(void)
{
	int fd = open(NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);

	if (!ok_sys(fd, "create " NAME))
		return;
	must(pwrite(fd, "head", 4, 100));
	must(pwrite(fd, "x", 1, 2 * PG + 10));
	must(ftruncate(fd, 5 * PG));

	seek_is(fd, 0, SEEK_DATA, 0);
	seek_is(fd, 50, SEEK_DATA, 50);
	seek_is(fd, 0, SEEK_HOLE, PG);
	seek_is(fd, 50, SEEK_HOLE, PG);
	seek_is(fd, PG, SEEK_DATA, 2 * PG);
	seek_is(fd, PG + 5, SEEK_DATA, 2 * PG);
	seek_is(fd, PG + 5, SEEK_HOLE, PG + 5);
	seek_is(fd, 2 * PG, SEEK_HOLE, 3 * PG);
	seek_is(fd, 3 * PG, SEEK_DATA, -ENXIO);
	seek_is(fd, 4 * PG + 1, SEEK_HOLE, 4 * PG + 1);

	is(lseek(fd, 2 * PG + 7, SEEK_DATA), 2 * PG + 7, "SEEK_DATA in data");
	is(lseek(fd, 0, SEEK_CUR), 2 * PG + 7, "the answer is the position");
	seek_is(fd, 5 * PG, SEEK_DATA, -ENXIO);
	seek_is(fd, 5 * PG, SEEK_HOLE, -ENXIO);
	seek_is(fd, 9 * PG, SEEK_HOLE, -ENXIO);
	seek_is(fd, -1, SEEK_DATA, -ENXIO);
	seek_is(fd, -1, SEEK_HOLE, -ENXIO);
	is(lseek(fd, 0, SEEK_CUR), 2 * PG + 7, "ENXIO leaves the position");

	/* Writing into a hole makes it data; growing adds hole. */
	must(pwrite(fd, "y", 1, 4 * PG));
	seek_is(fd, 3 * PG, SEEK_DATA, 4 * PG);
	seek_is(fd, 4 * PG, SEEK_HOLE, 5 * PG);
	must(ftruncate(fd, 8 * PG));
	seek_is(fd, 4 * PG, SEEK_HOLE, 5 * PG);
	seek_is(fd, 5 * PG, SEEK_DATA, -ENXIO);
	seek_is(fd, 5 * PG, SEEK_HOLE, 5 * PG);

	/* Truncating away the data leaves one hole. */
	must(ftruncate(fd, 0));
	must(ftruncate(fd, 3 * PG));
	seek_is(fd, 0, SEEK_DATA, -ENXIO);
	seek_is(fd, 0, SEEK_HOLE, 0);
	close(fd);
	unlink(NAME);
}

static void test_empty_and_others(void)
{
	int fd = open(NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	int p[2];

	if (ok_sys(fd, "create an empty " NAME)) {
		seek_is(fd, 0, SEEK_DATA, -ENXIO);
		seek_is(fd, 0, SEEK_HOLE, -ENXIO);
		close(fd);
		unlink(NAME);
	}
	if (ok_sys(pipe(p), "pipe")) {
		is_errno(lseek(p[0], 0, SEEK_DATA), ESPIPE, "a pipe: ESPIPE");
		close(p[0]);
		close(p[1]);
	}
	fd = open(".", O_RDONLY | O_DIRECTORY);
	if (ok_sys(fd, "open the directory")) {
		is_errno(lseek(fd, 0, SEEK_DATA), EINVAL,
			 "a directory: EINVAL");
		close(fd);
	}
}

int main(void)
{
	test_holes();
	test_empty_and_others();
	return done_testing();
}
