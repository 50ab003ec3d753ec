/*
 * fs/ramfs/inode.c - ramfs superblocks, inodes and regular files.
 */
#include "fs/ramfs/ramfs.h"
#include "mm/reclaim/shmem_swap.h"
#include "fs/chrdev.h"
#include "fs/fallocate.h"
#include "fs/file.h"
#include "fs/generic_file.h"
#include "compat/memfd.h"
#include "fs/super.h"
#include "fs/truncate.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/phys/slab.h"
#include "mm/vm/filemap.h"
#include "mm/vm/memory.h"
#include "mm/phys/page.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"

static const struct address_space_operations ramfs_aops = {
	.readpage = ramfs_readpage,
	.writepage = ramfs_writepage,
	.set_page_dirty = simple_set_page_dirty,
	.memory_backed = true,
};

static int ramfs_truncate(struct inode *inode, loff_t size)
{
	int err = seals_check_size(inode, size);

	return err ? err : vmtruncate(inode, size);
}

const struct inode_operations ramfs_file_inode_operations = {
	.truncate = ramfs_truncate,
};

/* Give every page of first..last that has no data a zeroed one, as
 * Linux's shmem_fallocate; a page present or on swap keeps its data. */
static long ramfs_alloc_range(struct file *file, unsigned long first,
			      unsigned long last)
{
	struct address_space *mapping = file->f_mapping;
	unsigned long index;
	struct page *page;
	int err;

	for (index = first; index <= last; index++) {
		if (signal_pending(current))
			return -EINTR;
		page = find_or_create_page(mapping, index,
					   mapping_gfp_mask(mapping));
		if (!page)
			return -ENOMEM;
		if (PageUptodate(page)) {
			unlock_page(page);
		} else {
			/* Zeros, or the data if it went to swap meanwhile. */
			err = mapping->a_ops->readpage(file, page);
			if (err) {
				put_page(page);
				return err;
			}
		}
		mapping->a_ops->set_page_dirty(page);
		put_page(page);
		if (index == ~0UL)
			break;
	}
	return 0;
}

/* fallocate's allocating modes, i_sem held.  RLIMIT_FSIZE counts even
 * with KEEP_SIZE, as on tmpfs. */
static long ramfs_falloc(struct file *file, int mode, loff_t offset,
			 loff_t end)
{
	struct inode *inode = file->f_inode;
	long err = inode_newsize_ok(inode, end);

	if (err)
		return err;
	if ((inode->i_seals & F_SEAL_GROW) && end > inode->i_size)
		return -EPERM;
	err = ramfs_alloc_range(file, offset >> PAGE_SHIFT,
				(end - 1) >> PAGE_SHIFT);
	if (!err && !(mode & FALLOC_FL_KEEP_SIZE) && end > inode->i_size)
		inode->i_size = end;
	/* Failed (no memory, a signal): the pages it gave past the end go
	 * again, as Linux undoes its falloc'd pages. */
	if (err && end > ALIGN_UP(inode->i_size, (loff_t)PAGE_SIZE))
		truncate_inode_pages_range(
			inode->i_mapping,
			max(offset, ALIGN_UP(inode->i_size, (loff_t)PAGE_SIZE)),
			end - 1);
	return err;
}

/*
 * fallocate on ramfs answers as Linux's tmpfs: mode 0 and KEEP_SIZE give
 * the range pages (the size grows to its end unless KEEP_SIZE);
 * PUNCH_HOLE|KEEP_SIZE unmaps the range's whole pages from every process,
 * as truncate does, then frees them and their swap slots and zeroes the
 * partial pages at its ends.  Any other mode: -EOPNOTSUPP.  Seals:
 * -EPERM for a hole in a file sealed against writes, for a range past
 * the end of one sealed against growing.
 */
static long ramfs_fallocate(struct file *file, int mode, loff_t offset,
			    loff_t len)
{
	struct inode *inode = file->f_inode;
	loff_t end = offset + len;
	long err = 0;

	if (mode & ~(FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE))
		return -EOPNOTSUPP;
	down(&inode->i_sem);
	if ((mode & FALLOC_FL_PUNCH_HOLE) &&
	    (inode->i_seals & (F_SEAL_WRITE | F_SEAL_FUTURE_WRITE))) {
		err = -EPERM;
	} else if (mode & FALLOC_FL_PUNCH_HOLE) {
		loff_t ustart = ALIGN_UP(offset, (loff_t)PAGE_SIZE);
		loff_t uend = end & ~(loff_t)(PAGE_SIZE - 1);

		if (uend > ustart)
			unmap_mapping_range(inode->i_mapping, ustart,
					    uend - ustart);
		truncate_inode_pages_range(inode->i_mapping, offset, end - 1);
	} else {
		err = ramfs_falloc(file, mode, offset, end);
	}
	if (!err)
		inode_touch_mtime(inode);
	up(&inode->i_sem);
	return err;
}

/* The first index >= index whose page holds data: in the cache and read
 * (a page still being filled is a hole yet), or on swap.  ~0UL: none. */
static unsigned long next_data(struct address_space *mapping,
			       unsigned long index)
{
	unsigned long cached = index, swapped = index;
	struct page *page;
	bool uptodate;

	for (;;) {
		if (!find_get_pages(mapping, cached, 1, &page)) {
			cached = ~0UL;
			break;
		}
		cached = page->index;
		uptodate = PageUptodate(page);
		put_page(page);
		if (uptodate || cached == ~0UL)
			break;
		cached++;
	}
	if (!next_swapped(mapping, &swapped))
		swapped = ~0UL;
	return min(cached, swapped);
}

/* The first offset >= off (< size) that holds data, or -ENXIO. */
static loff_t seek_data(struct address_space *mapping, loff_t off, loff_t size)
{
	unsigned long index = next_data(mapping, off >> PAGE_SHIFT);
	loff_t at = (loff_t)index << PAGE_SHIFT;

	if (index == ~0UL || at >= size)
		return -ENXIO;
	return max(off, at);
}

/* The first offset >= off (< size) in a hole; size itself is one. */
static loff_t seek_hole(struct address_space *mapping, loff_t off, loff_t size)
{
	unsigned long index = off >> PAGE_SHIFT;

	while ((loff_t)index << PAGE_SHIFT < size &&
	       next_data(mapping, index) == index)
		index++;
	return min(size, max(off, (loff_t)index << PAGE_SHIFT));
}

/*
 * SEEK_DATA and SEEK_HOLE see ramfs's holes, as on Linux's tmpfs: a page
 * never written (nor fallocated) is a hole, a page in memory or on swap
 * is data, and the end of the file is a hole.  Past the end there is
 * neither: ENXIO.  i_sem keeps the size still.
 */
static loff_t ramfs_llseek(struct file *file, loff_t off, int whence)
{
	struct inode *inode = file->f_inode;
	loff_t pos = -ENXIO;

	if (whence != SEEK_DATA && whence != SEEK_HOLE)
		return default_llseek(file, off, whence);
	if (off < 0)
		return -ENXIO;
	down(&inode->i_sem);
	if (off < inode->i_size)
		pos = (whence == SEEK_DATA ? seek_data : seek_hole)(
			file->f_mapping, off, inode->i_size);
	if (pos >= 0)
		file->f_pos = pos;
	up(&inode->i_sem);
	return pos;
}

const struct file_operations ramfs_file_operations = {
	.read = generic_file_read,
	.write = generic_file_write,
	.llseek = ramfs_llseek,
	.fallocate = ramfs_fallocate,
};

static void ramfs_destroy_inode(struct inode *inode)
{
	/* Directories are empty by now; symlinks own their target. */
	kfree(inode->i_private);
}

static const struct super_operations ramfs_sops = {
	.drop_inode = generic_drop_inode,
	.destroy_inode = ramfs_destroy_inode,
};

struct inode *ramfs_get_inode(struct super_block *sb, struct inode *dir,
			      umode_t mode, dev_t rdev)
{
	struct inode *inode = new_inode(sb, mode);
	struct ramfs_dir *d;

	if (!inode)
		return NULL;
	inode_init_owner(inode, dir, mode);
	switch (mode & S_IFMT) {
	case S_IFREG:
		inode->i_op = &ramfs_file_inode_operations;
		inode->i_fop = &ramfs_file_operations;
		inode->i_mapping->a_ops = &ramfs_aops;
		mapping_set_gfp_mask(inode->i_mapping, GFP_HIGHUSER);
		inode->i_seals = F_SEAL_SEAL;	/* memfd_create clears it */
		break;
	case S_IFDIR:
		d = kzalloc(sizeof(*d), GFP_KERNEL);
		if (!d) {
			inode->i_nlink = 0;
			iput(inode);
			return NULL;
		}
		INIT_LIST_HEAD(&d->entries);
		d->parent = dir ? dir : inode;
		d->next_cookie = 2;	/* 0 and 1 are "." and ".." */
		inode->i_private = d;
		inode->i_nlink = 2;
		/* As Linux's shmem: "." and "..", an entry's worth each. */
		inode->i_size = 2 * BOGO_DIRENT_SIZE;
		inode->i_op = &ramfs_dir_inode_operations;
		inode->i_fop = &ramfs_dir_operations;
		break;
	case S_IFLNK:
		inode->i_op = &ramfs_symlink_inode_operations;
		break;
	default:
		init_special_inode(inode, mode, rdev);
		break;
	}
	return inode;
}

static struct super_block *ramfs_fill_super(struct file_system_type *type,
					    int *err)
{
	struct super_block *sb = sget_nodev(type, &ramfs_sops);

	if (!sb) {
		*err = -ENOMEM;
		return NULL;
	}
	/* Linux's tmpfs and devtmpfs are shmem, which says TMPFS_MAGIC. */
	sb->s_magic = strcmp(type->name, "ramfs") ? TMPFS_MAGIC : RAMFS_MAGIC;
	sb->s_root = ramfs_get_inode(sb, NULL, S_IFDIR | 0755, 0);
	if (!sb->s_root) {
		kill_anon_super(sb);
		*err = -ENOMEM;
		return NULL;
	}
	return sb;
}

static struct super_block *ramfs_get_sb(struct file_system_type *type,
					const char *dev_name, int *err)
{
	(void)dev_name;
	return ramfs_fill_super(type, err);
}

/*
 * The last mount went: drop the whole tree.  Unlinking bottom-up would
 * need the namespace code; instead every inode reachable from the root is
 * unlinked here, which frees it once no open file holds it.
 */
static void ramfs_kill_tree(struct inode *dir)
{
	struct ramfs_dir *d = dir->i_private;
	struct ramfs_dirent *e, *n;

	list_for_each_entry_safe(e, n, &d->entries, list) {
		struct inode *inode = igrab(e->inode);

		if (S_ISDIR(inode->i_mode)) {
			ramfs_kill_tree(inode);
			inode->i_nlink = 0;
		} else {
			inode->i_nlink--;
		}
		list_del(&e->list);
		kfree(e);
		iput(inode);
	}
	d->nr = 0;
}

static void ramfs_kill_sb(struct super_block *sb)
{
	ramfs_kill_tree(sb->s_root);
	sb->s_root->i_nlink = 0;
	iput(sb->s_root);
	kill_anon_super(sb);
}

static struct file_system_type ramfs_fs_type = {
	.name = "ramfs", .get_sb = ramfs_get_sb, .kill_sb = ramfs_kill_sb,
	.nodev = true,
};

static struct file_system_type tmpfs_fs_type = {
	.name = "tmpfs", .get_sb = ramfs_get_sb, .kill_sb = ramfs_kill_sb,
	.nodev = true,
};

static struct super_block *devtmpfs;

struct super_block *devtmpfs_sb(void)
{
	return devtmpfs;
}

static struct super_block *devtmpfs_get_sb(struct file_system_type *type,
					   const char *dev_name, int *err)
{
	(void)type;
	(void)dev_name;
	if (!devtmpfs)
		*err = -ENODEV;
	return devtmpfs;
}

/* The shared instance outlives its mounts. */
static void devtmpfs_kill_sb(struct super_block *sb)
{
	(void)sb;
}

static struct file_system_type devtmpfs_fs_type = {
	.name = "devtmpfs", .get_sb = devtmpfs_get_sb,
	.kill_sb = devtmpfs_kill_sb, .nodev = true,
};

void ramfs_init(void)
{
	int err = 0;

	register_filesystem(&ramfs_fs_type);
	register_filesystem(&tmpfs_fs_type);
	register_filesystem(&devtmpfs_fs_type);
	devtmpfs = ramfs_fill_super(&devtmpfs_fs_type, &err);
	BUG_ON(!devtmpfs);
}
