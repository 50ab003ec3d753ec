/*
 * compat/memfd.c - memfd_create (356) and the seals of F_ADD_SEALS and
 * F_GET_SEALS (Linux: mm/memfd.c), as Linux 6.1.
 *
 * The file is a ramfs inode of an internal tmpfs instance (Linux's
 * shm_mnt), never linked into a directory (st_nlink 0) and freed with its
 * last reference.  Its name, "memfd:NAME", is kept as the name an
 * unlinked file had, so /proc/PID/fd and maps show "/memfd:NAME
 * (deleted)" as on Linux.
 */
#include "compat/memfd.h"
#include "fs/fcntl.h"
#include "fs/ramfs/ramfs.h"
#include "fs/mount.h"
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"
#include "mm/rmap/i_mmap.h"
#include "mm/vm/vma.h"

#define MFD_CLOEXEC 0x0001
#define MFD_ALLOW_SEALING 0x0002
#define MFD_HUGETLB 0x0004
#define MFD_NAME_PREFIX "/memfd:"
#define MFD_NAME_MAX_LEN (NAME_MAX - 6) /* NAME_MAX less "memfd:" */

static struct vfsmount shm_mnt;

void memfd_init(void)
{
	kern_mount(&shm_mnt, "tmpfs", "tmpfs");
}

static long memfd_open(const char *name, unsigned int flags)
{
	struct files_struct *files = current_files();
	struct path path = { &shm_mnt, NULL };
	struct file *file;
	int fd, err;

	path.inode = ramfs_get_inode(shm_mnt.mnt_sb, NULL, S_IFREG | 0777, 0);
	if (!path.inode)
		return -ENOMEM;
	path.inode->i_nlink = 0;
	path.inode->i_seals = flags & MFD_ALLOW_SEALING ? 0 : F_SEAL_SEAL;
	path.inode->i_deleted_name = kmalloc(strlen(name) + 1, GFP_KERNEL);
	if (!path.inode->i_deleted_name) {
		iput(path.inode);
		return -ENOMEM;
	}
	strlcpy(path.inode->i_deleted_name, name, strlen(name) + 1);
	fd = get_unused_fd(files, 0);
	err = fd < 0 ? fd : vfs_open_path(&path, O_RDWR | O_LARGEFILE, &file);
	iput(path.inode); /* the file holds it */
	if (err)
		return err;
	fd_install(files, fd, file, flags & MFD_CLOEXEC);
	return fd;
}

long sys_memfd_create(const char *uname, unsigned int flags)
{
	char *name;
	long len;
	long ret;

	if (flags & ~(MFD_CLOEXEC | MFD_ALLOW_SEALING))
		return -EINVAL; /* MFD_HUGETLB too: no huge pages here */
	name = kmalloc(sizeof(MFD_NAME_PREFIX) + MFD_NAME_MAX_LEN + 1,
		       GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	strlcpy(name, MFD_NAME_PREFIX, sizeof(MFD_NAME_PREFIX));
	len = strncpy_from_user(name + sizeof(MFD_NAME_PREFIX) - 1, uname,
				MFD_NAME_MAX_LEN + 1);
	if (len < 0)
		ret = -EFAULT;
	else if (len > MFD_NAME_MAX_LEN)
		ret = -EINVAL;
	else
		ret = memfd_open(name, flags);
	kfree(name);
	return ret;
}

/* Shared mappings of the file, each of which could write (Linux counts
 * them in i_mmap_writable). */
static bool mapped_shared(struct address_space *mapping)
{
	struct mapping_vma_iter it;
	struct vm_area_struct *vma;
	bool found = false;

	down(&mapping->i_shared_sem);
	for_each_mapping_vma(vma, &it, mapping, 0,
			     ~0UL) if (vma->vm_flags & VM_SHARED)
	{
		found = true;
		break;
	}
	up(&mapping->i_shared_sem);
	return found;
}

/* Linux's memfd_add_seals, its checks in its order. */
static long add_seals(struct file *file, unsigned long seals)
{
	struct inode *inode = file->f_inode;
	long err = 0;

	if (!(file->f_mode & FMODE_WRITE))
		return -EPERM;
	if (seals & ~(unsigned long)F_ALL_SEALS)
		return -EINVAL;
	down(&inode->i_sem);
	if (inode->i_seals & F_SEAL_SEAL)
		err = -EPERM;
	else if ((seals & F_SEAL_WRITE) && !(inode->i_seals & F_SEAL_WRITE) &&
		 mapped_shared(file->f_mapping))
		err = -EBUSY;
	else
		inode->i_seals |= seals;
	up(&inode->i_sem);
	return err;
}

long memfd_fcntl(struct file *file, unsigned int cmd, unsigned long arg)
{
	/* Seals belong to ramfs (tmpfs) regular files only. */
	if (file->f_op != &ramfs_file_operations) {
		if (cmd == F_ADD_SEALS && !(file->f_mode & FMODE_WRITE))
			return -EPERM;
		return -EINVAL;
	}
	if (cmd == F_GET_SEALS)
		return file->f_inode->i_seals;
	return add_seals(file, arg);
}

int seals_check_write(struct inode *inode, loff_t pos, size_t n)
{
	if (inode->i_seals & (F_SEAL_WRITE | F_SEAL_FUTURE_WRITE))
		return -EPERM;
	if ((inode->i_seals & F_SEAL_GROW) && pos + (loff_t)n > inode->i_size)
		return -EPERM;
	return 0;
}

int seals_check_size(struct inode *inode, loff_t size)
{
	if (size < inode->i_size && (inode->i_seals & F_SEAL_SHRINK))
		return -EPERM;
	if (size > inode->i_size && (inode->i_seals & F_SEAL_GROW))
		return -EPERM;
	return 0;
}

/* As Linux 6.1: F_SEAL_WRITE refuses every VM_SHARED mapping (one of a
 * file open for writing), F_SEAL_FUTURE_WRITE the writable ones. */
int seals_check_mmap(struct file *file, unsigned long vm_flags)
{
	unsigned int seals = file->f_inode->i_seals;

	if ((seals & F_SEAL_WRITE) && (vm_flags & VM_SHARED))
		return -EPERM;
	if ((seals & F_SEAL_FUTURE_WRITE) &&
	    (vm_flags & (VM_SHARED | VM_WRITE)) == (VM_SHARED | VM_WRITE))
		return -EPERM;
	return 0;
}
