/*
 * mount_busy.c - the same file system mounted again on its own root, as
 * Linux 6.1: EBUSY ("Refuse the same filesystem on the same mount
 * point").  devtmpfs has one instance, so a second devtmpfs mount on the
 * first's root is refused, while one on another directory, or a tmpfs
 * (a new instance each time) on a tmpfs's root, stacks.  The kernel
 * mounts devtmpfs on /dev and init mounts it again, counting on this.
 */
#include "tap.h"
#include <sys/mount.h>
#include <sys/stat.h>

#define A "/tmp/mount_busy.a"
#define B "/tmp/mount_busy.b"

int main(void)
{
	rmdir(A);
	rmdir(B);
	ok_sys(mkdir(A, 0755), "mkdir " A);
	ok_sys(mkdir(B, 0755), "mkdir " B);
	ok_sys(mount("devtmpfs", A, "devtmpfs", 0, NULL), "devtmpfs on " A);
	is_errno(mount("devtmpfs", A, "devtmpfs", 0, NULL), EBUSY,
		 "devtmpfs again on its own root: EBUSY");
	ok_sys(mount("devtmpfs", B, "devtmpfs", 0, NULL),
	       "devtmpfs on another directory");
	ok_sys(umount(B), "umount " B);
	ok_sys(umount(A), "umount " A);
	is_errno(umount(A), EINVAL, "only one devtmpfs was on " A);
	ok_sys(mount("tmpfs", A, "tmpfs", 0, NULL), "tmpfs on " A);
	ok_sys(mount("tmpfs", A, "tmpfs", 0, NULL),
	       "another tmpfs on its root: a new instance, stacked");
	ok_sys(umount(A), "umount the upper tmpfs");
	ok_sys(umount(A), "umount the lower tmpfs");
	ok_sys(rmdir(A), "rmdir " A);
	ok_sys(rmdir(B), "rmdir " B);
	return done_testing();
}
