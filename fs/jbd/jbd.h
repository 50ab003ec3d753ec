/*
 * fs/jbd/jbd.h - the journal of ext3 (Linux's JBD/JBD2 format): what is
 * on the disk, and the calls a file system makes to change its metadata
 * atomically.
 *
 * The log is a file of the file system (ext3: inode 8), cut into blocks
 * of the file system's size.  Block 0 is the journal superblock; blocks
 * s_first .. s_maxlen - 1 are a ring that transactions are written into,
 * one after the other, wrapping at the end:
 *
 *  block 0       s_first = 1                                   s_maxlen - 1
 *  +-----------+-------------------------------------------------------+
 *  | journal   | ... | desc | copy | copy | revoke | commit | desc ... |
 *  | superblock|     |  T 7 | of b | of c |  T 7   |  T 7   |  T 8     |
 *  +-----------+-------------------------------------------------------+
 *       |              ^ s_start: the oldest transaction whose blocks
 *       |                may not all be home yet (0: nothing to replay)
 *       '-- s_sequence: that transaction's number
 *
 * A descriptor block lists, in tags, the home block of each copy that
 * follows it; a revoke block names blocks whose older copies must not be
 * replayed (they were freed, and may hold file data now); the commit
 * block makes the transaction count.  Every log block starts with a
 * header: magic, type, transaction number.  A copy whose first four
 * bytes are the magic is written with them zeroed and the tag flagged
 * ESCAPE, so no copy is ever taken for a header.  All numbers on the disk
 * are big-endian.
 *
 * Use (fs/ext2 with has_journal):
 *
 *	handle_t *h = journal_start(j);     one atomic change begins
 *	... mark_buffer_dirty(bh) ...       the buffer joins the running
 *	                                    transaction (jbd_dirty_hook)
 *	journal_revoke(h, block);           a freed block
 *	journal_stop(h);
 *	journal_force_commit(j);            fsync: everything so far on disk
 */
#ifndef FS_JBD_JBD_H
#define FS_JBD_JBD_H

#include "fs/buffer_head.h"
#include "kernel/list.h"
#include "kernel/sched/semaphore.h"
#include "kernel/sched/wait.h"
#include "kernel/types.h"

#define JBD2_MAGIC_NUMBER 0xc03b3998u

/* h_blocktype */
#define JBD2_DESCRIPTOR_BLOCK 1
#define JBD2_COMMIT_BLOCK 2
#define JBD2_SUPERBLOCK_V1 3
#define JBD2_SUPERBLOCK_V2 4
#define JBD2_REVOKE_BLOCK 5

/* t_flags of a tag */
#define JBD2_FLAG_ESCAPE 1 /* the copy's first 4 bytes were the magic */
#define JBD2_FLAG_SAME_UUID 2 /* no 16-byte UUID after this tag */
#define JBD2_FLAG_DELETED 4
#define JBD2_FLAG_LAST_TAG 8

/* The one incompat feature this journal knows: revoke blocks.  The
 * others (64bit, async_commit, checksums v2/v3, fast commits) change the
 * format and refuse the mount; so does the compat checksum feature. */
#define JBD2_FEATURE_INCOMPAT_REVOKE 0x1

/* Every log block begins with this. */
typedef struct journal_header {
	u32 h_magic;
	u32 h_blocktype;
	u32 h_sequence;
} journal_header_t;

/* A tag of a descriptor block (no 64bit, no checksums: 8 bytes). */
typedef struct journal_block_tag {
	u32 t_blocknr;
	u16 t_checksum;
	u16 t_flags;
} journal_block_tag_t;

/* A revoke block: header, bytes used (header included), block numbers. */
typedef struct jbd2_journal_revoke_header {
	journal_header_t r_header;
	u32 r_count;
} jbd2_journal_revoke_header_t;

/* The commit block (checksum fields unused here). */
struct commit_header {
	u32 h_magic;
	u32 h_blocktype;
	u32 h_sequence;
	u8 h_chksum_type;
	u8 h_chksum_size;
	u8 h_padding[2];
	u32 h_chksum[8];
	u64 h_commit_sec;
	u32 h_commit_nsec;
};

/* Block 0 of the journal (the first 1024 bytes of it). */
typedef struct journal_superblock {
	journal_header_t s_header;
	u32 s_blocksize;
	u32 s_maxlen; /* blocks in the journal */
	u32 s_first; /* first block of the log */
	u32 s_sequence; /* first transaction expected in the log */
	u32 s_start; /* its first block; 0: the log is empty */
	u32 s_errno;
	u32 s_feature_compat;
	u32 s_feature_incompat;
	u32 s_feature_ro_compat;
	u8 s_uuid[16];
	u32 s_nr_users;
	u32 s_dynsuper;
	u32 s_max_transaction;
	u32 s_max_trans_data;
	u8 s_checksum_type;
	u8 s_padding2[3];
	u32 s_num_fc_blks;
	u32 s_padding[41];
	u32 s_checksum;
	u8 s_users[16 * 48];
} journal_superblock_t;

static inline u32 be32(u32 x)
{
	return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) |
	       (x << 24);
}

static inline u16 be16(u16 x)
{
	return (u16)((x >> 8) | (x << 8));
}

typedef u32 tid_t;

/* Is transaction number x after y (the numbers wrap)? */
static inline bool tid_gt(tid_t x, tid_t y)
{
	return (s32)(x - y) > 0;
}

/* b_state bits the journal adds (fs/buffer_head.h has 0..2). */
#define BH_JDirty \
	3 /* changed in the running transaction: not yet logged,
		     * so its page may not be written home */
#define BH_JLogged \
	4 /* logged by a committed transaction, not yet known
		      * to be home (on the checkpoint list) */

/* A run of the journal file: log blocks [lblock, lblock + len) are disk
 * blocks [pblock, pblock + len). */
struct jbd_extent {
	u32 lblock, pblock, len;
};

#define JBD_MAX_EXTENTS 32

typedef struct transaction {
	tid_t t_tid;
	u32 t_start; /* jiffies when its first handle began */
	unsigned int t_updates; /* handles open on it */
	struct buffer_head **t_buffers; /* each held, BH_JDirty */
	unsigned int t_nr_buffers;
	u32 *t_revoke; /* blocks freed in it */
	unsigned int t_nr_revoke;
} transaction_t;

typedef struct journal {
	struct block_device *j_dev;
	unsigned int j_blocksize, j_blocksize_bits;
	u32 j_blocks_count; /* of the file system: home blocks are below */
	struct jbd_extent j_map[JBD_MAX_EXTENTS];
	unsigned int j_nr_extents;
	journal_superblock_t *j_superblock; /* a copy, written by update_sb */
	u32 j_first, j_last; /* the log ring: [j_first, j_last) */
	u32 j_head; /* where the next transaction goes */
	u32 j_tail; /* the oldest block still needed (s_start) */
	tid_t j_tail_sequence; /* its transaction */
	tid_t j_transaction_sequence; /* the next transaction's number */
	u32 j_max_buffers; /* a transaction commits at this many */
	u32 j_commit_interval; /* jiffies (commit=, default 5 s) */
	transaction_t *j_running;
	/* A commit is under way: new handles wait (j_wait_barrier). */
	bool j_barrier;
	wait_queue_head_t j_wait_updates, j_wait_barrier;
	struct semaphore j_commit_sem; /* one committer at a time */
	/* Buffers logged by committed transactions, held until a
	 * checkpoint has written them home. */
	struct buffer_head **j_checkpoint;
	unsigned int j_nr_checkpoint;
	int j_errno; /* a log write failed: no more commits */
	struct list_head j_all; /* on the commit thread's list */
	/* Called by the committer, the barrier up, before the log is
	 * written: the file system writes its ordered data. */
	void (*j_flush_data)(struct journal *j);
	void *j_private;
} journal_t;

typedef struct handle {
	journal_t *h_journal;
	int h_ref; /* nested journal_start of the same task */
} handle_t;

/* journal.c */
/* The journal on bdev whose log is map (nr runs, journal blocks in all
 * from the superblock), blocks of blocksize; fs_blocks bounds a home
 * block.  Reads and checks the superblock; recovery is separate.  NULL
 * with *err set. */
journal_t *journal_init(struct block_device *bdev, unsigned int blocksize,
			u32 fs_blocks, const struct jbd_extent *map,
			unsigned int nr, int *err);
/* Ready for transactions (a read-write mount): the log starts empty at
 * s_first with the next transaction number; on the commit thread's list. */
int journal_load(journal_t *j);
/* Commit, checkpoint, mark the log empty (s_start 0): the read-write
 * mount ends (journal_load starts the next). */
int journal_unload(journal_t *j);
/* journal_unload if loaded, and free j. */
int journal_destroy(journal_t *j);
static inline bool journal_loaded(journal_t *j)
{
	return j && j->j_checkpoint;
}
/* Log block -> disk block, 0 if the log has no such block. */
u32 jbd_bmap(journal_t *j, u32 lblock);
/* Read log block lblock into buf (j_blocksize bytes). */
int jbd_read_block(journal_t *j, u32 lblock, void *buf);
/* Write log blocks: nr of them, blocks[i] the log block of data + i *
 * j_blocksize, straight to the disk (and into a cached copy), waited for. */
int jbd_write_blocks(journal_t *j, const u32 *blocks, const void *data,
		     unsigned int nr);
/* Write the journal superblock's s_sequence, s_start (tail) and wait. */
int jbd_update_sb(journal_t *j);
/* The log block after b, wrapping at the end of the ring. */
static inline u32 jbd_next(journal_t *j, u32 b)
{
	return b + 1 >= j->j_last ? j->j_first : b + 1;
}
/* Blocks from the tail up to the head. */
u32 jbd_log_used(journal_t *j);
void jbd_init(void);

/* recovery.c */
/* Replay every committed transaction in the log (scan, revoke, replay)
 * into the home blocks, written and waited for; the log is then empty.
 * *replayed counts the transactions. */
int journal_recover(journal_t *j, unsigned int *replayed);
/* Is the log empty (s_start 0)? */
bool journal_is_clean(journal_t *j);

/* transaction.c */
/* Begin an atomic change (nested in the task's open one, if any); an
 * ERR_PTR on failure.  Waits while a commit is under way. */
handle_t *journal_start(journal_t *j);
/* As journal_start, but -EAGAIN instead of waiting for a commit (for
 * writepage, which holds a page lock the committer may want). */
handle_t *journal_try_start(journal_t *j);
void journal_stop(handle_t *h);
/* bh changed under the task's handle: it joins the running transaction. */
void journal_dirty_metadata(handle_t *h, struct buffer_head *bh);
/* Block `block` was freed under h: no older copy of it is replayed. */
void journal_revoke(handle_t *h, u32 block);
/* The task's open handle, or NULL. */
handle_t *current_journal_handle(void);
/* From mark_buffer_dirty: true if the task's handle took the buffer. */
bool jbd_dirty_hook(struct buffer_head *bh);
/* A new running transaction, numbered; NULL without memory. */
transaction_t *jbd_new_transaction(journal_t *j);
/* Has the page a buffer of an uncommitted transaction (BH_JDirty)? */
bool jbd_page_pinned(struct page *page);

/* commit.c */
/* Commit the running transaction and wait: 0 or -EIO. */
int journal_force_commit(journal_t *j);
/* Write every logged buffer home and move the log's tail to its head. */
int journal_checkpoint(journal_t *j);
void journal_add(journal_t *j);
void journal_del(journal_t *j);
void jbd_commit_thread_start(void);

#endif
