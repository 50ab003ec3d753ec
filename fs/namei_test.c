/*
 * fs/namei_test.c - ktests for path lookup and the namespace operations,
 * checking the errno Linux gives in each case.
 */
#include "fs/vfs.h"
#include "fs/fs_struct.h"
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"

static int touch(const char *name)
{
	struct file *f;
	int err = vfs_open(NULL, name, O_WRONLY | O_CREAT, 0644, &f);

	if (!err)
		fput(f);
	return err;
}

static u64 ino_of(const char *name)
{
	struct kstat st;

	return vfs_stat(NULL, name, LOOKUP_FOLLOW, &st) ? 0 : st.ino;
}

KTEST(namei_dots_slashes_and_errors)
{
	char *long_name = kmalloc(NAME_MAX + 2, GFP_KERNEL);
	struct kstat st;

	KASSERT_TRUE(long_name != NULL);
	KASSERT_EQ(vfs_mkdir(NULL, "/kt_ns", 0755), 0);
	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_ns/a", 0755), 0);
	KEXPECT_EQ(touch("/kt_ns/a/file"), 0);
	KEXPECT_EQ(ino_of("//kt_ns///a/./file"), ino_of("/kt_ns/a/file"));
	KEXPECT_EQ(ino_of("/kt_ns/a/../a/file"), ino_of("/kt_ns/a/file"));
	KEXPECT_EQ(ino_of("/.."), ino_of("/"));	/* never above the root */
	KEXPECT_EQ(ino_of("/kt_ns/a/.."), ino_of("/kt_ns"));
	KEXPECT_EQ(vfs_stat(NULL, "", 0, &st), -ENOENT);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_ns/none", 0, &st), -ENOENT);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_ns/none/x", 0, &st), -ENOENT);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_ns/a/file/x", 0, &st), -ENOTDIR);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_ns/a/file/", 0, &st), -ENOTDIR);
	memset(long_name, 'n', NAME_MAX + 1);
	long_name[NAME_MAX + 1] = '\0';
	KEXPECT_EQ(vfs_stat(NULL, long_name, 0, &st), -ENAMETOOLONG);
	long_name[NAME_MAX] = '\0';
	KEXPECT_EQ(vfs_stat(NULL, long_name, 0, &st), -ENOENT);
	/* Relative names start at the current directory. */
	KEXPECT_EQ(vfs_chdir("/kt_ns/a"), 0);
	KEXPECT_EQ(ino_of("file"), ino_of("/kt_ns/a/file"));
	KEXPECT_EQ(ino_of("../a/./file"), ino_of("/kt_ns/a/file"));
	{
		char buf[64];

		down(&namespace_sem);
		KEXPECT_EQ(d_path(&current_fs()->pwd, buf, sizeof(buf)), 9);
		up(&namespace_sem);
		KEXPECT_STREQ(buf, "/kt_ns/a");
	}
	KEXPECT_EQ(vfs_chdir("/"), 0);
	KEXPECT_EQ(vfs_chdir("/kt_ns/a/file"), -ENOTDIR);

	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_ns/a", 0755), -EEXIST);
	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_ns/a/file", 0755), -EEXIST);
	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_ns/b/", 0755), 0);	/* trailing / */
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_ns/a"), -ENOTEMPTY);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_ns/a/file"), -ENOTDIR);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_ns/a/."), -EINVAL);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_ns/a"), -EISDIR);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_ns/a/none"), -ENOENT);
	{
		struct file *f;

		KEXPECT_EQ(vfs_open(NULL, "/kt_ns/a", O_WRONLY, 0, &f), -EISDIR);
		KEXPECT_EQ(vfs_open(NULL, "/kt_ns/a/file", O_CREAT | O_EXCL,
				    0644, &f), -EEXIST);
		KEXPECT_EQ(vfs_open(NULL, "/kt_ns/a/file",
				    O_RDONLY | O_DIRECTORY, 0, &f), -ENOTDIR);
		KEXPECT_EQ(vfs_open(NULL, "/kt_ns/a/x/", O_CREAT, 0644, &f),
			   -EISDIR);
		KEXPECT_EQ(vfs_open(NULL, "/kt_ns/a", O_CREAT, 0644, &f),
			   -EISDIR);
	}
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_ns/a/file"), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_ns/a"), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_ns/b"), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_ns"), 0);
	kfree(long_name);
}

KTEST(namei_symlinks_follow_and_loop)
{
	struct kstat st;
	struct file *f;
	char buf[16];

	KASSERT_EQ(vfs_mkdir(NULL, "/kt_sl", 0755), 0);
	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_sl/dir", 0755), 0);
	KEXPECT_EQ(touch("/kt_sl/dir/f"), 0);
	KEXPECT_EQ(vfs_symlink("dir", NULL, "/kt_sl/rel"), 0);
	KEXPECT_EQ(vfs_symlink("/kt_sl/dir/f", NULL, "/kt_sl/abs"), 0);
	KEXPECT_EQ(vfs_symlink("loop2", NULL, "/kt_sl/loop1"), 0);
	KEXPECT_EQ(vfs_symlink("loop1", NULL, "/kt_sl/loop2"), 0);
	KEXPECT_EQ(vfs_symlink("nowhere", NULL, "/kt_sl/dangling"), 0);
	KEXPECT_EQ(vfs_symlink("x", NULL, "/kt_sl/rel"), -EEXIST);
	/* In the middle of a path a link is always followed. */
	KEXPECT_EQ(ino_of("/kt_sl/rel/f"), ino_of("/kt_sl/dir/f"));
	KEXPECT_EQ(ino_of("/kt_sl/abs"), ino_of("/kt_sl/dir/f"));
	/* At the end only when asked (lstat does not). */
	KEXPECT_EQ(vfs_stat(NULL, "/kt_sl/abs", 0, &st), 0);
	KEXPECT_TRUE(S_ISLNK(st.mode));
	KEXPECT_EQ(st.size, 12);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_sl/rel/", 0, &st), 0);
	KEXPECT_TRUE(S_ISDIR(st.mode));	/* a trailing slash follows */
	KEXPECT_EQ(vfs_stat(NULL, "/kt_sl/loop1", LOOKUP_FOLLOW, &st), -ELOOP);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_sl/loop1/x", 0, &st), -ELOOP);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_sl/dangling", LOOKUP_FOLLOW, &st),
		   -ENOENT);
	KEXPECT_EQ(vfs_open(NULL, "/kt_sl/abs", O_RDONLY | O_NOFOLLOW, 0, &f),
		   -ELOOP);
	KEXPECT_EQ(vfs_readlink(NULL, "/kt_sl/rel", buf, sizeof(buf)), 3);
	KEXPECT_EQ(vfs_readlink(NULL, "/kt_sl/dir", buf, sizeof(buf)), -EINVAL);
	vfs_unlink(NULL, "/kt_sl/dangling");
	vfs_unlink(NULL, "/kt_sl/loop1");
	vfs_unlink(NULL, "/kt_sl/loop2");
	vfs_unlink(NULL, "/kt_sl/abs");
	vfs_unlink(NULL, "/kt_sl/rel");
	vfs_unlink(NULL, "/kt_sl/dir/f");
	vfs_rmdir(NULL, "/kt_sl/dir");
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_sl"), 0);
}

KTEST(namei_rename_and_link)
{
	struct kstat st;
	u64 ino;

	KASSERT_EQ(vfs_mkdir(NULL, "/kt_mv", 0755), 0);
	KEXPECT_EQ(touch("/kt_mv/a"), 0);
	KEXPECT_EQ(touch("/kt_mv/b"), 0);
	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_mv/d", 0755), 0);
	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_mv/e", 0755), 0);
	KEXPECT_EQ(touch("/kt_mv/e/inside"), 0);
	/* Over an existing file: the old target goes. */
	ino = ino_of("/kt_mv/a");
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/a", NULL, "/kt_mv/b"), 0);
	KEXPECT_EQ(ino_of("/kt_mv/b"), ino);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_mv/a", 0, &st), -ENOENT);
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/b", NULL, "/kt_mv/d"), -EISDIR);
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/d", NULL, "/kt_mv/b"), -ENOTDIR);
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/d", NULL, "/kt_mv/e"), -ENOTEMPTY);
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/d", NULL, "/kt_mv/d/sub"), -EINVAL);
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/none", NULL, "/kt_mv/x"), -ENOENT);
	/* A directory moves with its link counts. */
	KEXPECT_EQ(vfs_stat(NULL, "/kt_mv", 0, &st), 0);
	KEXPECT_EQ(st.nlink, 4);
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/d", NULL, "/kt_mv/e/d"), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_mv", 0, &st), 0);
	KEXPECT_EQ(st.nlink, 3);
	KEXPECT_EQ(ino_of("/kt_mv/e/d/.."), ino_of("/kt_mv/e"));
	/* Hard links share the inode and count. */
	KEXPECT_EQ(vfs_link(NULL, "/kt_mv/b", NULL, "/kt_mv/c", 0), 0);
	KEXPECT_EQ(ino_of("/kt_mv/c"), ino);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_mv/c", 0, &st), 0);
	KEXPECT_EQ(st.nlink, 2);
	KEXPECT_EQ(vfs_link(NULL, "/kt_mv/b", NULL, "/kt_mv/c", 0), -EEXIST);
	KEXPECT_EQ(vfs_link(NULL, "/kt_mv/e", NULL, "/kt_mv/f", 0), -EPERM);
	/* Renaming one link onto the other does nothing. */
	KEXPECT_EQ(vfs_rename(NULL, "/kt_mv/b", NULL, "/kt_mv/c"), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_mv/b", 0, &st), 0);
	KEXPECT_EQ(vfs_chmod(NULL, "/kt_mv/b", 0600, 0), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_mv/c", 0, &st), 0);
	KEXPECT_EQ(st.mode, S_IFREG | 0600);
	/* Mount points cannot be removed; unmounting a busy mount fails. */
	KEXPECT_EQ(vfs_mount("none", "/kt_mv/e/d", "tmpfs", 0, NULL), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_mv/e/d"), -EBUSY);
	KEXPECT_EQ(touch("/kt_mv/e/d/on_tmpfs"), 0);
	KEXPECT_EQ(vfs_link(NULL, "/kt_mv/e/d/on_tmpfs", NULL, "/kt_mv/x", 0),
		   -EXDEV);
	KEXPECT_EQ(vfs_umount("/kt_mv/e/d", 0), 0);
	KEXPECT_EQ(vfs_stat(NULL, "/kt_mv/e/d/on_tmpfs", 0, &st), -ENOENT);
	KEXPECT_EQ(vfs_umount("/kt_mv/e/d", 0), -EINVAL);
	KEXPECT_EQ(vfs_mount("none", "/kt_mv/e", "nosuchfs", 0, NULL), -ENODEV);

	vfs_rmdir(NULL, "/kt_mv/e/d");
	vfs_unlink(NULL, "/kt_mv/e/inside");
	vfs_rmdir(NULL, "/kt_mv/e");
	vfs_unlink(NULL, "/kt_mv/b");
	vfs_unlink(NULL, "/kt_mv/c");
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_mv"), 0);
}

static int path_of(const char *name, char *buf, int len)
{
	struct path p;
	int n = kern_path(name, NULL, 0, &p);

	if (n)
		return n;
	down(&namespace_sem);
	n = d_path(&p, buf, len);
	up(&namespace_sem);
	path_put(&p);
	return n;
}

KTEST(d_path_names_files_through_renames)
{
	struct file *f;
	char buf[64];

	KASSERT_EQ(vfs_mkdir(NULL, "/kt_dp", 0755), 0);
	KEXPECT_EQ(vfs_mkdir(NULL, "/kt_dp/sub", 0755), 0);
	KEXPECT_EQ(touch("/kt_dp/sub/f"), 0);
	KEXPECT_EQ(path_of("/kt_dp/sub/f", buf, sizeof(buf)), 13);
	KEXPECT_STREQ(buf, "/kt_dp/sub/f");
	KEXPECT_EQ(path_of("/kt_dp/sub/f", buf, 8), -ERANGE);
	KEXPECT_EQ(path_of("/dev/null", buf, sizeof(buf)), 10);
	KEXPECT_STREQ(buf, "/dev/null");	/* across a mount */
	KEXPECT_EQ(vfs_rename(NULL, "/kt_dp/sub/f", NULL, "/kt_dp/g"), 0);
	KEXPECT_EQ(path_of("/kt_dp/g", buf, sizeof(buf)), 9);
	KEXPECT_STREQ(buf, "/kt_dp/g");
	KASSERT_EQ(vfs_open(NULL, "/kt_dp/g", O_RDONLY, 0, &f), 0);
	KEXPECT_EQ(vfs_unlink(NULL, "/kt_dp/g"), 0);
	down(&namespace_sem);
	KEXPECT_EQ(d_path(&f->f_path, buf, sizeof(buf)), 19);
	KEXPECT_STREQ(buf, "/kt_dp/g (deleted)");
	KEXPECT_EQ(d_path(&f->f_path, buf, 18), -ERANGE);
	up(&namespace_sem);
	fput(f);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_dp/sub"), 0);
	KEXPECT_EQ(vfs_rmdir(NULL, "/kt_dp"), 0);
}

/* generic_permission's classes and root's overrides, by the fs ids. */
KTEST(permission_owner_group_other_and_root)
{
	struct cred saved = current->cred;
	struct inode f = { .i_mode = S_IFREG | 0640, .i_uid = 10, .i_gid = 20 };
	struct inode d = { .i_mode = S_IFDIR | 0000, .i_uid = 10, .i_gid = 20 };

	current->cred.group_info = NULL;
	current->cred.fsuid = 10;
	current->cred.fsgid = 99;
	KEXPECT_EQ(inode_permission(&f, MAY_READ | MAY_WRITE), 0);
	KEXPECT_EQ(inode_permission(&f, MAY_EXEC), -EACCES);
	current->cred.fsuid = 11;
	current->cred.fsgid = 20;
	KEXPECT_EQ(inode_permission(&f, MAY_READ), 0);
	KEXPECT_EQ(inode_permission(&f, MAY_WRITE), -EACCES);
	current->cred.fsgid = 21;
	KEXPECT_EQ(inode_permission(&f, MAY_READ), -EACCES);
	KEXPECT_EQ(inode_permission(&d, MAY_EXEC), -EACCES);
	current->cred.fsuid = 0;	/* root: all but exec without any x */
	KEXPECT_EQ(inode_permission(&f, MAY_READ | MAY_WRITE), 0);
	KEXPECT_EQ(inode_permission(&f, MAY_EXEC), -EACCES);
	f.i_mode = S_IFREG | 0010;
	KEXPECT_EQ(inode_permission(&f, MAY_EXEC), 0);
	KEXPECT_EQ(inode_permission(&d, MAY_EXEC | MAY_WRITE), 0);
	current->cred = saved;
}
