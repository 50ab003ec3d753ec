/*
 * fs/ext2/inode.c - ext2 inodes in memory, and a file's blocks on disk.
 *
 * ext2_iget reads an inode from its group's inode table through the
 * device's buffers and keeps it on the superblock's list while it is
 * referenced, so every opener of a file shares one inode and one page
 * cache: the pages a process maps have page->mapping = that inode's
 * address_space, where objrmap finds them.  An unreferenced inode is
 * dropped with its pages (they come back from the disk).
 *
 * ext2_get_block maps a file's block number to a disk block through the
 * inode's pointers (apb = pointers per block = block size / 4):
 *
 *  i_data[0..11] ---------------------------> data      blocks 0..11
 *  i_data[12] -> [apb pointers] ------------> data      the next apb
 *  i_data[13] -> [apb] -> [apb] ------------> data      the next apb^2
 *  i_data[14] -> [apb] -> [apb] -> [apb] ---> data      the next apb^3
 *
 * A zero pointer at any level is a hole, read as zeros.  A pointer that
 * names no data block of the disk is corruption: -EIO and a message.
 */
#include "fs/ext2/ext2.h"
#include "fs/mpage.h"
#include "fs/chrdev.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"
#include "mm/vm/filemap.h"

/* The inode's bytes on disk, in a held buffer; NULL on an I/O error. */
static struct ext2_inode *raw_inode(struct super_block *sb, unsigned long ino,
				    struct buffer_head **bhp)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long group = (ino - 1) / sbi->s_es->s_inodes_per_group;
	unsigned long index = (ino - 1) % sbi->s_es->s_inodes_per_group;
	struct ext2_group_desc *gd =
		(struct ext2_group_desc *)sbi
			->s_group_desc[group / sbi->s_desc_per_block]
			->b_data +
		group % sbi->s_desc_per_block;
	u32 block = gd->bg_inode_table + index / sbi->s_inodes_per_block;

	*bhp = sb_bread(sb, block);
	if (!*bhp)
		return NULL;
	return (struct ext2_inode *)((*bhp)->b_data +
				     (index % sbi->s_inodes_per_block) *
					     sbi->s_inode_size);
}

static bool is_fast_symlink(struct inode *inode)
{
	u32 ea = EXT2_I(inode)->i_file_acl ? inode->i_sb->s_blocksize >> 9 : 0;

	return S_ISLNK(inode->i_mode) && inode->i_blocks == ea;
}

/* Every block pointer of the inode names a block of the disk, as Linux's
 * ext4 checks at iget; a device's or fast symlink's i_block is no list
 * of pointers. */
static bool pointers_valid(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	unsigned int i;

	if (!S_ISREG(inode->i_mode) && !S_ISDIR(inode->i_mode) &&
	    !(S_ISLNK(inode->i_mode) && !is_fast_symlink(inode)))
		return true;
	for (i = 0; i < EXT2_N_BLOCKS; i++)
		if (ei->i_data[i] &&
		    !ext2_block_valid(inode->i_sb, ei->i_data[i]))
			return false;
	return true;
}

static void set_ops(struct inode *inode, struct ext2_inode *raw)
{
	switch (inode->i_mode & S_IFMT) {
	case S_IFREG:
		inode->i_op = &ext2_file_inode_operations;
		inode->i_fop = &ext2_file_operations;
		inode->i_mapping->a_ops = &ext2_aops;
		break;
	case S_IFDIR:
		inode->i_op = &ext2_dir_inode_operations;
		inode->i_fop = &ext2_dir_operations;
		inode->i_mapping->a_ops = &ext2_aops;
		break;
	case S_IFLNK:
		inode->i_op = &ext2_symlink_inode_operations;
		inode->i_mapping->a_ops = &ext2_aops;
		break;
	default:
		/* The number in the first pointer (old encoding) or the
		 * second (new), as Linux's ext2_set_inode_ops. */
		init_special_inode(inode, inode->i_mode,
				   raw->i_block[0] ?
					   MKDEV((raw->i_block[0] >> 8) & 0xff,
						 raw->i_block[0] & 0xff) :
					   new_decode_dev(raw->i_block[1]));
		break;
	}
}

/* Fill a new in-memory inode from disk. */
static int read_inode(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct buffer_head *bh;
	struct ext2_inode *raw = raw_inode(sb, inode->i_ino, &bh);

	if (!raw)
		return -EIO;
	inode->i_mode = raw->i_mode;
	inode->i_uid = raw->i_uid | (u32)raw->l_i_uid_high << 16;
	inode->i_gid = raw->i_gid | (u32)raw->l_i_gid_high << 16;
	inode->i_nlink = raw->i_links_count;
	inode->i_size = raw->i_size;
	if (S_ISREG(inode->i_mode))
		inode->i_size |= (loff_t)raw->i_size_high << 32;
	inode->i_atime.tv_sec = (s32)raw->i_atime;
	inode->i_mtime.tv_sec = (s32)raw->i_mtime;
	inode->i_ctime.tv_sec = (s32)raw->i_ctime;
	inode->i_atime.tv_nsec = inode->i_mtime.tv_nsec = 0;
	inode->i_ctime.tv_nsec = 0;
	inode->i_blocks = raw->i_blocks;
	inode->i_blkbits = sb->s_blocksize_bits;
	ei->i_dtime = raw->i_dtime;
	ei->i_file_acl = raw->i_file_acl;
	memcpy(ei->i_data, raw->i_block, sizeof(ei->i_data));
	set_ops(inode, raw);
	brelse(bh);
	if (!inode->i_mode || (!inode->i_nlink && ei->i_dtime)) {
		ext2_error(sb, "ext2_iget", "deleted inode referenced: %lu",
			   inode->i_ino);
		return -EFSCORRUPTED;
	}
	if (inode->i_size < 0 || !pointers_valid(inode)) {
		ext2_error(sb, "ext2_iget",
			   "inode #%lu: bad size or block "
			   "pointer",
			   inode->i_ino);
		return -EFSCORRUPTED;
	}
	return 0;
}

static struct inode *find_inode(struct ext2_sb_info *sbi, unsigned long ino)
{
	struct ext2_inode_info *ei;

	list_for_each_entry(ei, &sbi->s_inodes, i_list)
		if (ei->vfs_inode->i_ino == ino)
			return igrab(ei->vfs_inode);
	return NULL;
}

int ext2_iget(struct super_block *sb, unsigned long ino, struct inode **res)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_inode_info *ei;
	struct inode *inode;
	int err;

	if ((ino != EXT2_ROOT_INO && ino < sbi->s_first_ino) ||
	    ino > sbi->s_es->s_inodes_count) {
		ext2_error(sb, "ext2_iget", "bad inode number: %lu", ino);
		return -EFSCORRUPTED;
	}
	down(&sbi->s_inodes_sem);
	inode = find_inode(sbi, ino);
	if (inode) {
		up(&sbi->s_inodes_sem);
		*res = inode;
		return 0;
	}
	ei = kzalloc(sizeof(*ei), GFP_KERNEL);
	inode = ei ? new_inode(sb, 0) : NULL;
	if (!inode) {
		up(&sbi->s_inodes_sem);
		kfree(ei);
		return -ENOMEM;
	}
	inode->i_ino = ino;
	inode->i_private = ei;
	ei->vfs_inode = inode;
	list_add(&ei->i_list, &sbi->s_inodes);
	err = read_inode(inode);
	if (err)
		list_del_init(&ei->i_list); /* nobody may find it */
	up(&sbi->s_inodes_sem);
	if (err) {
		iput(inode);
		return err;
	}
	*res = inode;
	return 0;
}

void ext2_evict_inode(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_sb_info *sbi = EXT2_SB(inode->i_sb);

	down(&sbi->s_inodes_sem);
	if (!list_empty(&ei->i_list))
		list_del(&ei->i_list);
	up(&sbi->s_inodes_sem);
	kfree(ei);
	iput(inode->i_dir_hint); /* ext2_lookup's reference */
}

/* The pointer at index i of the pointer block `block`. */
static int read_pointer(struct inode *inode, u32 block, u32 i, u32 *res)
{
	struct buffer_head *bh = sb_bread(inode->i_sb, block);

	if (!bh) {
		ext2_error(inode->i_sb, "ext2_get_block",
			   "inode #%lu: cannot "
			   "read indirect block %u",
			   inode->i_ino, block);
		return -EIO;
	}
	*res = ((u32 *)bh->b_data)[i];
	brelse(bh);
	return 0;
}

/* Where iblock lies: the root pointer's index and the index at each of
 * the `depth` pointer blocks below it. */
static int block_to_path(struct inode *inode, u32 iblock, u32 offsets[4])
{
	u32 apb_bits = inode->i_sb->s_blocksize_bits - 2;
	u32 apb = 1u << apb_bits;
	u64 n = iblock;

	if (n < EXT2_NDIR_BLOCKS) {
		offsets[0] = n;
		return 0;
	}
	n -= EXT2_NDIR_BLOCKS;
	if (n < apb) {
		offsets[0] = EXT2_IND_BLOCK;
		offsets[1] = n;
		return 1;
	}
	n -= apb;
	if (n < (u64)apb << apb_bits) {
		offsets[0] = EXT2_DIND_BLOCK;
		offsets[1] = n >> apb_bits;
		offsets[2] = n & (apb - 1);
		return 2;
	}
	n -= (u64)apb << apb_bits;
	if (n >> (2 * apb_bits) >= apb)
		return -EFBIG;
	offsets[0] = EXT2_TIND_BLOCK;
	offsets[1] = n >> (2 * apb_bits);
	offsets[2] = (n >> apb_bits) & (apb - 1);
	offsets[3] = n & (apb - 1);
	return 3;
}

int ext2_get_block(struct inode *inode, u32 iblock, u32 *pblock)
{
	u32 offsets[4], p;
	int depth = block_to_path(inode, iblock, offsets), i, err;

	if (depth < 0)
		return -EIO;
	p = EXT2_I(inode)->i_data[offsets[0]];
	for (i = 1; i <= depth && p; i++) {
		if (!ext2_block_valid(inode->i_sb, p))
			break;
		err = read_pointer(inode, p, offsets[i], &p);
		if (err)
			return err;
	}
	if (p && !ext2_block_valid(inode->i_sb, p)) {
		ext2_error(inode->i_sb, "ext2_get_block",
			   "inode #%lu: block %u of the file at bad disk block "
			   "%u",
			   inode->i_ino, iblock, p);
		return -EIO;
	}
	*pblock = p;
	return 0;
}

/* Copy disk block pblock (0: a hole) into dst, one block long. */
static int read_block(struct inode *inode, u32 pblock, char *dst)
{
	struct super_block *sb = inode->i_sb;
	struct buffer_head *bh;

	if (!pblock) {
		memset(dst, 0, sb->s_blocksize);
		return 0;
	}
	bh = sb_bread(sb, pblock);
	if (!bh) {
		ext2_error(sb, "ext2_readpage",
			   "inode #%lu: cannot read "
			   "block %u",
			   inode->i_ino, pblock);
		return -EIO;
	}
	memcpy(dst, bh->b_data, sb->s_blocksize);
	brelse(bh);
	return 0;
}

/*
 * Fill a page of a file (or directory, or slow symlink).  A 4 KiB block
 * is the page and goes straight from the disk into it; smaller blocks
 * come through the device's buffers.  Bytes past i_size read as zeros,
 * also for a process that maps the last page.
 */
int ext2_readpage(struct file *file, struct page *page)
{
	struct inode *inode = page->mapping->host;
	struct super_block *sb = inode->i_sb;
	unsigned int per_page = PAGE_SIZE >> sb->s_blocksize_bits, i;
	loff_t start = (loff_t)page->index << PAGE_SHIFT;
	char *addr = page_address(page);
	int err = 0;

	(void)file;
	for (i = 0; i < per_page && !err; i++) {
		loff_t pos = start + ((loff_t)i << sb->s_blocksize_bits);
		u32 pblock = 0;

		if (pos < inode->i_size)
			err = ext2_get_block(inode, pos >> sb->s_blocksize_bits,
					     &pblock);
		if (!err && pblock && per_page == 1)
			err = blkdev_read_page(sb->s_bdev,
					       (sector_t)pblock * BIO_SECTORS,
					       addr);
		else if (!err)
			err = read_block(inode, pblock,
					 addr + (i << sb->s_blocksize_bits));
	}
	if (!err && start + PAGE_SIZE > inode->i_size) {
		u32 valid = inode->i_size > start ? inode->i_size - start : 0;

		memset(addr + valid, 0, PAGE_SIZE - valid);
	}
	if (err)
		SetPageError(page);
	else
		SetPageUptodate(page);
	unlock_page(page);
	return err ? -EIO : 0;
}

/* mpage's get_block: the read-only map. */
static int ext2_map_block(struct inode *inode, u32 iblock, u32 *pblock,
			  int create)
{
	(void)create;
	return ext2_get_block(inode, iblock, pblock);
}

static void ext2_readpages(struct file *file, struct address_space *mapping,
			   struct page **pages, unsigned int nr)
{
	(void)mapping;
	mpage_readpages(file, pages, nr, ext2_map_block, ext2_readpage);
}

const struct address_space_operations ext2_aops = {
	.readpage = ext2_readpage,
	.readpages = ext2_readpages,
};
