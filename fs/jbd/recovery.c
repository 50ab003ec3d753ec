/*
 * fs/jbd/recovery.c - replaying the log after a crash, in Linux's three
 * passes over it, from s_start (transaction s_sequence) on:
 *
 *   SCAN    follow the log block by block while each header has the
 *           magic and the expected transaction number; a commit block
 *           ends a transaction and the next number is expected.  Where
 *           this stops is the end: a transaction without its commit
 *           block (the crash came while it was being written) is not
 *           replayed.
 *   REVOKE  every revoke block of the committed transactions: block b
 *           revoked in transaction t (the latest t for each b).
 *   REPLAY  every copy a descriptor names is written to its home block,
 *           unless the block was revoked by its own transaction or a
 *           later one (it was freed, and may hold file data now).
 *
 * A copy's first four bytes come back from the tag's ESCAPE flag.  The
 * home blocks are written through the device's cache and waited for; then
 * the log is marked empty.
 */
#include "fs/jbd/jbd.h"
#include "fs/block_dev.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "mm/phys/slab.h"

enum pass { PASS_SCAN, PASS_REVOKE, PASS_REPLAY };

#define REVOKE_HASH 64

struct revoke_record {
	struct revoke_record *next;
	u32 block;
	tid_t tid;
};

struct recovery {
	tid_t start, end; /* the committed transactions: [start, end) */
	unsigned int replayed_blocks;
	struct revoke_record *hash[REVOKE_HASH];
	char *buf, *copy;
};

bool journal_is_clean(journal_t *j)
{
	return j->j_tail == 0;
}

static int set_revoke(struct recovery *r, u32 block, tid_t tid)
{
	struct revoke_record **head = &r->hash[block % REVOKE_HASH], *rec;

	for (rec = *head; rec; rec = rec->next)
		if (rec->block == block) {
			if (tid_gt(tid, rec->tid))
				rec->tid = tid;
			return 0;
		}
	rec = kmalloc(sizeof(*rec), GFP_KERNEL);
	if (!rec)
		return -ENOMEM;
	rec->block = block;
	rec->tid = tid;
	rec->next = *head;
	*head = rec;
	return 0;
}

static bool test_revoke(struct recovery *r, u32 block, tid_t tid)
{
	struct revoke_record *rec;

	for (rec = r->hash[block % REVOKE_HASH]; rec; rec = rec->next)
		if (rec->block == block)
			return !tid_gt(tid, rec->tid);
	return false;
}

static int scan_revoke_records(journal_t *j, struct recovery *r, tid_t tid)
{
	jbd2_journal_revoke_header_t *h = (void *)r->buf;
	u32 count = be32(h->r_count), off;
	int err = 0;

	if (count < sizeof(*h) || count > j->j_blocksize)
		return -EINVAL;
	for (off = sizeof(*h); off + 4 <= count && !err; off += 4)
		err = set_revoke(r, be32(*(u32 *)(r->buf + off)), tid);
	return err;
}

/* The home block of one copy: written through the device's cache. */
static int replay_block(journal_t *j, struct recovery *r, u32 home,
			const char *data, bool escaped)
{
	struct buffer_head *bh;

	if (home >= j->j_blocks_count) {
		printk(KERN_ERR "JBD2: block %u in the log is past the file "
				"system's end\n",
		       home);
		return -EIO;
	}
	bh = __bread(j->j_dev, home, j->j_blocksize);
	if (!bh)
		return -EIO;
	memcpy(bh->b_data, data, j->j_blocksize);
	if (escaped)
		*(u32 *)bh->b_data = be32(JBD2_MAGIC_NUMBER);
	mark_buffer_dirty(bh);
	brelse(bh);
	r->replayed_blocks++;
	return 0;
}

/* The tags of the descriptor in r->buf, the copies after it from *next on
 * (replayed in PASS_REPLAY); *next ends past the last copy. */
static int do_descriptor(journal_t *j, struct recovery *r, enum pass pass,
			 tid_t tid, u32 *next)
{
	unsigned int off = sizeof(journal_header_t), bs = j->j_blocksize;
	int err = 0;

	while (off + sizeof(journal_block_tag_t) <= bs) {
		journal_block_tag_t tag;
		u16 flags;

		memcpy(&tag, r->buf + off, sizeof(tag));
		flags = be16(tag.t_flags);
		off += sizeof(tag);
		if (!(flags & JBD2_FLAG_SAME_UUID))
			off += 16;
		if (pass == PASS_REPLAY &&
		    !test_revoke(r, be32(tag.t_blocknr), tid)) {
			err = jbd_read_block(j, *next, r->copy);
			if (!err)
				err = replay_block(j, r, be32(tag.t_blocknr),
						   r->copy,
						   flags & JBD2_FLAG_ESCAPE);
			if (err)
				return err;
		}
		*next = jbd_next(j, *next);
		if (flags & JBD2_FLAG_LAST_TAG)
			break;
	}
	return 0;
}

static int do_one_pass(journal_t *j, struct recovery *r, enum pass pass)
{
	u32 block = j->j_tail;
	tid_t tid = r->start;
	u32 steps = 0, len = j->j_last - j->j_first;
	int err = 0;

	while (steps++ <= len) {
		journal_header_t *h = (void *)r->buf;

		if (pass != PASS_SCAN && tid == r->end)
			break;
		err = jbd_read_block(j, block, r->buf);
		if (err)
			break;
		if (be32(h->h_magic) != JBD2_MAGIC_NUMBER ||
		    be32(h->h_sequence) != tid)
			break;
		block = jbd_next(j, block);
		switch (be32(h->h_blocktype)) {
		case JBD2_DESCRIPTOR_BLOCK:
			err = do_descriptor(j, r, pass, tid, &block);
			break;
		case JBD2_COMMIT_BLOCK:
			tid++;
			break;
		case JBD2_REVOKE_BLOCK:
			if (pass == PASS_REVOKE)
				err = scan_revoke_records(j, r, tid);
			break;
		default:
			steps = len + 1; /* not a log block: the end */
		}
		if (err)
			break;
	}
	if (pass == PASS_SCAN)
		r->end = tid;
	return err;
}

int journal_recover(journal_t *j, unsigned int *replayed)
{
	struct recovery r;
	int err = -ENOMEM, e;
	unsigned int i;

	*replayed = 0;
	if (journal_is_clean(j)) {
		j->j_transaction_sequence = j->j_tail_sequence + 1;
		return 0;
	}
	memset(&r, 0, sizeof(r));
	r.start = j->j_tail_sequence;
	r.buf = kmalloc(j->j_blocksize, GFP_KERNEL);
	r.copy = kmalloc(j->j_blocksize, GFP_KERNEL);
	if (r.buf && r.copy) {
		err = do_one_pass(j, &r, PASS_SCAN);
		if (!err)
			err = do_one_pass(j, &r, PASS_REVOKE);
		if (!err)
			err = do_one_pass(j, &r, PASS_REPLAY);
	}
	e = sync_blockdev(j->j_dev);
	err = err ? err : e;
	printk(KERN_INFO "JBD2: recovery on %s: transactions %u to %u, %u "
			 "blocks replayed%s\n",
	       j->j_dev->name, r.start, r.end - 1, r.replayed_blocks,
	       err ? ", failed" : "");
	*replayed = r.end - r.start;
	for (i = 0; i < REVOKE_HASH; i++)
		while (r.hash[i]) {
			struct revoke_record *rec = r.hash[i];

			r.hash[i] = rec->next;
			kfree(rec);
		}
	kfree(r.buf);
	kfree(r.copy);
	if (err)
		return err;
	/* Every transaction is home: the log is empty, and the next
	 * number is past every one in it. */
	j->j_transaction_sequence = r.end + 1;
	j->j_tail_sequence = j->j_transaction_sequence;
	j->j_tail = 0;
	return jbd_update_sb(j);
}
