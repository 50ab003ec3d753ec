/*
 * fs/fs_writeback.c - the dirty inode list, writing inodes back, and the
 * flusher thread (Linux 2.6's fs/fs-writeback.c and pdflush's kupdate and
 * background passes; see fs/fs_writeback.h).
 *
 *   dirty_inodes: oldest dirtied_when first
 *   +-------+    +-------+    +-------+
 *   | hdc3  | -> | ino 12| -> | ino 14| ...   __mark_inode_dirty adds at
 *   | t=100 |    | t=250 |    | t=900 |       the tail, stamped jiffies
 *   +-------+    +-------+    +-------+
 *       |  a pass moves the ones it will write to its own io list, then
 *       v  takes them one by one: writeback_single_inode
 *
 * A pass works from its own list so that an inode dirtied again while it
 * is written (it goes back to the tail of dirty_inodes) is not met twice
 * in one pass.  The list and i_state change with interrupts off: the end
 * of a failed write dirties its page again from the disk interrupt.
 */
#include "fs/fs_writeback.h"
#include "fs/inode.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/process/task.h"
#include "kernel/sched/kthread.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/wait.h"
#include "kernel/time/timer.h"
#include "mm/writeback/writeback.h"

/* A pass writes this many pages of one inode before it moves on (Linux
 * 2.6's MAX_WRITEBACK_PAGES). */
#define MAX_WRITEBACK_PAGES 1024

static LIST_HEAD(dirty_inodes);
static DECLARE_WAIT_QUEUE_HEAD(flusher_wait);
static bool flusher_running, flusher_work;

void __mark_inode_dirty(struct inode *inode, unsigned int flags)
{
	u32 irq = irq_save();

	if (!(inode->i_state & I_DIRTY)) {
		inode->dirtied_when = jiffies;
		list_move_tail(&inode->i_wb_list, &dirty_inodes);
	}
	inode->i_state |= flags;
	irq_restore(irq);
}

void inode_wb_list_del(struct inode *inode)
{
	u32 irq = irq_save();

	inode->i_state &= ~I_DIRTY;
	list_del_init(&inode->i_wb_list);
	irq_restore(irq);
}

/* Back on the dirty list with what is still to write.  Pages left for
 * want of budget keep their age (the next pass takes them first); pages
 * skipped (being written, or failing) count from now. */
static void requeue_inode(struct inode *inode, unsigned int flags, bool aged)
{
	u32 irq = irq_save();

	if (!(inode->i_state & I_DIRTY)) {
		if (aged) {
			list_move(&inode->i_wb_list, &dirty_inodes);
		} else {
			inode->dirtied_when = jiffies;
			list_move_tail(&inode->i_wb_list, &dirty_inodes);
		}
	}
	inode->i_state |= flags;
	irq_restore(irq);
}

int writeback_single_inode(struct inode *inode, struct writeback_control *wbc)
{
	struct address_space *mapping = inode->i_mapping;
	const struct super_operations *sop = inode->i_sb->s_op;
	long budget = wbc->nr_to_write;
	unsigned int dirty;
	int err = 0, err2;
	u32 irq;

	/* Cleared first: whatever is dirtied from here on marks it again. */
	irq = irq_save();
	dirty = inode->i_state & I_DIRTY;
	inode->i_state &= ~I_DIRTY;
	list_del_init(&inode->i_wb_list);
	irq_restore(irq);

	if (mapping_cap_account_dirty(mapping) && mapping->a_ops->writepage)
		err = do_writepages(mapping, wbc);
	if (wbc->sync_mode == WB_SYNC_ALL) {
		err2 = filemap_fdatawait_keep_errors(mapping);
		if (!err)
			err = err2;
	}
	if ((dirty & (I_DIRTY_SYNC | I_DIRTY_DATASYNC)) && sop &&
	    sop->write_inode) {
		err2 = sop->write_inode(inode, wbc->sync_mode == WB_SYNC_ALL);
		if (!err)
			err = err2;
	}
	if (mapping_has_dirty_pages(mapping))
		requeue_inode(inode, I_DIRTY_PAGES,
			      budget > 0 && wbc->nr_to_write <= 0);
	return err;
}

int write_inode_now(struct inode *inode, bool sync)
{
	struct writeback_control wbc = {
		.sync_mode = sync ? WB_SYNC_ALL : WB_SYNC_NONE,
		.nr_to_write = 0x7fffffff,
		.start = 0,
		.end = ~0UL,
	};

	return writeback_single_inode(inode, &wbc);
}

static void wb_iput(struct inode *inode)
{
	u32 irq = irq_save();

	if (inode->i_count > 1) {
		inode->i_count--;
		irq_restore(irq);
		return;
	}
	irq_restore(irq);
	iput(inode);
}

/* Move the inodes a pass wants from dirty_inodes onto io, oldest first:
 * those of sb (NULL: all) dirtied no later than older_than when
 * expired_only. */
static void queue_io(struct list_head *io, struct super_block *sb,
		     bool expired_only, u32 older_than)
{
	struct inode *inode, *next;
	u32 irq = irq_save();

	list_for_each_entry_safe(inode, next, &dirty_inodes, i_wb_list) {
		if (expired_only && (s32)(inode->dirtied_when - older_than) > 0)
			break;
		if (!sb || inode->i_sb == sb)
			list_move_tail(&inode->i_wb_list, io);
	}
	irq_restore(irq);
}

/*
 * The first inode of io that someone still holds or that waits unused in
 * the inode cache, with a reference of the flusher's (igrab takes it off
 * the unused list; the flusher's iput puts it back), or NULL.  Any other
 * inode at i_count 0 is inside iput, which deletes it or frees it (and
 * takes it off the list): a reference taken now would make a second iput
 * free it again.
 */
static struct inode *next_io(struct list_head *io)
{
	struct inode *inode;
	u32 irq = irq_save();

	list_for_each_entry(inode, io, i_wb_list) {
		if (inode->i_count || !list_empty(&inode->i_lru)) {
			igrab(inode);
			irq_restore(irq);
			return inode;
		}
	}
	irq_restore(irq);
	return NULL;
}

/* What a pass did not reach goes back to the head: it is the oldest. */
static void unqueue_io(struct list_head *io)
{
	u32 irq = irq_save();

	list_splice_init(io, &dirty_inodes);
	irq_restore(irq);
}

long writeback_inodes(long nr, bool expired_only, u32 older_than)
{
	LIST_HEAD(io);
	struct inode *inode;
	long written = 0;

	queue_io(&io, NULL, expired_only, older_than);
	while (nr > 0 && (inode = next_io(&io))) {
		struct writeback_control wbc = {
			.sync_mode = WB_SYNC_NONE,
			.nr_to_write = nr < MAX_WRITEBACK_PAGES ?
					       nr :
					       MAX_WRITEBACK_PAGES,
			.start = 0,
			.end = ~0UL,
		};
		long budget = wbc.nr_to_write;

		writeback_single_inode(inode, &wbc);
		written += budget - wbc.nr_to_write;
		nr -= budget - wbc.nr_to_write;
		wb_iput(inode);
	}
	unqueue_io(&io);
	return written;
}

int sync_inodes_sb(struct super_block *sb, enum writeback_sync_modes mode)
{
	LIST_HEAD(io);
	struct inode *inode;
	int err = 0, err2;

	queue_io(&io, sb, false, 0);
	while ((inode = next_io(&io))) {
		struct writeback_control wbc = {
			.sync_mode = mode,
			.nr_to_write = 0x7fffffff,
			.start = 0,
			.end = ~0UL,
		};

		err2 = writeback_single_inode(inode, &wbc);
		if (!err)
			err = err2;
		wb_iput(inode);
	}
	unqueue_io(&io);
	return err;
}

void wakeup_flusher_threads(void)
{
	if (!flusher_running || flusher_work)
		return;
	flusher_work = true;
	wake_up(&flusher_wait);
}

/* Until the dirty pages are below the background threshold, or as many
 * pages as were dirty at the start are written (writes that fail leave
 * their pages dirty: the next period tries again). */
static void background_writeout(void)
{
	unsigned long background, dirty;
	long left = nr_file_dirty, n;

	for (;;) {
		global_dirty_limits(&background, &dirty);
		if (nr_file_dirty <= background || left <= 0)
			return;
		n = writeback_inodes(left, false, 0);
		left -= n;
		/* Nothing to start, and nothing in flight to wait for. */
		if (!n && (!nr_writeback || !writeback_congestion_wait()))
			return;
	}
}

/* Sleep a period, or until woken (a background need, a new period). */
static void flusher_sleep(void)
{
	wait_queue_t w;
	int period = (int)dirty_writeback_interval;

	/* 0: no periodic pass; a negative period (Linux takes it too, as
	 * an unsigned count) never comes either. */
	if (period <= 0)
		period = MAX_SCHEDULE_TIMEOUT;

	init_wait(&w);
	prepare_to_wait(&flusher_wait, &w, TASK_INTERRUPTIBLE);
	if (!flusher_work)
		schedule_timeout(period);
	finish_wait(&flusher_wait, &w);
	flusher_work = false;
}

static int flusher(void *unused)
{
	(void)unused;
	for (;;) {
		flusher_sleep();
		background_writeout();
		/* kupdate: what has been dirty longer than the expiry;
		 * none with the period 0, as in Linux. */
		if (dirty_writeback_interval)
			writeback_inodes(0x7fffffff, true,
					 jiffies - dirty_expire_interval);
	}
	return 0;
}

void flusher_start(void)
{
	struct task_struct *t = kthread_run(flusher, NULL, "flush");

	if (IS_ERR(t))
		panic("cannot start the flusher");
	flusher_running = true;
}
