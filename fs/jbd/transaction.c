/*
 * fs/jbd/transaction.c - the running transaction and the handles on it.
 *
 * A handle is one atomic change of the file system (a create, a rename,
 * a page's blocks allocated): every buffer it changes joins the running
 * transaction, and a commit takes only whole handles, since it waits
 * until none is open.  The task's open handle is current->journal_info;
 * a journal_start inside it (an iput inside an unlink) only counts.
 *
 *   journal_start     wait while a commit is under way (j_barrier);
 *                     a transaction at j_max_buffers is committed first;
 *                     t_updates++
 *   mark_buffer_dirty the buffer is BH_JDirty and held: its page may not
 *   (jbd_dirty_hook)  be written home (block_dev's writepage skips it)
 *                     until the commit has logged it
 *   journal_revoke    a freed block that the log may hold a copy of
 *   journal_stop      t_updates--; the last wakes a waiting committer
 *
 * The counts and lists are changed with interrupts off (uniprocessor).
 */
#include "fs/jbd/jbd.h"
#include "kernel/errno.h"
#include "kernel/panic.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "mm/locking.h"
#include "mm/phys/slab.h"

transaction_t *jbd_new_transaction(journal_t *j)
{
	transaction_t *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	/* Twice the commit threshold: the threshold is checked when a
	 * handle starts, and one handle changes far fewer blocks. */
	t->t_buffers = kmalloc(2 * j->j_max_buffers * sizeof(*t->t_buffers),
			       GFP_KERNEL);
	t->t_revoke = kmalloc(2 * j->j_max_buffers * sizeof(u32), GFP_KERNEL);
	if (!t->t_buffers || !t->t_revoke) {
		kfree(t->t_buffers);
		kfree(t->t_revoke);
		kfree(t);
		return NULL;
	}
	t->t_tid = j->j_transaction_sequence++;
	t->t_start = jiffies;
	return t;
}

static bool too_big(journal_t *j)
{
	transaction_t *t = j->j_running;

	return t && t->t_nr_buffers + t->t_nr_revoke >= j->j_max_buffers;
}

static handle_t *start(journal_t *j, bool may_wait)
{
	handle_t *h = current->journal_info;
	u32 flags;

	if (h && h->h_journal != j) {
		/* Reclaim writing another file system's page inside a
		 * handle: it may leave the page for later. */
		BUG_ON(may_wait);
		return ERR_PTR(-EAGAIN);
	}
	if (h) {
		h->h_ref++;
		return h;
	}
	if (j->j_errno)
		return ERR_PTR(-EIO);
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return ERR_PTR(-ENOMEM);
	for (;;) {
		if (!may_wait && (j->j_barrier || too_big(j))) {
			kfree(h);
			return ERR_PTR(-EAGAIN);
		}
		wait_event(j->j_wait_barrier, !j->j_barrier);
		if (too_big(j)) {
			journal_force_commit(j);
			continue;
		}
		if (!j->j_running && !(j->j_running = jbd_new_transaction(j))) {
			kfree(h);
			return ERR_PTR(-ENOMEM);
		}
		flags = atomic_begin();
		if (!j->j_barrier && j->j_running) {
			j->j_running->t_updates++;
			atomic_end(flags);
			break;
		}
		atomic_end(flags);
	}
	h->h_journal = j;
	h->h_ref = 1;
	current->journal_info = h;
	return h;
}

handle_t *journal_start(journal_t *j)
{
	return start(j, true);
}

handle_t *journal_try_start(journal_t *j)
{
	return start(j, false);
}

void journal_stop(handle_t *h)
{
	journal_t *j = h->h_journal;
	u32 flags;

	if (--h->h_ref)
		return;
	flags = atomic_begin();
	BUG_ON(!j->j_running || !j->j_running->t_updates);
	j->j_running->t_updates--;
	atomic_end(flags);
	if (!j->j_running->t_updates)
		wake_up(&j->j_wait_updates);
	if (current->journal_info == h) {
		current->journal_info = NULL;
		kfree(h);
	}
}

static void cancel_revoke(transaction_t *t, u32 block)
{
	unsigned int i;

	for (i = 0; i < t->t_nr_revoke; i++)
		if (t->t_revoke[i] == block) {
			t->t_revoke[i] = t->t_revoke[--t->t_nr_revoke];
			return;
		}
}

void journal_dirty_metadata(handle_t *h, struct buffer_head *bh)
{
	journal_t *j = h->h_journal;
	transaction_t *t = j->j_running;
	u32 flags;

	BUG_ON(!t);
	/* Freed and used again in this transaction: this copy counts. */
	cancel_revoke(t, bh->b_blocknr);
	flags = atomic_begin();
	if (bh->b_state & (1ul << BH_JDirty)) {
		atomic_end(flags);
		return;
	}
	BUG_ON(t->t_nr_buffers + t->t_nr_revoke >= 2 * j->j_max_buffers);
	bh->b_state |= 1ul << BH_JDirty;
	bh->b_count++; /* the transaction's, until the commit */
	t->t_buffers[t->t_nr_buffers++] = bh;
	atomic_end(flags);
}

void journal_revoke(handle_t *h, u32 block)
{
	journal_t *j = h->h_journal;
	transaction_t *t = j->j_running;
	unsigned int i;

	for (i = 0; i < t->t_nr_revoke; i++)
		if (t->t_revoke[i] == block)
			return;
	BUG_ON(t->t_nr_buffers + t->t_nr_revoke >= 2 * j->j_max_buffers);
	t->t_revoke[t->t_nr_revoke++] = block;
}

handle_t *current_journal_handle(void)
{
	return current->journal_info;
}

bool jbd_dirty_hook(struct buffer_head *bh)
{
	handle_t *h = current->journal_info;

	if (!h || h->h_journal->j_dev != bh->b_bdev)
		return false;
	journal_dirty_metadata(h, bh);
	return true;
}

bool jbd_page_pinned(struct page *page)
{
	struct buffer_head *head, *bh;
	bool pinned = false;
	u32 flags = atomic_begin();

	if (page_has_buffers(page)) {
		head = bh = (struct buffer_head *)page->private;
		do {
			pinned |= !!(bh->b_state & (1ul << BH_JDirty));
			bh = bh->b_this_page;
		} while (bh != head);
	}
	atomic_end(flags);
	return pinned;
}
