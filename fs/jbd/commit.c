/*
 * fs/jbd/commit.c - committing the running transaction, checkpointing,
 * and the thread that commits every few seconds.
 *
 * A commit (fsync, sync, unmount, a full transaction, the timer):
 *
 *   1. j_barrier: new handles wait; wait until the open ones stop
 *   2. ordered data: the file system writes its dirty file pages
 *      (j_flush_data) and waits, so every block the transaction's
 *      metadata points to holds its data before that metadata can
 *      count; what this writes into the device's buffers joins the
 *      transaction (the committer holds a handle on it)
 *   3. the log, from j_head: descriptor blocks, each followed by copies
 *      of the buffers its tags name; revoke blocks; written and waited
 *      for; then the commit block, written and waited for.  From here
 *      a crash replays the transaction.
 *   4. each buffer leaves the transaction: BH_JDirty off, dirty in the
 *      device's cache (its page may go home now), on the checkpoint list
 *   5. a log more than half used is checkpointed: every dirty block of
 *      the device written home and waited for, the tail moved up to the
 *      head in the journal superblock; the buffers are let go
 *
 * No handle runs during a commit, so the buffers are copied into the
 * log as they are (Linux copies a buffer a new handle wants to change
 * instead: "frozen data").
 */
#include "fs/jbd/jbd.h"
#include "fs/block_dev.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "mm/locking.h"
#include "mm/phys/slab.h"

/* Log blocks being built: their bytes and where they go. */
struct log_batch {
	journal_t *j;
	char *data;
	u32 *where;
	unsigned int nr, max;
};

static int batch_flush(struct log_batch *b)
{
	int err = b->nr ? jbd_write_blocks(b->j, b->where, b->data, b->nr) : 0;

	b->nr = 0;
	return err;
}

/* The next log block: its bytes in the batch, zeroed. */
static char *batch_add(struct log_batch *b, int *err)
{
	journal_t *j = b->j;
	char *p;

	if (b->nr == b->max && (*err = batch_flush(b)))
		return NULL;
	p = b->data + b->nr * j->j_blocksize;
	memset(p, 0, j->j_blocksize);
	b->where[b->nr++] = j->j_head;
	j->j_head = jbd_next(j, j->j_head);
	return p;
}

static void header(void *p, u32 type, tid_t tid)
{
	journal_header_t *h = p;

	h->h_magic = be32(JBD2_MAGIC_NUMBER);
	h->h_blocktype = be32(type);
	h->h_sequence = be32(tid);
}

/* Descriptors and copies of every buffer. */
static int log_buffers(struct log_batch *b, transaction_t *t)
{
	journal_t *j = b->j;
	unsigned int bs = j->j_blocksize, i, off = 0, ntags = 0;
	journal_block_tag_t *tag = NULL;
	char *desc = NULL, *copy;
	int err = 0;

	for (i = 0; i < t->t_nr_buffers; i++) {
		struct buffer_head *bh = t->t_buffers[i];
		u16 flags = 0;

		if (!desc || off + sizeof(*tag) + 16 > bs ||
		    ntags == b->max - 1) {
			/* A descriptor and its copies go to the disk in one
			 * batch: it is complete when it is written. */
			if ((err = batch_flush(b)) ||
			    !(desc = batch_add(b, &err)))
				return err;
			ntags = 0;
			header(desc, JBD2_DESCRIPTOR_BLOCK, t->t_tid);
			off = sizeof(journal_header_t);
		} else {
			flags |= JBD2_FLAG_SAME_UUID;
		}
		tag = (journal_block_tag_t *)(desc + off);
		off += sizeof(*tag);
		ntags++;
		if (!(flags & JBD2_FLAG_SAME_UUID)) {
			memcpy(desc + off, j->j_superblock->s_uuid, 16);
			off += 16;
		}
		if (!(copy = batch_add(b, &err)))
			return err;
		memcpy(copy, bh->b_data, bs);
		if (be32(*(u32 *)copy) == JBD2_MAGIC_NUMBER) {
			*(u32 *)copy = 0;
			flags |= JBD2_FLAG_ESCAPE;
		}
		tag->t_blocknr = be32(bh->b_blocknr);
		/* The last tag of a descriptor: the next one starts a new
		 * descriptor, or none follows. */
		if (i + 1 == t->t_nr_buffers || off + sizeof(*tag) + 16 > bs ||
		    ntags == b->max - 1)
			flags |= JBD2_FLAG_LAST_TAG;
		tag->t_flags = be16(flags);
	}
	return 0;
}

static int log_revokes(struct log_batch *b, transaction_t *t)
{
	journal_t *j = b->j;
	jbd2_journal_revoke_header_t *h = NULL;
	unsigned int i, off = 0;
	int err = 0;

	for (i = 0; i < t->t_nr_revoke; i++) {
		if (!h || off + 4 > j->j_blocksize) {
			if (!(h = (void *)batch_add(b, &err)))
				return err;
			header(h, JBD2_REVOKE_BLOCK, t->t_tid);
			off = sizeof(*h);
		}
		*(u32 *)((char *)h + off) = be32(t->t_revoke[i]);
		off += 4;
		h->r_count = be32(off);
	}
	return 0;
}

/* Step 3: the log, then the commit block by itself, each waited for. */
static int write_log(journal_t *j, transaction_t *t)
{
	struct log_batch b = { .j = j, .max = 32 };
	struct commit_header *c;
	int err = -ENOMEM;

	b.data = kmalloc(b.max * j->j_blocksize, GFP_KERNEL);
	b.where = kmalloc(b.max * sizeof(u32), GFP_KERNEL);
	if (b.data && b.where) {
		err = log_buffers(&b, t);
		if (!err)
			err = log_revokes(&b, t);
		if (!err)
			err = batch_flush(&b);
	}
	if (!err && (c = (void *)batch_add(&b, &err))) {
		header(c, JBD2_COMMIT_BLOCK, t->t_tid);
		/* A big-endian 64-bit count: its high half first. */
		((u32 *)&c->h_commit_sec)[1] = be32(get_seconds());
		err = batch_flush(&b);
	}
	kfree(b.data);
	kfree(b.where);
	return err;
}

/* Step 4: the buffers to the checkpoint list, dirty for writeback. */
static void file_checkpoint(journal_t *j, transaction_t *t, bool logged)
{
	unsigned int i;

	for (i = 0; i < t->t_nr_buffers; i++) {
		struct buffer_head *bh = t->t_buffers[i];
		u32 flags = atomic_begin();

		bh->b_state &= ~(1ul << BH_JDirty);
		if (!logged || (bh->b_state & (1ul << BH_JLogged))) {
			atomic_end(flags);
			brelse(bh); /* on the list already, or not logged */
		} else {
			bh->b_state |= 1ul << BH_JLogged;
			j->j_checkpoint[j->j_nr_checkpoint++] = bh;
			atomic_end(flags);
		}
		if (logged)
			mark_buffer_dirty(bh);
	}
}

int journal_checkpoint(journal_t *j)
{
	unsigned int i;
	int err = sync_blockdev(j->j_dev);

	if (err)
		return err;
	for (i = 0; i < j->j_nr_checkpoint; i++) {
		struct buffer_head *bh = j->j_checkpoint[i];
		u32 flags = atomic_begin();

		bh->b_state &= ~(1ul << BH_JLogged);
		atomic_end(flags);
		brelse(bh);
	}
	j->j_nr_checkpoint = 0;
	j->j_tail = j->j_head;
	j->j_tail_sequence = j->j_transaction_sequence;
	return jbd_update_sb(j);
}

static int commit(journal_t *j)
{
	transaction_t *t = j->j_running;
	handle_t ch = { .h_journal = j, .h_ref = 1 };
	u32 flags;
	int err;

	if (j->j_errno)
		return j->j_errno;
	if (!t) /* file data to write, without metadata so far */
		t = j->j_running = jbd_new_transaction(j);
	flags = atomic_begin();
	j->j_barrier = true;
	atomic_end(flags);
	if (t)
		wait_event(j->j_wait_updates, !t->t_updates);
	BUG_ON(current->journal_info);
	if (t && j->j_flush_data) {
		current->journal_info = &ch;
		j->j_flush_data(j);
		current->journal_info = NULL;
	}
	err = 0;
	if (t && (t->t_nr_buffers || t->t_nr_revoke))
		err = write_log(j, t);
	else if (t) /* nothing logged: its number goes to the next one, as
		     * replay expects the numbers without a gap */
		j->j_transaction_sequence = t->t_tid;
	if (err) {
		j->j_errno = err;
		printk(KERN_CRIT "JBD2: error %d writing the log of %s: no "
				 "more commits\n",
		       err, j->j_dev->name);
	}
	if (t) {
		file_checkpoint(j, t, !err);
		j->j_running = NULL;
		kfree(t->t_buffers);
		kfree(t->t_revoke);
		kfree(t);
	}
	if (!err && jbd_log_used(j) > (j->j_last - j->j_first) / 2)
		err = journal_checkpoint(j);
	flags = atomic_begin();
	j->j_barrier = false;
	atomic_end(flags);
	wake_up(&j->j_wait_barrier);
	return err;
}

int journal_force_commit(journal_t *j)
{
	int err;

	down(&j->j_commit_sem);
	err = commit(j);
	up(&j->j_commit_sem);
	return err;
}

/* The journals of read-write mounts, for the thread. */
static LIST_HEAD(journals);
static DECLARE_MUTEX(journals_sem);

void journal_add(journal_t *j)
{
	down(&journals_sem);
	list_add_tail(&j->j_all, &journals);
	up(&journals_sem);
}

void journal_del(journal_t *j)
{
	down(&journals_sem);
	list_del_init(&j->j_all);
	up(&journals_sem);
}

/* kjournald: once a second, commit each transaction older than its
 * journal's commit interval. */
static int kjournald(void *unused)
{
	journal_t *j;

	(void)unused;
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;
		schedule_timeout(HZ);
		down(&journals_sem);
		list_for_each_entry(j, &journals, j_all) {
			transaction_t *t = j->j_running;

			if (t && jiffies - t->t_start >= j->j_commit_interval)
				journal_force_commit(j);
		}
		up(&journals_sem);
	}
	return 0;
}

void jbd_commit_thread_start(void)
{
	struct task_struct *t = kthread_run(kjournald, NULL, "kjournald");

	if (IS_ERR(t))
		panic("cannot start kjournald");
}
