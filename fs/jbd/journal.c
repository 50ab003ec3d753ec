/*
 * fs/jbd/journal.c - the journal superblock and the log's blocks on the
 * disk (fs/jbd/jbd.h draws the log).
 *
 * The log is written straight to the disk, never through the device's
 * page cache: a log block must reach the disk before the commit block
 * after it, and the cache writes whole pages whenever writeback likes.
 * The block layer moves 4 KiB at a time, so with smaller blocks a page
 * of the disk is read, the log blocks copied over their places in it,
 * and the page written back (the other blocks of the page keep what the
 * disk has; a cached copy of the page is locked meanwhile, so no write
 * of it is in flight, and gets the log blocks' new bytes so that it never
 * writes stale ones home).
 */
#include "fs/jbd/jbd.h"
#include "fs/block_dev.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/time/timer.h"
#include "kernel/panic.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/vm/filemap.h"
#include "mm/writeback/writeback.h"

_Static_assert(sizeof(journal_superblock_t) == 1024, "journal superblock");
_Static_assert(sizeof(journal_block_tag_t) == 8, "tag");

u32 jbd_bmap(journal_t *j, u32 lblock)
{
	unsigned int i;

	for (i = 0; i < j->j_nr_extents; i++) {
		struct jbd_extent *e = &j->j_map[i];

		if (lblock >= e->lblock && lblock - e->lblock < e->len)
			return e->pblock + (lblock - e->lblock);
	}
	return 0;
}

u32 jbd_log_used(journal_t *j)
{
	if (j->j_head >= j->j_tail)
		return j->j_head - j->j_tail;
	return (j->j_last - j->j_first) - (j->j_tail - j->j_head);
}

static unsigned int per_page(journal_t *j)
{
	return PAGE_SIZE >> j->j_blocksize_bits;
}

int jbd_read_block(journal_t *j, u32 lblock, void *buf)
{
	u32 p = jbd_bmap(j, lblock);
	unsigned int slot;
	struct page *page;
	int err;

	if (!p)
		return -EIO;
	page = alloc_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	slot = p % per_page(j);
	err = blkdev_read_page(j->j_dev,
			       (sector_t)(p - slot) *
				       (j->j_blocksize >> SECTOR_SHIFT),
			       page);
	if (!err)
		memcpy(buf, (char *)page_address(page) + slot * j->j_blocksize,
		       j->j_blocksize);
	__free_page(page);
	return err;
}

/*
 * One page of the disk: the log blocks of it that are set in `have`
 * (their bytes in bp), the rest as the disk holds them (read into tp).
 * Both are the caller's low pages.
 */
static int write_page(journal_t *j, u32 first, unsigned int have,
		      struct page *bp, struct page *tp)
{
	char *buf = page_address(bp), *tmp = page_address(tp);
	struct address_space *mapping = j->j_dev->bd_inode->i_mapping;
	unsigned int n = per_page(j), i, bs = j->j_blocksize;
	sector_t sector = (sector_t)first * (bs >> SECTOR_SHIFT);
	struct page *cached = find_lock_page(mapping, first / n);
	int err = 0;

	if (cached)
		wait_on_page_writeback(cached);
	if (have != (1u << n) - 1) {
		err = blkdev_read_page(j->j_dev, sector, tp);
		for (i = 0; i < n && !err; i++)
			if (!(have & (1u << i)))
				memcpy(buf + i * bs, tmp + i * bs, bs);
	}
	if (!err)
		err = blkdev_write_page(j->j_dev, sector, bp);
	if (cached) {
		for (i = 0; i < n && !err; i++)
			if (have & (1u << i))
				memcpy((char *)page_address(cached) + i * bs,
				       buf + i * bs, bs);
		unlock_page(cached);
		put_page(cached);
	}
	return err;
}

int jbd_write_blocks(journal_t *j, const u32 *blocks, const void *data,
		     unsigned int nr)
{
	unsigned int n = per_page(j), bs = j->j_blocksize, i, have = 0;
	struct page *bp = alloc_page(GFP_KERNEL), *tp = alloc_page(GFP_KERNEL);
	u32 first = 0;
	int err = 0;

	if (!bp || !tp) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < nr && !err; i++) {
		u32 p = jbd_bmap(j, blocks[i]);

		if (!p) {
			err = -EIO;
			break;
		}
		if (have && p - p % n != first) {
			err = write_page(j, first, have, bp, tp);
			have = 0;
		}
		first = p - p % n;
		memcpy((char *)page_address(bp) + (p % n) * bs,
		       (const char *)data + i * bs, bs);
		have |= 1u << (p % n);
	}
	if (have && !err)
		err = write_page(j, first, have, bp, tp);
out:
	if (bp)
		__free_page(bp);
	if (tp)
		__free_page(tp);
	return err;
}

int jbd_update_sb(journal_t *j)
{
	journal_superblock_t *jsb = j->j_superblock;
	u32 zero = 0;
	int err;

	jsb->s_sequence = be32(j->j_tail_sequence);
	jsb->s_start = be32(j->j_tail);
	jsb->s_errno = 0;
	/* Block 0: the superblock's 1024 bytes and zeros after them. */
	err = jbd_write_blocks(j, &zero, jsb, 1);
	if (err)
		printk(KERN_ERR "JBD2: error %d writing the journal superblock "
				"on %s\n",
		       err, j->j_dev->name);
	return err;
}

static int check_superblock(journal_t *j)
{
	journal_superblock_t *jsb = j->j_superblock;
	u32 type = be32(jsb->s_header.h_blocktype);
	u32 maxlen = be32(jsb->s_maxlen), first = be32(jsb->s_first);
	u32 log_blocks = 0;
	unsigned int i;

	for (i = 0; i < j->j_nr_extents; i++)
		log_blocks += j->j_map[i].len;
	if (be32(jsb->s_header.h_magic) != JBD2_MAGIC_NUMBER ||
	    (type != JBD2_SUPERBLOCK_V1 && type != JBD2_SUPERBLOCK_V2)) {
		printk(KERN_ERR "JBD2: no valid journal superblock found\n");
		return -EINVAL;
	}
	if (be32(jsb->s_blocksize) != j->j_blocksize || maxlen > log_blocks ||
	    first == 0 || first >= maxlen || maxlen - first < 32) {
		printk(KERN_ERR "JBD2: journal geometry bad: %u blocks of %u "
				"bytes, first %u, file of %u blocks\n",
		       maxlen, be32(jsb->s_blocksize), first, log_blocks);
		return -EINVAL;
	}
	if (type == JBD2_SUPERBLOCK_V2 &&
	    (jsb->s_feature_compat || jsb->s_feature_ro_compat ||
	     (be32(jsb->s_feature_incompat) & ~JBD2_FEATURE_INCOMPAT_REVOKE))) {
		printk(KERN_ERR "JBD2: Unrecognised features on journal "
				"(%x %x %x)\n",
		       be32(jsb->s_feature_compat),
		       be32(jsb->s_feature_incompat),
		       be32(jsb->s_feature_ro_compat));
		return -EINVAL;
	}
	j->j_first = first;
	j->j_last = maxlen;
	return 0;
}

journal_t *journal_init(struct block_device *bdev, unsigned int blocksize,
			u32 fs_blocks, const struct jbd_extent *map,
			unsigned int nr, int *err)
{
	journal_t *j = kzalloc(sizeof(*j), GFP_KERNEL);
	char *buf = kmalloc(blocksize, GFP_KERNEL);

	*err = -ENOMEM;
	if (!j || !buf || !(j->j_superblock = kzalloc(blocksize, GFP_KERNEL)))
		goto fail;
	*err = -EINVAL;
	if (nr > JBD_MAX_EXTENTS || !nr)
		goto fail;
	j->j_dev = bdev;
	j->j_blocksize = blocksize;
	j->j_blocksize_bits = __builtin_ctz(blocksize);
	j->j_blocks_count = fs_blocks;
	memcpy(j->j_map, map, nr * sizeof(*map));
	j->j_nr_extents = nr;
	*err = jbd_read_block(j, 0, buf);
	if (*err)
		goto fail;
	memcpy(j->j_superblock, buf, blocksize);
	*err = check_superblock(j);
	if (*err)
		goto fail;
	kfree(buf);
	j->j_tail_sequence = be32(j->j_superblock->s_sequence);
	j->j_tail = be32(j->j_superblock->s_start);
	j->j_transaction_sequence = j->j_tail_sequence;
	/* A quarter of the log: what a commit leaves free is at least half,
	 * so the largest transaction (this, and what its last handle adds)
	 * always fits. */
	j->j_max_buffers = (j->j_last - j->j_first) / 4;
	j->j_commit_interval = 5 * HZ;
	init_waitqueue_head(&j->j_wait_updates);
	init_waitqueue_head(&j->j_wait_barrier);
	sema_init(&j->j_commit_sem, 1);
	INIT_LIST_HEAD(&j->j_all);
	return j;
fail:
	kfree(buf);
	if (j)
		kfree(j->j_superblock);
	kfree(j);
	return NULL;
}

int journal_load(journal_t *j)
{
	BUG_ON(!journal_is_clean(j));
	j->j_checkpoint =
		kzalloc((j->j_last - j->j_first) * sizeof(*j->j_checkpoint),
			GFP_KERNEL);
	if (!j->j_checkpoint)
		return -ENOMEM;
	j->j_superblock->s_header.h_blocktype = be32(JBD2_SUPERBLOCK_V2);
	j->j_superblock->s_feature_incompat |=
		be32(JBD2_FEATURE_INCOMPAT_REVOKE);
	j->j_head = j->j_tail = j->j_first;
	j->j_tail_sequence = j->j_transaction_sequence;
	journal_add(j);
	return jbd_update_sb(j);
}

int journal_unload(journal_t *j)
{
	int err;

	journal_del(j);
	err = journal_force_commit(j);
	if (!err)
		err = journal_checkpoint(j);
	if (!err && !j->j_errno) {
		j->j_tail = 0; /* clean: nothing to replay */
		err = jbd_update_sb(j);
	}
	kfree(j->j_checkpoint);
	j->j_checkpoint = NULL;
	return err;
}

int journal_destroy(journal_t *j)
{
	int err = journal_loaded(j) ? journal_unload(j) : 0;

	kfree(j->j_superblock);
	kfree(j);
	return err;
}
