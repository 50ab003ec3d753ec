/*
 * fs/ext2/ialloc_test.c - where ext2_new_inode puts a new inode: the
 * group choice for directories and other files, and the bitmap search,
 * on a superblock and descriptor table made in memory (no disk).  What
 * the allocation writes is checked by e2fsck after the user boots
 * (user/tests/ext2_namei.c).
 */
#include "fs/ext2/ext2.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"

#define GROUPS 4

static struct ext2_super_block t_es;
static struct ext2_group_desc t_gd[GROUPS];
static struct buffer_head t_gdbh = { .b_data = (char *)t_gd };
static struct buffer_head *t_gdbhs[1] = { &t_gdbh };
static struct ext2_sb_info t_sbi = {
	.s_es = &t_es,
	.s_group_desc = t_gdbhs,
	.s_gdb_count = 1,
	.s_groups_count = GROUPS,
	.s_desc_per_block = 1024 / sizeof(struct ext2_group_desc),
};
static struct super_block t_sb = { .s_fs_info = &t_sbi };

/* Group g: free inodes, free blocks, directories; the totals follow. */
static void set_groups(const u16 v[GROUPS][3])
{
	unsigned int g;

	t_es.s_free_inodes_count = t_es.s_free_blocks_count = 0;
	for (g = 0; g < GROUPS; g++) {
		t_gd[g].bg_free_inodes_count = v[g][0];
		t_gd[g].bg_free_blocks_count = v[g][1];
		t_gd[g].bg_used_dirs_count = v[g][2];
		t_es.s_free_inodes_count += v[g][0];
		t_es.s_free_blocks_count += v[g][1];
	}
}

KTEST(ext2_ialloc_dir_spreads)
{
	/* Averages: 100 inodes, 1250 blocks.  Group 0 is below on inodes,
	 * group 3 on blocks; of 1 and 2, group 2 has fewer directories. */
	static const u16 v[GROUPS][3] = { { 10, 2000, 0 },
					  { 150, 1500, 5 },
					  { 120, 1400, 2 },
					  { 120, 100, 0 } };

	set_groups(v);
	KEXPECT_EQ(ext2_find_group_dir(&t_sb), 2);
	/* As many directories in 1: the one with more free blocks. */
	t_gd[1].bg_used_dirs_count = 2;
	KEXPECT_EQ(ext2_find_group_dir(&t_sb), 1);
}

KTEST(ext2_ialloc_dir_falls_back_to_any_free_inode)
{
	/* No group is above both averages: the first with a free inode. */
	static const u16 v[GROUPS][3] = {
		{ 0, 4000, 0 }, { 300, 0, 0 }, { 0, 0, 0 }, { 1, 0, 0 }
	};

	set_groups(v);
	KEXPECT_EQ(ext2_find_group_dir(&t_sb), 1);
	t_gd[1].bg_free_inodes_count = t_gd[3].bg_free_inodes_count = 0;
	KEXPECT_EQ(ext2_find_group_dir(&t_sb), -1);
}

KTEST(ext2_ialloc_file_stays_near_its_parent)
{
	static const u16 v[GROUPS][3] = {
		{ 5, 5, 0 }, { 0, 100, 0 }, { 7, 0, 0 }, { 9, 9, 0 }
	};

	set_groups(v);
	KEXPECT_EQ(ext2_find_group_other(&t_sb, 0), 0);
	/* Parent in 1 (no inode): the next with an inode and a block. */
	KEXPECT_EQ(ext2_find_group_other(&t_sb, 1), 3);
	KEXPECT_EQ(ext2_find_group_other(&t_sb, 3), 3);
	/* Only a group without free blocks has inodes: it will do. */
	t_gd[0].bg_free_inodes_count = t_gd[3].bg_free_inodes_count = 0;
	KEXPECT_EQ(ext2_find_group_other(&t_sb, 0), 2);
	t_gd[2].bg_free_inodes_count = 0;
	KEXPECT_EQ(ext2_find_group_other(&t_sb, 0), -1);
}

KTEST(ext2_ialloc_free_bit)
{
	u8 map[8];

	memset(map, 0xff, sizeof(map));
	KEXPECT_EQ(ext2_find_free_bit(map, 0, 64), -1);
	map[5] = 0xef; /* bit 44 */
	KEXPECT_EQ(ext2_find_free_bit(map, 0, 64), 44);
	KEXPECT_EQ(ext2_find_free_bit(map, 44, 64), 44);
	KEXPECT_EQ(ext2_find_free_bit(map, 45, 64), -1);
	KEXPECT_EQ(ext2_find_free_bit(map, 0, 44), -1); /* end excluded */
	map[0] = 0xf8; /* bits 0-2: the reserved inodes start past them */
	KEXPECT_EQ(ext2_find_free_bit(map, 0, 64), 0);
	KEXPECT_EQ(ext2_find_free_bit(map, 3, 64), 44);
	/* A range that ends inside a byte. */
	memset(map, 0, sizeof(map));
	map[0] = 0xff;
	KEXPECT_EQ(ext2_find_free_bit(map, 2, 8), -1);
	KEXPECT_EQ(ext2_find_free_bit(map, 2, 9), 8);
}
