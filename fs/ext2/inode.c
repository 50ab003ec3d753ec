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
#include "mm/phys/highmem.h"
#include "mm/phys/slab.h"
#include "fs/generic_file.h"
#include "fs/truncate.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/time/time.h"
#include "mm/vm/filemap.h"
#include "mm/writeback/writeback.h"

struct ext2_inode *ext2_get_inode(struct super_block *sb, unsigned long ino,
				  struct buffer_head **bhp)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long group = (ino - 1) / sbi->s_es->s_inodes_per_group;
	unsigned long index = (ino - 1) % sbi->s_es->s_inodes_per_group;
	struct ext2_group_desc *gd = ext2_get_group_desc(sb, group, NULL);
	u32 block = gd->bg_inode_table + index / sbi->s_inodes_per_block;

	*bhp = sb_bread(sb, block);
	if (!*bhp) {
		ext2_error(sb, "ext2_get_inode",
			   "unable to read inode block - inode=%lu, block=%u",
			   ino, block);
		return NULL;
	}
	return (struct ext2_inode *)((*bhp)->b_data +
				     (index % sbi->s_inodes_per_block) *
					     sbi->s_inode_size);
}

static u32 sb_ipg(struct super_block *sb)
{
	return EXT2_SB(sb)->s_es->s_inodes_per_group;
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
		/* Only a regular file's pages hold data: they may be high. */
		mapping_set_gfp_mask(inode->i_mapping, GFP_HIGHUSER);
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

/* The time fields of a large inode, or NULL when it has none. */
static struct ext2_inode_extra *inode_extra(struct super_block *sb,
					    struct ext2_inode *raw)
{
	struct ext2_inode_extra *x =
		(void *)((u8 *)raw + EXT2_GOOD_OLD_INODE_SIZE);
	unsigned int room = EXT2_SB(sb)->s_inode_size - EXT2_GOOD_OLD_INODE_SIZE;

	if (room < sizeof(*x) || x->i_extra_isize < sizeof(*x) ||
	    x->i_extra_isize > room)
		return NULL;
	return x;
}

static long extra_nsec(u32 extra)
{
	return extra >> 2 < 1000000000 ? (long)(extra >> 2) : 0;
}

/* Fill a new in-memory inode from disk. */
static int read_inode(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct buffer_head *bh;
	struct ext2_inode *raw = ext2_get_inode(sb, inode->i_ino, &bh);
	struct ext2_inode_extra *x;

	if (!raw)
		return -EIO;
	x = inode_extra(sb, raw);
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
	inode->i_atime.tv_nsec = x ? extra_nsec(x->i_atime_extra) : 0;
	inode->i_mtime.tv_nsec = x ? extra_nsec(x->i_mtime_extra) : 0;
	inode->i_ctime.tv_nsec = x ? extra_nsec(x->i_ctime_extra) : 0;
	inode->i_blocks = raw->i_blocks;
	inode->i_blkbits = sb->s_blocksize_bits;
	ei->i_dtime = raw->i_dtime;
	ei->i_block_group = (inode->i_ino - 1) / sb_ipg(sb);
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
	inode = ilookup(sb, ino);
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
	sema_init(&ei->i_map_sem, 1);
	list_add(&ei->i_list, &sbi->s_inodes);
	err = read_inode(inode);
	if (err)
		list_del_init(&ei->i_list); /* nobody may find it */
	else
		insert_inode_hash(inode);
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

/* Where a new block for slot (in the pointer array that starts at start
 * and lives in block `parent`, 0 for the inode) should go: after the
 * nearest block before it, else after its parent (Linux's
 * ext2_find_near); 0 lets ext2_new_block take the inode's group. */
static u32 find_near(u32 *start, u32 *slot, u32 parent)
{
	u32 *p;

	for (p = slot; p > start; p--)
		if (p[-1])
			return p[-1] + 1;
	return parent ? parent + 1 : 0;
}

/* A new block for *slot; an indirect block is zeroed first.  0 with *err
 * set when none is left. */
static u32 alloc_block(struct inode *inode, u32 goal, bool indirect, int *err)
{
	u32 block = ext2_new_block(inode, goal, err);
	struct buffer_head *bh;

	if (!block || !indirect)
		return block;
	bh = sb_bread(inode->i_sb, block);
	if (!bh) {
		ext2_free_blocks(inode, block, 1);
		*err = -EIO;
		return 0;
	}
	memset(bh->b_data, 0, bh->b_size);
	mark_buffer_dirty(bh);
	brelse(bh);
	return block;
}

static int bad_pointer(struct inode *inode, u32 iblock, u32 p)
{
	ext2_error(inode->i_sb, "ext2_get_block",
		   "inode #%lu: block %u of the file at bad disk block %u",
		   inode->i_ino, iblock, p);
	return -EIO;
}

/*
 * Walk (and with create, fill) the path to iblock.  At each level slot
 * points at the pointer to follow: in i_data, then inside the held
 * buffer bh of the pointer block above.  A block allocated at level i < depth
 * is an indirect block (zeroed); the last one is the data block.
 */
static int get_block_locked(struct inode *inode, u32 iblock, u32 *pblock,
			    int create)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	u32 offsets[4], parent = 0, p;
	int depth = block_to_path(inode, iblock, offsets), i, err = 0;
	struct buffer_head *bh = NULL;
	u32 *start = ei->i_data, *slot = ei->i_data + offsets[0];

	if (depth < 0)
		return create ? -EFBIG : -EIO;
	for (i = 0;; i++) {
		p = *slot;
		if (!p && create) {
			p = alloc_block(inode, find_near(start, slot, parent),
					i < depth, &err);
			if (!p)
				break;
			*slot = p;
			if (bh)
				mark_buffer_dirty(bh);
		}
		if (p && !ext2_block_valid(inode->i_sb, p)) {
			err = bad_pointer(inode, iblock, p);
			break;
		}
		if (!p || i == depth)
			break;
		brelse(bh);
		/* Reclaim's writepage may neither allocate nor wait for a
		 * read: an indirect block not in the cache leaves the page
		 * dirty for the flusher. */
		if (current->flags & PF_MEMALLOC) {
			bh = sb_find_get_block(inode->i_sb, p);
			if (!bh) {
				err = -EAGAIN;
				break;
			}
		} else if (!(bh = sb_bread(inode->i_sb, p))) {
			ext2_error(inode->i_sb, "ext2_get_block",
				   "inode #%lu: cannot read indirect block %u",
				   inode->i_ino, p);
			err = -EIO;
			break;
		}
		parent = p;
		start = (u32 *)bh->b_data;
		slot = start + offsets[i + 1];
	}
	brelse(bh);
	if (err)
		return err;
	*pblock = p;
	return 0;
}

int ext2_get_block(struct inode *inode, u32 iblock, u32 *pblock, int create)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	int err;

	down(&ei->i_map_sem);
	err = get_block_locked(inode, iblock, pblock, create);
	up(&ei->i_map_sem);
	return err;
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
	char *addr = kmap(page);	/* the reads below sleep */
	int err = 0;

	(void)file;
	for (i = 0; i < per_page && !err; i++) {
		loff_t pos = start + ((loff_t)i << sb->s_blocksize_bits);
		u32 pblock = 0;

		if (pos < inode->i_size)
			err = ext2_get_block(inode, pos >> sb->s_blocksize_bits,
					     &pblock, 0);
		if (!err && pblock && per_page == 1)
			err = blkdev_read_page(sb->s_bdev,
					       (sector_t)pblock * BIO_SECTORS,
					       page);
		else if (!err)
			err = read_block(inode, pblock,
					 addr + (i << sb->s_blocksize_bits));
	}
	if (!err && start + PAGE_SIZE > inode->i_size) {
		u32 valid = inode->i_size > start ? inode->i_size - start : 0;

		memset(addr + valid, 0, PAGE_SIZE - valid);
	}
	kunmap(page);
	if (err)
		SetPageError(page);
	else
		SetPageUptodate(page);
	unlock_page(page);
	return err ? -EIO : 0;
}

static bool all_zero(const char *p, u32 n)
{
	while (n && !*p) {
		p++;
		n--;
	}
	return !n;
}

/* A smaller block goes into its buffer in the device's cache, which the
 * device's writeback writes with the metadata around it. */
static int write_buffer(struct super_block *sb, u32 pblock, const char *data)
{
	struct buffer_head *bh;

	/* Reclaim may not read the block's page in: the flusher will. */
	if (current->flags & PF_MEMALLOC) {
		bh = sb_find_get_block(sb, pblock);
		if (!bh)
			return -EAGAIN;
	} else if (!(bh = sb_bread(sb, pblock))) {
		return -EIO;
	}
	memcpy(bh->b_data, data, bh->b_size);
	mark_buffer_dirty(bh);
	brelse(bh);
	return 0;
}

/*
 * Write the page's blocks that lie inside i_size.  A block that is a
 * hole stays one while the page holds zeros there; one that a process
 * wrote through a shared mapping gets a block now (not from reclaim,
 * which must not wait for the allocator's locks: then -EAGAIN).
 */
static int write_blocks(struct inode *inode, struct page *page, bool may_alloc)
{
	struct super_block *sb = inode->i_sb;
	unsigned int bits = sb->s_blocksize_bits;
	unsigned int per_page = PAGE_SIZE >> bits, i;
	loff_t start = (loff_t)page->index << PAGE_SHIFT;
	char *addr = kmap(page);	/* write_buffer may sleep */
	int err = 0;

	for (i = 0; i < per_page && !err; i++) {
		u32 iblock = page->index * per_page + i, pblock = 0;
		char *data = addr + (i << bits);

		if (start + ((loff_t)i << bits) >= inode->i_size)
			break;
		err = get_block_locked(inode, iblock, &pblock, 0);
		if (!err && !pblock && !all_zero(data, sb->s_blocksize))
			err = may_alloc ? get_block_locked(inode, iblock,
							   &pblock, 1) :
					  -EAGAIN;
		if (err || !pblock)
			continue;
		if (per_page == 1)
			mpage_write_page(page, (sector_t)pblock * BIO_SECTORS);
		else
			err = write_buffer(sb, pblock, data);
	}
	kunmap(page);
	return err;
}

/*
 * Whether a page of the file may go to its blocks straight from the page.
 * On ext3 with blocks smaller than a page the file's data lives in the
 * device's buffers and is logged with the metadata (docs/jbd.md): a write
 * beside the log would let a replay put an older logged copy over it.
 */
static bool data_direct(struct inode *inode)
{
	return !EXT2_SB(inode->i_sb)->s_journal ||
	       inode->i_sb->s_blocksize == PAGE_SIZE;
}

/*
 * Write a locked dirty page of a file or directory to its blocks; the
 * page stays locked.  The part past i_size is zeroed first, as Linux's
 * block_write_full_page does: a process that wrote there through a
 * mapping wrote to no file.  A page wholly past i_size (truncated
 * meanwhile) has nothing to write.  A page whose blocks follow each
 * other on the disk goes there with one bio (also 1 KiB blocks: four in
 * a row are a page of the disk); any other block by block.
 */
int ext2_writepage(struct page *page)
{
	struct inode *inode = page->mapping->host;
	struct ext2_inode_info *ei = EXT2_I(inode);
	bool reclaim = current->flags & PF_MEMALLOC;
	loff_t start = (loff_t)page->index << PAGE_SHIFT;
	sector_t sector;
	/* ext3: never waits for a commit, which may want this page. */
	handle_t *h = ext3_journal_start(inode->i_sb, true);
	int err = 0;

	BUG_ON(!PageLocked(page));
	if (IS_ERR(h))
		return -EAGAIN;
	if (!reclaim) {
		down(&ei->i_map_sem);
	} else if (down_trylock(&ei->i_map_sem)) {
		ext3_journal_stop(h);
		return -EAGAIN;
	}
	clear_page_dirty_for_io(page);
	sector = data_direct(inode)
			 ? mpage_page_sector(inode, page, get_block_locked)
			 : 0;
	if (sector) {
		mpage_write_page(page, sector);
	} else if (start < inode->i_size) {
		if (inode->i_size - start < PAGE_SIZE)
			memzero_page(page, inode->i_size - start,
				     PAGE_SIZE - (inode->i_size - start));
		err = write_blocks(inode, page, !reclaim);
	}
	up(&ei->i_map_sem);
	ext3_journal_stop(h);
	if (err) {
		set_page_dirty(page);
		if (err != -EAGAIN)
			mapping_set_error(page->mapping, err);
	}
	return err;
}

/* Writeback's walk: runs of pages in one bio each (fs/mpage.c). */
static int ext2_writepages(struct address_space *mapping,
			   struct writeback_control *wbc)
{
	if (!data_direct(mapping->host))
		return generic_writepages(mapping, wbc);
	return mpage_writepages(mapping, wbc, ext2_get_block, ext2_writepage);
}

/* Before a write copies into bytes from..to of the page: the blocks under
 * them exist (allocated now where there were holes).  The page is up to
 * date or wholly overwritten, so a new block's bytes that the write does
 * not cover are the page's zeros when it is written. */
static int ext2_prepare_write(struct file *file, struct page *page,
			      unsigned int from, unsigned int to)
{
	struct inode *inode = page->mapping->host;
	unsigned int bits = inode->i_sb->s_blocksize_bits, b;
	u32 first = page->index << (PAGE_SHIFT - bits), pblock;
	int err;

	handle_t *h;

	(void)file;
	if (inode->i_sb->s_flags & MS_RDONLY) /* errors=remount-ro since */
		return -EROFS;
	if (((loff_t)page->index << PAGE_SHIFT) + to >
	    ext2_max_size(inode->i_sb))
		return -EFBIG;
	/* ext3: the handle lasts to commit_write.  A commit may want this
	 * page's lock while we wait for it: the lock is let go meanwhile
	 * (i_sem keeps truncate away). */
	if (!current_journal_handle() && EXT2_SB(inode->i_sb)->s_journal) {
		unlock_page(page);
		h = ext3_journal_start(inode->i_sb, false);
		lock_page(page);
	} else {
		h = ext3_journal_start(inode->i_sb, false);
	}
	if (IS_ERR(h))
		return PTR_ERR(h);
	for (b = from >> bits; b <= (to - 1) >> bits; b++) {
		err = ext2_get_block(inode, first + b, &pblock, 1);
		if (err) {
			ext3_journal_stop(h);
			return err;
		}
	}
	return 0;
}

/* After the copy (i_size already covers it): the inode's new size and
 * block pointers go into its table block. */
static int ext2_commit_write(struct file *file, struct page *page,
			     unsigned int from, unsigned int to)
{
	struct super_block *sb = page->mapping->host->i_sb;
	int err;

	(void)file;
	(void)from;
	(void)to;
	err = ext2_write_inode(page->mapping->host, false);
	if (journal_loaded(EXT2_SB(sb)->s_journal)) /* prepare_write's */
		ext3_journal_stop(current_journal_handle());
	return err;
}

static void ext2_readpages(struct file *file, struct address_space *mapping,
			   struct page **pages, unsigned int nr)
{
	(void)mapping;
	mpage_readpages(file, pages, nr, ext2_get_block, ext2_readpage);
}

const struct address_space_operations ext2_aops = {
	.readpage = ext2_readpage,
	.readpages = ext2_readpages,
	.writepage = ext2_writepage,
	.writepages = ext2_writepages,
	.set_page_dirty = __set_page_dirty_nobuffers,
	.prepare_write = ext2_prepare_write,
	.commit_write = ext2_commit_write,
};

/* A device's number in i_block, as Linux's ext2_write_inode: the old
 * 8:8 encoding in the first pointer when it fits, else the new one in
 * the second. */
static void encode_dev(struct ext2_inode *raw, dev_t dev)
{
	memset(raw->i_block, 0, sizeof(raw->i_block));
	if (MAJOR(dev) < 256 && MINOR(dev) < 256)
		raw->i_block[0] = MAJOR(dev) << 8 | MINOR(dev);
	else
		raw->i_block[1] = new_encode_dev(dev);
}

/* The raw inode as the in-memory one says; the bytes past the first 128
 * of a larger inode are left as they are. */
static void fill_raw_inode(struct inode *inode, struct ext2_inode *raw)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	struct ext2_inode_extra *x = inode_extra(inode->i_sb, raw);

	raw->i_mode = inode->i_mode;
	raw->i_uid = inode->i_uid & 0xffff;
	raw->l_i_uid_high = inode->i_uid >> 16;
	raw->i_gid = inode->i_gid & 0xffff;
	raw->l_i_gid_high = inode->i_gid >> 16;
	raw->i_links_count = inode->i_nlink;
	raw->i_size = (u32)inode->i_size;
	if (S_ISREG(inode->i_mode))
		raw->i_size_high = (u64)inode->i_size >> 32;
	raw->i_atime = inode->i_atime.tv_sec;
	raw->i_ctime = inode->i_ctime.tv_sec;
	raw->i_mtime = inode->i_mtime.tv_sec;
	if (x) {
		x->i_atime_extra = (u32)inode->i_atime.tv_nsec << 2;
		x->i_ctime_extra = (u32)inode->i_ctime.tv_nsec << 2;
		x->i_mtime_extra = (u32)inode->i_mtime.tv_nsec << 2;
	}
	raw->i_dtime = ei->i_dtime;
	raw->i_blocks = inode->i_blocks;
	raw->i_file_acl = ei->i_file_acl;
	if (S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode))
		encode_dev(raw, inode->i_rdev);
	else
		memcpy(raw->i_block, ei->i_data, sizeof(raw->i_block));
}

int ext2_write_inode(struct inode *inode, bool sync)
{
	struct super_block *sb = inode->i_sb;
	struct buffer_head *bh;
	struct ext2_inode *raw;
	struct ext2_inode old;
	struct ext2_inode_extra old_x, *x;
	handle_t *h = ext3_journal_start(sb, false);
	int err = 0;

	if (IS_ERR(h))
		return PTR_ERR(h);
	raw = ext2_get_inode(sb, inode->i_ino, &bh);
	if (!raw) {
		ext3_journal_stop(h);
		return -EIO;
	}
	if (inode->i_size > 0x7fffffff && S_ISREG(inode->i_mode) &&
	    !(EXT2_SB(sb)->s_es->s_feature_ro_compat &
	      EXT2_FEATURE_RO_COMPAT_LARGE_FILE)) {
		EXT2_SB(sb)->s_es->s_feature_ro_compat |=
			EXT2_FEATURE_RO_COMPAT_LARGE_FILE;
		mark_buffer_dirty(EXT2_SB(sb)->s_sbh);
	}
	old = *raw;
	x = inode_extra(sb, raw);
	if (x)
		old_x = *x;
	fill_raw_inode(inode, raw);
	if (memcmp(&old, raw, sizeof(old)) ||
	    (x && memcmp(&old_x, x, sizeof(old_x))))
		mark_buffer_dirty(bh);
	if (sync && buffer_dirty(bh))
		err = sync_dirty_buffer(bh);
	brelse(bh);
	ext3_journal_stop(h);
	return err;
}

/*
 * Freeing a file's blocks.  A pointer at `depth` levels above the data
 * (0: it names a data block) covers `span` = apb^depth file blocks from
 * `base`.  free_tree frees what it names, all of it; trim_tree keeps the
 * file blocks below `first` and frees the rest, writing zeros into the
 * pointers it cleared.
 */
struct trunc {
	struct inode *inode;
	u32 apb;
	u32 apb_bits;
	u32 run_start; /* a run of data blocks to free at once */
	u32 run_len;
};

static void flush_run(struct trunc *t)
{
	if (t->run_len)
		ext2_free_blocks(t->inode, t->run_start, t->run_len);
	t->run_len = 0;
}

static void free_data_block(struct trunc *t, u32 block)
{
	if (t->run_len && block == t->run_start + t->run_len) {
		t->run_len++;
		return;
	}
	flush_run(t);
	t->run_start = block;
	t->run_len = 1;
}

static void free_tree(struct trunc *t, u32 block, int depth)
{
	struct buffer_head *bh;
	u32 i;

	if (!ext2_block_valid(t->inode->i_sb, block)) {
		ext2_error(t->inode->i_sb, "ext2_truncate",
			   "inode #%lu: bad block %u not freed",
			   t->inode->i_ino, block);
		return;
	}
	if (!depth) {
		free_data_block(t, block);
		return;
	}
	bh = sb_bread(t->inode->i_sb, block);
	if (bh) {
		for (i = 0; i < t->apb; i++) {
			u32 child = ((u32 *)bh->b_data)[i];

			if (child)
				free_tree(t, child, depth - 1);
		}
		brelse(bh);
	}
	flush_run(t);
	ext2_free_blocks(t->inode, block, 1);
}

static void trim_tree(struct trunc *t, u32 *p, int depth, u64 base, u64 first)
{
	u64 span = (u64)1 << (depth * t->apb_bits), child_span;
	struct buffer_head *bh;
	u32 i;

	if (!*p || base + span <= first)
		return;
	if (base >= first) {
		free_tree(t, *p, depth);
		*p = 0;
		return;
	}
	if (!ext2_block_valid(t->inode->i_sb, *p))
		return;
	bh = sb_bread(t->inode->i_sb, *p);
	if (!bh)
		return;
	child_span = span >> t->apb_bits;
	for (i = 0; i < t->apb; i++) {
		u32 *slot = (u32 *)bh->b_data + i;
		u32 before = *slot;

		trim_tree(t, slot, depth - 1, base + i * child_span, first);
		if (*slot != before)
			mark_buffer_dirty(bh);
	}
	brelse(bh);
}

/* Free every block of the file from file block `first` on. */
static void free_from(struct inode *inode, u64 first)
{
	struct ext2_inode_info *ei = EXT2_I(inode);
	u32 bits = inode->i_sb->s_blocksize_bits - 2;
	struct trunc t = { inode, 1u << bits, bits, 0, 0 };
	u64 base = EXT2_NDIR_BLOCKS;
	int i;

	for (i = 0; i < EXT2_NDIR_BLOCKS; i++)
		trim_tree(&t, &ei->i_data[i], 0, i, first);
	for (i = 1; i <= 3; i++) {
		u64 span = (u64)1 << (i * bits);

		trim_tree(&t, &ei->i_data[EXT2_IND_BLOCK + i - 1], i, base,
			  first);
		base += span;
	}
	flush_run(&t);
}

loff_t ext2_max_size(struct super_block *sb)
{
	u32 bits = sb->s_blocksize_bits - 2;
	u64 blocks = EXT2_NDIR_BLOCKS + (1ull << bits) + (1ull << 2 * bits) +
		     (1ull << 3 * bits);
	/* i_blocks counts 512-byte sectors in 32 bits, indirect blocks
	 * included: leave room for them. */
	u64 sectors_max = (0xffffffffull >> (sb->s_blocksize_bits - 9)) -
			  (1ull << 2 * bits) - (1ull << bits) - 2;

	if (blocks > sectors_max)
		blocks = sectors_max;
	if (blocks << sb->s_blocksize_bits > MAX_LFS_FILESIZE)
		return MAX_LFS_FILESIZE;
	return blocks << sb->s_blocksize_bits;
}

/* A regular file, directory or slow symlink: i_data holds pointers. */
static bool has_block_map(struct inode *inode)
{
	return S_ISREG(inode->i_mode) || S_ISDIR(inode->i_mode) ||
	       (S_ISLNK(inode->i_mode) && !is_fast_symlink(inode));
}

/* The part of the block holding `size` past it must read as zeros when
 * the file grows again: bring its page in, for truncate_inode_pages to
 * zero and dirty. */
static int read_tail_page(struct inode *inode, loff_t size)
{
	struct page *page;
	int err;

	if (!(size & (inode->i_sb->s_blocksize - 1)) || size >= inode->i_size)
		return 0;
	err = read_mapping_page(inode->i_mapping, size >> PAGE_SHIFT, NULL,
				&page);
	if (!err)
		put_page(page);
	return err;
}

int ext2_truncate(struct inode *inode, loff_t size)
{
	struct super_block *sb = inode->i_sb;
	loff_t old = inode->i_size;
	handle_t *h;
	int err;

	if (size < 0)
		return -EINVAL;
	if (!has_block_map(inode))
		return -EINVAL;
	if (size > ext2_max_size(sb))
		return -EFBIG;
	err = read_tail_page(inode, size);
	if (err)
		return err;
	h = ext3_journal_start(sb, false);
	if (IS_ERR(h))
		return PTR_ERR(h);
	err = vmtruncate(inode, size);
	if (!err && size < old) {
		down(&EXT2_I(inode)->i_map_sem);
		free_from(inode, ((u64)size + sb->s_blocksize - 1) >>
					 sb->s_blocksize_bits);
		up(&EXT2_I(inode)->i_map_sem);
	}
	if (!err)
		err = ext2_write_inode(inode, false);
	ext3_journal_stop(h);
	return err;
}

int ext2_sync_inode(struct inode *inode)
{
	int err = filemap_write_and_wait(inode->i_mapping);
	int e = ext2_write_inode(inode, false);

	return err ? err : e;
}

/* Called by ext2_drop_inode with s_inodes_sem held, the inode unused
 * and unlinked: its pages go unwritten, its blocks and number are freed,
 * i_dtime tells e2fsck it was deleted on purpose. */
void ext2_drop_inode_data(struct inode *inode)
{
	struct ext2_inode_info *ei = EXT2_I(inode);

	truncate_inode_pages(inode->i_mapping, 0);
	if (has_block_map(inode)) {
		down(&ei->i_map_sem);
		free_from(inode, 0);
		up(&ei->i_map_sem);
	}
	inode->i_size = 0;
	ei->i_dtime = get_seconds();
	ext2_write_inode(inode, false);
	ext2_free_inode(inode);
}
