/*
 * statx.c - statx(2) (383), called raw: what it says of a file, a
 * directory, a symlink and an open descriptor agrees with fstatat, and
 * its own checks come in Linux 6.1's order (the mask's reserved bit, both
 * sync types at once, an unknown flag: EINVAL; a bad buffer: EFAULT).
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include "tests/tap.h"

/* The C library has no statx: Linux's uapi layout. */
struct statx_timestamp {
	int64_t tv_sec;
	uint32_t tv_nsec;
	int32_t reserved;
};

struct statx {
	uint32_t stx_mask, stx_blksize;
	uint64_t stx_attributes;
	uint32_t stx_nlink, stx_uid, stx_gid;
	uint16_t stx_mode, spare0;
	uint64_t stx_ino, stx_size, stx_blocks, stx_attributes_mask;
	struct statx_timestamp stx_atime, stx_btime, stx_ctime, stx_mtime;
	uint32_t stx_rdev_major, stx_rdev_minor, stx_dev_major, stx_dev_minor;
	uint64_t spare2[14];
};

#define STATX_SIZE 0x200u
#define STATX_BASIC_STATS 0x7ffu
#define AT_STATX_FORCE_SYNC 0x2000
#define AT_STATX_DONT_SYNC 0x4000

#define NAME "statx.tmp"

static long do_statx(int dfd, const char *path, int flags, unsigned mask,
		     struct statx *sx)
{
	return syscall(SYS_statx, dfd, path, flags, mask, sx);
}

/* statx of path (with flags) says what fstatat says. */
static void same_as_stat(const char *path, int flags, const char *what)
{
	struct statx sx;
	struct stat st;

	memset(&sx, 0xff, sizeof(sx));
	if (!ok_sys(do_statx(AT_FDCWD, path, flags, STATX_BASIC_STATS, &sx),
		    "statx %s", what) ||
	    !ok_sys(fstatat(AT_FDCWD, path, &st, flags), "fstatat %s", what))
		return;
	is(sx.stx_mask & STATX_BASIC_STATS, STATX_BASIC_STATS,
	   "%s: the basic fields are all there", what);
	is(sx.stx_mode, st.st_mode, "%s: mode", what);
	is(sx.stx_ino, st.st_ino, "%s: inode", what);
	is(sx.stx_nlink, st.st_nlink, "%s: links", what);
	is(sx.stx_uid, st.st_uid, "%s: uid", what);
	is(sx.stx_gid, st.st_gid, "%s: gid", what);
	is(sx.stx_size, st.st_size, "%s: size", what);
	is(sx.stx_blocks, st.st_blocks, "%s: blocks", what);
	is(sx.stx_mtime.tv_sec, st.st_mtim.tv_sec, "%s: mtime", what);
	is(sx.stx_mtime.tv_nsec, st.st_mtim.tv_nsec, "%s: mtime ns", what);
	ok(makedev(sx.stx_dev_major, sx.stx_dev_minor) == st.st_dev,
	   "%s: device", what);
}

int main(void)
{
	struct statx sx;
	int fd = open(NAME, O_CREAT | O_RDWR | O_TRUNC, 0640);

	if (!ok_sys(fd, "create " NAME))
		return done_testing();
	must(write(fd, "twelve bytes", 12));
	must(symlink(NAME, NAME ".link"));
	same_as_stat(NAME, 0, "a file");
	same_as_stat(".", 0, "a directory");
	same_as_stat(NAME ".link", AT_SYMLINK_NOFOLLOW, "a symlink");
	same_as_stat(NAME ".link", 0, "through a symlink");

	memset(&sx, 0, sizeof(sx));
	ok(do_statx(fd, "", AT_EMPTY_PATH, STATX_SIZE, &sx) == 0 &&
		   sx.stx_size == 12,
	   "AT_EMPTY_PATH: the descriptor itself");
	is_errno(do_statx(AT_FDCWD, NAME, 0, 0x80000000u, &sx), EINVAL,
		 "the mask's reserved bit: EINVAL");
	is_errno(do_statx(AT_FDCWD, NAME,
			  AT_STATX_FORCE_SYNC | AT_STATX_DONT_SYNC,
			  STATX_BASIC_STATS, &sx),
		 EINVAL, "both sync types: EINVAL");
	is_errno(do_statx(AT_FDCWD, NAME, 0x1, STATX_BASIC_STATS, &sx), EINVAL,
		 "an unknown flag: EINVAL");
	is_errno(do_statx(AT_FDCWD, NAME, 0, STATX_BASIC_STATS, NULL), EFAULT,
		 "a NULL buffer: EFAULT");
	is_errno(do_statx(AT_FDCWD, "statx.missing", 0, STATX_BASIC_STATS,
			  &sx),
		 ENOENT, "a missing name: ENOENT");
	ok_sys(do_statx(AT_FDCWD, NAME, AT_STATX_DONT_SYNC, 0, &sx),
	       "a zero mask is allowed");
	close(fd);
	unlink(NAME ".link");
	unlink(NAME);
	return done_testing();
}
