/*
 * statfs.c - statfs/fstatfs (99, 100) and statfs64/fstatfs64 (268, 269),
 * called raw, and the mount tables in /proc that df reads.
 *
 * The root is ramfs on Mapback and tmpfs on Linux (its initramfs
 * "rootfs"), so only /proc and /dev have one right answer on both.
 */
#include "tap.h"
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#define RAMFS_MAGIC 0x858458f6
#define TMPFS_MAGIC 0x01021994
#define PROC_SUPER_MAGIC 0x9fa0
#define ST_VALID 0x20

/* The kernel's i386 layouts. */
struct kstatfs {
	unsigned int f_type, f_bsize, f_blocks, f_bfree, f_bavail, f_files,
		f_ffree;
	int f_fsid[2];
	unsigned int f_namelen, f_frsize, f_flags, f_spare[4];
};

struct kstatfs64 {
	unsigned int f_type, f_bsize;
	unsigned long long f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	int f_fsid[2];
	unsigned int f_namelen, f_frsize, f_flags, f_spare[4];
} __attribute__((packed));

static void test_calls(void)
{
	struct kstatfs64 s64;
	struct kstatfs s;
	int fd;

	is(sizeof(struct kstatfs64), 84, "struct statfs64 is 84 bytes on i386");
	is(syscall(SYS_statfs64, "/proc", sizeof(s64), &s64), 0,
	   "statfs64 /proc");
	is(s64.f_type, PROC_SUPER_MAGIC, "/proc is PROC_SUPER_MAGIC");
	is(s64.f_bsize, 4096, "f_bsize is the page size");
	is(s64.f_namelen, 255, "f_namelen is 255");
	ok(s64.f_flags & ST_VALID, "f_flags has ST_VALID");
	is(syscall(SYS_statfs64, "/proc/meminfo", sizeof(s64), &s64), 0,
	   "statfs64 of a file in /proc");
	is(s64.f_type, PROC_SUPER_MAGIC, "... is the file system's");
	is(syscall(SYS_statfs64, "/dev", sizeof(s64), &s64), 0,
	   "statfs64 /dev");
	is(s64.f_type, TMPFS_MAGIC, "devtmpfs says TMPFS_MAGIC");
	is(syscall(SYS_statfs64, "/", sizeof(s64), &s64), 0, "statfs64 /");
	ok(s64.f_type == RAMFS_MAGIC || s64.f_type == TMPFS_MAGIC,
	   "the root is ramfs or tmpfs (f_type %#x)", s64.f_type);

	is_errno(syscall(SYS_statfs64, "/proc", sizeof(s64) - 4, &s64), EINVAL,
		 "statfs64 with a wrong size: EINVAL");
	is_errno(syscall(SYS_statfs64, "/proc", 88, &s64), EINVAL,
		 "statfs64 with a larger size: EINVAL");
	is_errno(syscall(SYS_statfs64, "/no/such/dir", sizeof(s64), &s64),
		 ENOENT, "statfs64 of a missing path: ENOENT");
	is_errno(syscall(SYS_statfs64, (char *)1, sizeof(s64), &s64), EFAULT,
		 "statfs64 of an unmapped path: EFAULT");
	is_errno(syscall(SYS_statfs64, "/proc", sizeof(s64), (void *)1), EFAULT,
		 "statfs64 into an unmapped buffer: EFAULT");

	fd = open("/proc", O_RDONLY | O_DIRECTORY);
	if (ok_sys(fd, "open /proc")) {
		memset(&s64, 0, sizeof(s64));
		is(syscall(SYS_fstatfs64, fd, sizeof(s64), &s64), 0,
		   "fstatfs64 of an open /proc");
		is(s64.f_type, PROC_SUPER_MAGIC, "... is PROC_SUPER_MAGIC");
		is_errno(syscall(SYS_fstatfs64, fd, 80, &s64), EINVAL,
			 "fstatfs64 with a wrong size: EINVAL");
		memset(&s, 0, sizeof(s));
		is(syscall(SYS_fstatfs, fd, &s), 0, "fstatfs (the old layout)");
		is(s.f_type, PROC_SUPER_MAGIC, "... is PROC_SUPER_MAGIC");
		close(fd);
	}
	is_errno(syscall(SYS_fstatfs64, 999, sizeof(s64), &s64), EBADF,
		 "fstatfs64 of a closed fd: EBADF");
	is_errno(syscall(SYS_fstatfs, 999, &s), EBADF,
		 "fstatfs of a closed fd: EBADF");
	memset(&s, 0, sizeof(s));
	is(syscall(SYS_statfs, "/dev", &s), 0, "statfs (the old layout) /dev");
	is(s.f_type, TMPFS_MAGIC, "... is TMPFS_MAGIC");
	is(s.f_bsize, 4096, "... with 4 KiB blocks");
	is_errno(syscall(SYS_statfs, "/no/such/dir", &s), ENOENT,
		 "statfs of a missing path: ENOENT");
}

static char *slurp(const char *path)
{
	static char buf[8192];
	int fd = open(path, O_RDONLY);
	ssize_t n, len = 0;

	if (fd < 0)
		return NULL;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return buf;
}

static void test_mount_tables(void)
{
	char mounts[8192], *info, *line;
	struct stat st;
	int found = 0;

	info = slurp("/proc/mounts");
	if (!ok(info != NULL, "/proc/mounts can be read"))
		return;
	strcpy(mounts, info);
	ok(strstr(mounts, " /proc proc ") != NULL,
	   "/proc/mounts lists proc on /proc");
	info = slurp("/proc/self/mounts");
	ok(info && strcmp(info, mounts) == 0,
	   "/proc/self/mounts is /proc/mounts");

	if (!ok_sys(stat("/proc", &st), "stat /proc"))
		return;
	info = slurp("/proc/self/mountinfo");
	if (!ok(info != NULL, "/proc/self/mountinfo can be read"))
		return;
	for (line = strtok(info, "\n"); line; line = strtok(NULL, "\n")) {
		int id, parent;
		unsigned int maj, min;
		char root[64], point[64], rest[256];

		if (sscanf(line, "%d %d %u:%u %63s %63s %255[^\n]", &id, &parent,
			   &maj, &min, root, point, rest) != 7)
			continue;
		if (strcmp(point, "/proc") != 0)
			continue;
		found = 1;
		ok(id > 0 && parent > 0, "mountinfo: ids are positive");
		is(makedev(maj, min), st.st_dev,
		   "mountinfo: /proc's major:minor is its st_dev");
		is(strcmp(root, "/"), 0, "mountinfo: the root is /");
		ok(strstr(rest, " - proc proc ") != NULL,
		   "mountinfo: ' - proc proc' after the options (%s)", rest);
	}
	ok(found, "mountinfo has a line for /proc");
}

/* BusyBox df -a: statfs on every line of /etc/mtab (-> /proc/self/mounts). */
static void test_df(void)
{
	const char *busybox = getenv("BUSYBOX");
	char out[4096];
	ssize_t n, len = 0;
	int p[2];
	pid_t pid;

	if (!busybox || !*busybox)
		busybox = "/bin/busybox";
	must(pipe(p));
	pid = must(fork());
	if (pid == 0) {
		dup2(p[1], 1);
		dup2(p[1], 2);
		close(p[0]);
		execl(busybox, "df", "-a", (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	while ((n = read(p[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(p[0]);
	is_exit(wait_for(pid), 0, "busybox df -a succeeds");
	ok(strstr(out, " /proc\n") != NULL, "df -a lists /proc");
	ok(strstr(out, "can't") == NULL, "df -a prints no error");
}

int main(void)
{
	test_calls();
	test_mount_tables();
	test_df();
	return done_testing();
}
