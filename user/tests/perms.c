/*
 * perms.c - file permission checks as Linux makes them: the owner, group
 * or other bits by the fs ids, root's overrides, search permission on
 * every directory of a path, write and search permission to add or remove
 * a name, the sticky bit, who may chmod, chown and set times, new files'
 * owners (and a set-group-ID directory's group), and access(2) with the
 * real ids.
 *
 * Root builds a tree in /tmp; children that dropped to nobody (65534)
 * try what nobody may and may not do there and report the first step
 * that went wrong as their exit status.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <grp.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tests/tap.h"

#define NOBODY 65534
#define GROUP 4242 /* a group only child_member belongs to */

static char dir[64];

#define CHECK(n, cond)            \
	do {                      \
		if (!(cond))      \
			_exit(n); \
	} while (0)

/* dir/name, in one of four rotating buffers. */
static const char *at(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static int fails(long ret, int err)
{
	return ret == -1 && errno == err;
}

/* open then close; 0 or -1 with errno. */
static int try_open(const char *path, int flags)
{
	int fd = open(path, flags, 0644);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	return stat(path, &st) ? (mode_t)-1 : st.st_mode & 07777;
}

static int owner_is(const char *path, uid_t u, gid_t g)
{
	struct stat st;

	return lstat(path, &st) == 0 && st.st_uid == u && st.st_gid == g;
}

static void make_file(const char *name, mode_t mode, uid_t u, gid_t g)
{
	int fd = must(open(at(name), O_WRONLY | O_CREAT | O_TRUNC, 0600));

	must(write(fd, "x", 1));
	close(fd);
	must(chown(at(name), u, g));
	must(chmod(at(name), mode));
}

static void make_dir(const char *name, mode_t mode, uid_t u, gid_t g)
{
	must(mkdir(at(name), 0700));
	must(chown(at(name), u, g));
	must(chmod(at(name), mode));
}

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/perms.%d", (int)getpid());
	must(mkdir(dir, 0755));
	must(chmod(dir, 0755));
	make_file("secret", 0600, 0, 0);
	make_file("pub", 0644, 0, 0);
	make_file("world", 0666, 0, 0);
	make_file("grp", 0660, 0, GROUP);
	make_file("grp0", 0604, 0, GROUP);
	make_file("zero", 0000, 0, 0);
	make_dir("closed", 0700, 0, 0);
	make_file("closed/f", 0644, 0, 0);
	make_dir("xonly", 0711, 0, 0);
	make_file("xonly/f", 0644, 0, 0);
	make_dir("zerodir", 0000, 0, 0);
	make_file("zerodir/f", 0644, 0, 0);
	make_dir("own", 0755, NOBODY, NOBODY);
	make_dir("own/rootdir", 0755, 0, 0);
	make_dir("sticky", 01777, 0, 0);
	make_file("sticky/rootf", 0666, 0, 0);
	make_dir("wdir", 0777, 0, 0);
	make_file("wdir/rootf", 0644, 0, 0);
	make_dir("sgid", 02777, 0, GROUP);
}

static int remove_one(const char *path, const struct stat *st, int type,
		      struct FTW *f)
{
	(void)st;
	(void)f;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

static void cleanup(void)
{
	ok_sys(nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS),
	       "remove the tree");
}

static int drop_to_nobody(int ngroups, const gid_t *groups)
{
	return setgroups(ngroups, groups) == 0 && setgid(NOBODY) == 0 &&
	       setuid(NOBODY) == 0;
}

static void test_root(void)
{
	struct stat st;

	ok_sys(try_open(at("zero"), O_RDWR),
	       "root opens a mode 0000 file for reading and writing");
	is(access(at("zero"), R_OK | W_OK), 0,
	   "root: access R_OK|W_OK on mode 0000");
	is_errno(access(at("zero"), X_OK), EACCES,
		 "root: X_OK needs some execute bit: EACCES");
	ok_sys(stat(at("zerodir/f"), &st),
	       "root searches a mode 0000 directory");
	ok_sys(try_open(at("zerodir"), O_RDONLY | O_DIRECTORY),
	       "root reads a mode 0000 directory");
	is_errno(execl(at("pub"), "pub", (char *)NULL), EACCES,
		 "root: exec of a file with no x bit: EACCES");
}

/* nobody, in no group: what it is refused and what it may do. */
static void child_nobody(void)
{
	struct timespec t[2] = { { 1, 0 }, { 1, 0 } };
	int closed = open(at("closed"), O_RDONLY | O_DIRECTORY);

	CHECK(1, closed >= 0 && drop_to_nobody(0, NULL));
	CHECK(2, fails(try_open(at("secret"), O_RDONLY), EACCES));
	CHECK(3, try_open(at("pub"), O_RDONLY) == 0);
	CHECK(4, fails(try_open(at("pub"), O_WRONLY), EACCES));
	CHECK(5, fails(try_open(at("pub"), O_RDONLY | O_TRUNC), EACCES));
	CHECK(6, fails(try_open(at("grp"), O_RDONLY), EACCES));
	CHECK(7, try_open(at("grp0"), O_RDONLY) == 0);
	/* A 0755 directory of root's: no new names, none removed. */
	CHECK(8, fails(try_open(at("new"), O_WRONLY | O_CREAT), EACCES));
	CHECK(9, fails(mkdir(at("newdir"), 0755), EACCES));
	CHECK(10, fails(unlink(at("pub")), EACCES));
	CHECK(11, fails(rename(at("pub"), at("pub2")), EACCES));
	CHECK(12, fails(symlink("pub", at("sl")), EACCES));
	CHECK(13, fails(rmdir(at("xonly")), EACCES));
	CHECK(14, fails(mknod(at("fifo"), S_IFIFO | 0644, 0), EACCES));
	/* Search permission on each directory of a path. */
	CHECK(15, fails(access(at("closed/f"), F_OK), EACCES));
	CHECK(16, fails(chdir(at("closed")), EACCES));
	CHECK(17, access(at("xonly/f"), R_OK) == 0);
	CHECK(18, fails(try_open(at("xonly"), O_RDONLY | O_DIRECTORY), EACCES));
	CHECK(19, chdir(at("xonly")) == 0 && chdir("/") == 0);
	CHECK(20, access(at("pub"), R_OK) == 0);
	CHECK(21, fails(access(at("pub"), W_OK), EACCES));
	CHECK(22, fails(access(at("pub"), X_OK), EACCES));
	CHECK(23, fails(execl(at("secret"), "secret", (char *)NULL), EACCES));
	/* Attributes of a file nobody does not own. */
	CHECK(24, fails(chmod(at("pub"), 0666), EPERM));
	CHECK(25, fails(chown(at("pub"), NOBODY, -1), EPERM));
	CHECK(26, fails(utimensat(AT_FDCWD, at("pub"), NULL, 0), EACCES));
	CHECK(27, utimensat(AT_FDCWD, at("world"), NULL, 0) == 0);
	CHECK(28, fails(utimensat(AT_FDCWD, at("world"), t, 0), EPERM));
	CHECK(29, fails(truncate(at("pub"), 0), EACCES));
	CHECK(30, truncate(at("world"), 0) == 0);
	CHECK(31, fails(try_open(at("pub"), O_RDONLY | O_NOATIME), EPERM));
	CHECK(32, fails(fchdir(closed), EACCES));
	_exit(0);
}

/* nobody in its own directory. */
static void child_owner(void)
{
	CHECK(1, drop_to_nobody(0, NULL));
	CHECK(2, try_open(at("own/f"), O_WRONLY | O_CREAT) == 0);
	CHECK(3, owner_is(at("own/f"), NOBODY, NOBODY));
	CHECK(4, mknod(at("own/fifo"), S_IFIFO | 0644, 0) == 0);
	CHECK(5, fails(mknod(at("own/null"), S_IFCHR | 0600, makedev(1, 3)),
		       EPERM));
	CHECK(6, chown(at("own/f"), NOBODY, NOBODY) == 0);
	CHECK(7, fails(chown(at("own/f"), 0, -1), EPERM));
	CHECK(8, fails(chown(at("own/f"), -1, 0), EPERM));
	CHECK(9, chmod(at("own/f"), 0066) == 0);
	/* The owner's bits, though the others' would allow it. */
	CHECK(10, fails(try_open(at("own/f"), O_RDONLY), EACCES));
	CHECK(11, chmod(at("own/f"), 0644) == 0);
	CHECK(12, link(at("own/f"), at("own/l")) == 0);
	CHECK(13, rename(at("own/l"), at("own/l2")) == 0);
	CHECK(14, unlink(at("own/l2")) == 0);
	CHECK(15, symlink("f", at("own/sl")) == 0 &&
			  owner_is(at("own/sl"), NOBODY, NOBODY));
	CHECK(16, mkdir(at("own/d"), 0755) == 0 && rmdir(at("own/d")) == 0);
	CHECK(17, fails(rename(at("own/f"), at("pub")), EACCES));
	/* A directory moving to another parent: its ".." is written. */
	CHECK(18,
	      fails(rename(at("own/rootdir"), at("sticky/rootdir")), EACCES));
	CHECK(19, rename(at("own/rootdir"), at("own/rootdir2")) == 0);
	_exit(0);
}

/* The sticky bit, a plain world-writable directory, a set-group-ID one. */
static void child_shared_dirs(void)
{
	CHECK(1, drop_to_nobody(0, NULL));
	CHECK(2, fails(unlink(at("sticky/rootf")), EPERM));
	CHECK(3, fails(rename(at("sticky/rootf"), at("sticky/x")), EPERM));
	CHECK(4, try_open(at("sticky/mine"), O_WRONLY | O_CREAT | O_EXCL) == 0);
	CHECK(5, fails(rename(at("sticky/mine"), at("sticky/rootf")), EPERM));
	CHECK(6, rename(at("sticky/mine"), at("sticky/mine2")) == 0);
	CHECK(7, unlink(at("sticky/mine2")) == 0);
	CHECK(8, unlink(at("wdir/rootf")) == 0);
	CHECK(9, try_open(at("sgid/f"), O_WRONLY | O_CREAT) == 0);
	CHECK(10, owner_is(at("sgid/f"), NOBODY, GROUP));
	CHECK(11, mkdir(at("sgid/d"), 0755) == 0);
	CHECK(12, owner_is(at("sgid/d"), NOBODY, GROUP) &&
			  (mode_of(at("sgid/d")) & S_ISGID));
	/* Not in the file's group: chmod drops set-group-ID. */
	CHECK(13,
	      chmod(at("sgid/f"), 02644) == 0 && mode_of(at("sgid/f")) == 0644);
	_exit(0);
}

/* nobody with GROUP among its supplementary groups. */
static void child_member(void)
{
	gid_t g = GROUP;

	CHECK(1, drop_to_nobody(1, &g));
	CHECK(2, try_open(at("grp"), O_RDWR) == 0);
	/* The group's bits, though the others' would allow it. */
	CHECK(3, fails(try_open(at("grp0"), O_RDONLY), EACCES));
	CHECK(4, try_open(at("sgid/g"), O_WRONLY | O_CREAT) == 0);
	CHECK(5, chmod(at("sgid/g"), 02644) == 0 &&
			 mode_of(at("sgid/g")) == 02644);
	CHECK(6, chown(at("sgid/g"), -1, NOBODY) == 0);
	CHECK(7, chown(at("sgid/g"), -1, GROUP) == 0);
	_exit(0);
}

/* access(2) asks with the real ids, open with the fs ids. */
static void child_real_ids(void)
{
	CHECK(1, setgroups(0, NULL) == 0);
	CHECK(2, setresgid(NOBODY, 0, 0) == 0 && setresuid(NOBODY, 0, 0) == 0);
	CHECK(3, fails(access(at("secret"), R_OK), EACCES));
	CHECK(4, try_open(at("secret"), O_RDONLY) == 0);
	CHECK(5, faccessat(AT_FDCWD, at("secret"), R_OK, AT_EACCESS) == 0);
	/* fsuid away from 0: root's overrides go with it. */
	CHECK(6, setresuid(0, 0, 0) == 0 && setfsuid(NOBODY) == 0);
	CHECK(7, fails(try_open(at("secret"), O_RDONLY), EACCES));
	CHECK(8, try_open(at("own/byfsuid"), O_WRONLY | O_CREAT) == 0);
	CHECK(9, owner_is(at("own/byfsuid"), NOBODY, 0));
	CHECK(10, setfsuid(0) == NOBODY);
	CHECK(11, try_open(at("secret"), O_RDONLY) == 0);
	_exit(0);
}

static void run(void (*child)(void), const char *what)
{
	pid_t pid = must(fork());

	if (pid == 0)
		child();
	is_exit(wait_for(pid), 0, "%s", what);
}

int main(void)
{
	setup();
	test_root();
	run(child_nobody,
	    "nobody: refused another's files and a root directory, searches only with x");
	run(child_owner,
	    "nobody in its own directory: new files are its, chown to itself only, no devices");
	run(child_shared_dirs,
	    "sticky /tmp-like directory: only the owner removes; set-group-ID directory");
	run(child_member,
	    "a member of the group gets the group's bits, may chgrp to its groups");
	run(child_real_ids,
	    "access uses the real ids, open the fs ids; setfsuid drops root's override");
	cleanup();
	return done_testing();
}
