/*
 * fs/inode_test.c - ktests for the inode cache (fs/inode.c): lookup by
 * (sb, ino), the unused list at the last iput, pruning, and eviction at
 * once of an inode without links.  A superblock made in memory stands for
 * a disk file system; its inodes have no pages.
 */
#include "fs/fs_writeback.h"
#include "fs/inode.h"
#include "kernel/ktest.h"

static bool t_prunable = true;

static bool t_can_prune(struct super_block *sb)
{
	(void)sb;
	return t_prunable;
}

static const struct super_operations t_sops = {
	.drop_inode = generic_drop_inode,
	.can_prune = t_can_prune,
};

static struct super_block t_sb = { .s_op = &t_sops, .s_id = "ktest" };

static struct inode *t_new_hashed(void)
{
	struct inode *inode = new_inode(&t_sb, S_IFREG | 0644);

	if (inode)
		insert_inode_hash(inode);
	return inode;
}

KTEST(icache_iget_twice_finds_the_same_inode)
{
	struct inode *inode = t_new_hashed(), *a, *b;

	KASSERT_TRUE(inode != NULL);
	a = ilookup(&t_sb, inode->i_ino);
	b = ilookup(&t_sb, inode->i_ino);
	KEXPECT_TRUE(a == inode);
	KEXPECT_TRUE(b == inode);
	KEXPECT_EQ(inode->i_count, 3);
	KEXPECT_TRUE(ilookup(&t_sb, inode->i_ino + 1000) == NULL);
	inode->i_nlink = 0;
	iput(a);
	iput(b);
	iput(inode);
}

KTEST(icache_last_iput_keeps_it_then_prune_evicts_it)
{
	unsigned long inodes = nr_inodes(), unused = nr_unused_inodes();
	struct inode *inode = t_new_hashed();
	unsigned long ino;

	KASSERT_TRUE(inode != NULL);
	ino = inode->i_ino;
	iput(inode);
	KEXPECT_EQ(nr_inodes(), inodes + 1);
	KEXPECT_EQ(nr_unused_inodes(), unused + 1);
	/* Found again: in use, off the unused list. */
	KEXPECT_TRUE(ilookup(&t_sb, ino) == inode);
	KEXPECT_EQ(inode->i_count, 1);
	KEXPECT_EQ(nr_unused_inodes(), unused);
	iput(inode);
	KEXPECT_EQ(nr_unused_inodes(), unused + 1);

	/* Dirty, or its file system busy: pruning keeps it. */
	inode->i_state |= I_DIRTY_SYNC;
	prune_icache(nr_unused_inodes());
	KEXPECT_TRUE(ilookup(&t_sb, ino) == inode);
	inode->i_state &= ~I_DIRTY_SYNC;
	iput(inode);
	t_prunable = false;
	prune_icache(nr_unused_inodes());
	t_prunable = true;
	KEXPECT_TRUE(ilookup(&t_sb, ino) == inode);
	iput(inode);

	KEXPECT_GE(prune_icache(nr_unused_inodes()), 1);
	KEXPECT_TRUE(ilookup(&t_sb, ino) == NULL);
	KEXPECT_EQ(nr_inodes(), inodes);
}

KTEST(icache_unlinked_inode_is_evicted_at_once)
{
	unsigned long inodes = nr_inodes(), unused = nr_unused_inodes();
	struct inode *inode = t_new_hashed();
	unsigned long ino;

	KASSERT_TRUE(inode != NULL);
	ino = inode->i_ino;
	inode->i_nlink = 0;
	iput(inode);
	KEXPECT_TRUE(ilookup(&t_sb, ino) == NULL);
	KEXPECT_EQ(nr_unused_inodes(), unused);
	KEXPECT_EQ(nr_inodes(), inodes);
}

KTEST(icache_evict_inodes_empties_one_superblock)
{
	static struct super_block other = { .s_op = &t_sops, .s_id = "kt2" };
	unsigned long inodes = nr_inodes();
	struct inode *mine = t_new_hashed(), *theirs = new_inode(&other, 0);
	unsigned long ino;

	KASSERT_TRUE(mine != NULL);
	KASSERT_TRUE(theirs != NULL);
	insert_inode_hash(theirs);
	ino = theirs->i_ino;
	iput(mine);
	iput(theirs);
	evict_inodes(&t_sb);
	KEXPECT_EQ(nr_inodes(), inodes + 1);
	KEXPECT_TRUE(ilookup(&other, ino) == theirs);
	iput(theirs);
	evict_inodes(&other);
	KEXPECT_EQ(nr_inodes(), inodes);
}
