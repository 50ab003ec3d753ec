/*
 * fs/anon_inodes.c - the one inode behind every anonymous file (see
 * fs/anon_inodes.h).  Like pipefs (fs/pipe.c) its file system is never
 * mounted; the inode is made at boot and never freed.
 */
#include "fs/anon_inodes.h"
#include "fs/fdtable.h"
#include "fs/inode.h"
#include "fs/super.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/panic.h"

static const struct super_operations anon_inodefs_sops;
static struct file_system_type anon_inodefs_type = { .name = "anon_inodefs" };
static struct vfsmount anon_inode_mnt;
static struct inode *anon_inode_inode;

void anon_inode_init(void)
{
	struct super_block *sb = sget_nodev(&anon_inodefs_type,
					    &anon_inodefs_sops);

	BUG_ON(!sb);
	sb->s_root = new_inode(sb, S_IFDIR | 0755);
	anon_inode_inode = new_inode(sb, 0600);
	BUG_ON(!sb->s_root || !anon_inode_inode);
	anon_inode_mnt.mnt_sb = sb;
	anon_inode_mnt.mnt_root = sb->s_root;
	anon_inode_mnt.mnt_parent = &anon_inode_mnt;
	anon_inode_mnt.mnt_count = 1;
	INIT_LIST_HEAD(&anon_inode_mnt.mnt_list);
}

struct file *anon_inode_getfile(const char *name,
				const struct file_operations *fops,
				void *priv, unsigned int flags)
{
	struct path path = { &anon_inode_mnt, anon_inode_inode };
	struct file *file = alloc_file(&path, flags, fops);

	if (file) {
		file->private_data = priv;
		file->f_anon_name = name;
	}
	return file;
}

int anon_inode_install(struct file *file, bool cloexec)
{
	struct files_struct *files = current_files();
	int fd = files ? get_unused_fd(files, 0) : -EBADF;

	/* No sleep between finding the fd and filling it: a thread sharing
	 * the table could take it meanwhile. */
	if (fd < 0) {
		fput(file);
		return fd;
	}
	fd_install(files, fd, file, cloexec);
	return fd;
}

struct file *anon_inode_fget(int fd, const struct file_operations *fops)
{
	struct file *file = fget_current(fd);

	if (!file)
		return ERR_PTR(-EBADF);
	if (file->f_op != fops) {
		fput(file);
		return ERR_PTR(-EINVAL);
	}
	return file;
}
