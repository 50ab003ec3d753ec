/*
 * xattr.c - the extended attribute calls on files that have none.
 *
 * Only /proc and /dev are the same kind of file system on Mapback and on
 * Linux (the root is ramfs on one and tmpfs on the other), so the answers
 * asserted are the ones Linux 6.1 gives there: procfs keeps no attributes
 * (-EOPNOTSUPP, an empty list), and "user." names on a device node or a
 * symlink are refused before the file system is asked.
 */
#include "tap.h"
#include <sys/syscall.h>

#define XATTR_CREATE 1
#define XATTR_REPLACE 2

static void test_get(void)
{
	char val[64], longname[300];
	int fd;

	is_errno(syscall(SYS_getxattr, "/proc/meminfo", "user.test", val,
			 sizeof(val)), EOPNOTSUPP,
		 "getxattr on a /proc file: EOPNOTSUPP");
	is_errno(syscall(SYS_getxattr, "/proc", "security.selinux", val,
			 sizeof(val)), EOPNOTSUPP,
		 "getxattr security.selinux on /proc: EOPNOTSUPP");
	is_errno(syscall(SYS_getxattr, "/proc", "system.posix_acl_access", val,
			 sizeof(val)), EOPNOTSUPP,
		 "getxattr of an ACL on /proc: EOPNOTSUPP");
	is_errno(syscall(SYS_getxattr, "/dev/null", "user.test", val,
			 sizeof(val)), ENODATA,
		 "getxattr user.* on a device node: ENODATA");
	is_errno(syscall(SYS_lgetxattr, "/proc/self", "user.test", val,
			 sizeof(val)), ENODATA,
		 "lgetxattr user.* on a symlink: ENODATA");
	is_errno(syscall(SYS_getxattr, "/proc/self", "user.test", val,
			 sizeof(val)), EOPNOTSUPP,
		 "getxattr follows the symlink to a directory: EOPNOTSUPP");
	is_errno(syscall(SYS_getxattr, "/no/such/file", "user.test", val,
			 sizeof(val)), ENOENT, "getxattr of a missing path: ENOENT");
	is_errno(syscall(SYS_getxattr, (char *)1, "user.test", val,
			 sizeof(val)), EFAULT, "getxattr of an unmapped path: EFAULT");
	is_errno(syscall(SYS_getxattr, "/proc", (char *)1, val, sizeof(val)),
		 EFAULT, "getxattr with an unmapped name: EFAULT");
	is_errno(syscall(SYS_getxattr, "/proc", "", val, sizeof(val)), ERANGE,
		 "getxattr with an empty name: ERANGE");
	memset(longname, 'a', sizeof(longname));
	memcpy(longname, "user.", 5);
	longname[256] = '\0';
	is_errno(syscall(SYS_getxattr, "/proc", longname, val, sizeof(val)),
		 ERANGE, "getxattr with a 256-byte name: ERANGE");
	longname[255] = '\0';
	is_errno(syscall(SYS_getxattr, "/proc", longname, val, sizeof(val)),
		 EOPNOTSUPP, "a 255-byte name is allowed");

	fd = open("/proc/meminfo", O_RDONLY);
	if (ok_sys(fd, "open /proc/meminfo")) {
		is_errno(syscall(SYS_fgetxattr, fd, "user.test", val,
				 sizeof(val)), EOPNOTSUPP,
			 "fgetxattr on a /proc file: EOPNOTSUPP");
		close(fd);
	}
	is_errno(syscall(SYS_fgetxattr, 999, "user.test", val, sizeof(val)),
		 EBADF, "fgetxattr of a closed fd: EBADF");
}

static void test_list(void)
{
	char list[256];
	int fd;

	is(syscall(SYS_listxattr, "/proc/meminfo", list, sizeof(list)), 0,
	   "listxattr on a /proc file: empty");
	is(syscall(SYS_listxattr, "/proc", NULL, 0), 0,
	   "listxattr asking only the size: 0");
	is(syscall(SYS_llistxattr, "/proc/self", list, sizeof(list)), 0,
	   "llistxattr on a symlink: empty");
	is(syscall(SYS_listxattr, "/dev/null", list, sizeof(list)), 0,
	   "listxattr on a device node: empty");
	is_errno(syscall(SYS_listxattr, "/no/such/file", list, sizeof(list)),
		 ENOENT, "listxattr of a missing path: ENOENT");
	is_errno(syscall(SYS_listxattr, (char *)1, list, sizeof(list)), EFAULT,
		 "listxattr of an unmapped path: EFAULT");
	fd = open("/proc/meminfo", O_RDONLY);
	if (ok_sys(fd, "open /proc/meminfo")) {
		is(syscall(SYS_flistxattr, fd, list, sizeof(list)), 0,
		   "flistxattr: empty");
		close(fd);
	}
	is_errno(syscall(SYS_flistxattr, 999, list, sizeof(list)), EBADF,
		 "flistxattr of a closed fd: EBADF");
}

static void test_set_remove(void)
{
	int fd;

	is_errno(syscall(SYS_setxattr, "/proc/meminfo", "user.test", "v", 1, 0),
		 EOPNOTSUPP, "setxattr on a /proc file: EOPNOTSUPP");
	is_errno(syscall(SYS_lsetxattr, "/proc/meminfo", "user.test", "v", 1,
			 XATTR_CREATE), EOPNOTSUPP,
		 "lsetxattr with XATTR_CREATE: EOPNOTSUPP");
	is_errno(syscall(SYS_setxattr, "/dev/null", "user.test", "v", 1, 0),
		 EPERM, "setxattr user.* on a device node: EPERM");
	is_errno(syscall(SYS_setxattr, "/proc/meminfo", "user.test", "v", 1, 4),
		 EINVAL, "setxattr with an unknown flag: EINVAL");
	is_errno(syscall(SYS_setxattr, "/no/such/file", "user.test", "v", 1, 8),
		 ENOENT, "the path is resolved before the flags are checked");
	is_errno(syscall(SYS_setxattr, "/proc/meminfo", "user.test", "v",
			 65537, 0), E2BIG,
		 "setxattr with a value over 64 KiB: E2BIG");
	is_errno(syscall(SYS_setxattr, "/proc/meminfo", "user.test", (char *)1,
			 16, 0), EFAULT, "setxattr with an unmapped value: EFAULT");
	is_errno(syscall(SYS_setxattr, "/proc/meminfo", "", "v", 1, 0), ERANGE,
		 "setxattr with an empty name: ERANGE");
	is_errno(syscall(SYS_setxattr, "/no/such/file", "user.test", "v", 1, 0),
		 ENOENT, "setxattr of a missing path: ENOENT");
	is_errno(syscall(SYS_removexattr, "/proc/meminfo", "user.test"),
		 EOPNOTSUPP, "removexattr on a /proc file: EOPNOTSUPP");
	is_errno(syscall(SYS_removexattr, "/dev/null", "user.test"), EPERM,
		 "removexattr user.* on a device node: EPERM");
	is_errno(syscall(SYS_lremovexattr, "/proc/self", "user.test"), EPERM,
		 "lremovexattr user.* on a symlink: EPERM");
	is_errno(syscall(SYS_removexattr, "/no/such/file", "user.test"), ENOENT,
		 "removexattr of a missing path: ENOENT");
	is_errno(syscall(SYS_removexattr, "/proc", ""), ERANGE,
		 "removexattr with an empty name: ERANGE");
	fd = open("/proc/meminfo", O_RDONLY);
	if (ok_sys(fd, "open /proc/meminfo")) {
		is_errno(syscall(SYS_fsetxattr, fd, "user.test", "v", 1, 0),
			 EOPNOTSUPP, "fsetxattr: EOPNOTSUPP");
		is_errno(syscall(SYS_fremovexattr, fd, "user.test"), EOPNOTSUPP,
			 "fremovexattr: EOPNOTSUPP");
		close(fd);
	}
	is_errno(syscall(SYS_fsetxattr, 999, "user.test", "v", 1, 0), EBADF,
		 "fsetxattr of a closed fd: EBADF");
	is_errno(syscall(SYS_fremovexattr, 999, "user.test"), EBADF,
		 "fremovexattr of a closed fd: EBADF");
}

int main(void)
{
	test_get();
	test_list();
	test_set_remove();
	return done_testing();
}
