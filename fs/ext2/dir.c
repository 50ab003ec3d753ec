/*
 * fs/ext2/dir.c - reading ext2 directories: getdents and name lookup.
 *
 * A directory is a file of blocks, read through its own page cache like a
 * regular file.  Each block is tiled by variable-length records:
 *
 *  block:  | ino 2 | 12 | 1 | DIR | "."   | ino 2 | 12 | 2 | DIR | ".."  |
 *          | ino 12 | 16 | 5 | REG | "hello" | ino 0 (unused) | ... rec_len
 *          \_ inode _/ rec_len name_len file_type   the last record reaches
 *                                                  the end of the block
 *
 * Every block is checked before a record of it is believed, as Linux's
 * ext2_check_page does: a record shorter than 12 bytes or than its name,
 * not a multiple of 4, crossing the block's end, or naming an inode past
 * the last is corruption: -EIO and a message, and nothing of that block
 * is used.  readdir's position is the byte offset of the next record.
 */
#include "fs/ext2/ext2.h"
#include "fs/file.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "mm/vm/filemap.h"

static const unsigned char ext2_filetype_table[EXT2_FT_MAX] = {
	[EXT2_FT_UNKNOWN] = DT_UNKNOWN, [EXT2_FT_REG_FILE] = DT_REG,
	[EXT2_FT_DIR] = DT_DIR,		[EXT2_FT_CHRDEV] = DT_CHR,
	[EXT2_FT_BLKDEV] = DT_BLK,	[EXT2_FT_FIFO] = DT_FIFO,
	[EXT2_FT_SOCK] = DT_SOCK,	[EXT2_FT_SYMLINK] = DT_LNK,
};

static bool check_block(struct inode *dir, u32 n, const char *kaddr)
{
	struct super_block *sb = dir->i_sb;
	u32 inodes = EXT2_SB(sb)->s_es->s_inodes_count, offs = 0;
	const char *why = NULL;
	const struct ext2_dir_entry_2 *de = NULL;

	while (offs < sb->s_blocksize) {
		de = (const struct ext2_dir_entry_2 *)(kaddr + offs);
		if (offs + 8 > sb->s_blocksize ||
		    de->rec_len < EXT2_DIR_REC_LEN(1))
			why = "rec_len is smaller than minimal";
		else if (de->rec_len % 4)
			why = "unaligned directory entry";
		else if (de->rec_len < EXT2_DIR_REC_LEN(de->name_len))
			why = "rec_len is too small for name_len";
		else if (offs + de->rec_len > sb->s_blocksize)
			why = "directory entry across blocks";
		else if (de->inode > inodes)
			why = "inode out of bounds";
		if (why)
			break;
		offs += de->rec_len;
	}
	if (!why)
		return true;
	ext2_error(sb, "ext2_check_page",
		   "bad entry in directory #%lu: %s - offset=%lu, inode=%u, "
		   "rec_len=%u, name_len=%u",
		   dir->i_ino, why,
		   ((unsigned long)n << sb->s_blocksize_bits) + offs,
		   offs + 8 > sb->s_blocksize ? 0 : de->inode,
		   offs + 8 > sb->s_blocksize ? 0 : de->rec_len,
		   offs + 8 > sb->s_blocksize ? 0 : de->name_len);
	return false;
}

/* Block n of dir, checked, in a referenced page; NULL after an error. */
static const char *dir_block(struct inode *dir, u32 n, struct page **pagep,
			     int *err)
{
	unsigned int bits = dir->i_sb->s_blocksize_bits;
	const char *kaddr;

	*err = read_mapping_page(dir->i_mapping, n >> (PAGE_SHIFT - bits), NULL,
				 pagep);
	if (*err)
		return NULL;
	kaddr = (char *)page_address(*pagep) + ((n << bits) & (PAGE_SIZE - 1));
	if (check_block(dir, n, kaddr))
		return kaddr;
	put_page(*pagep);
	*err = -EIO;
	return NULL;
}

static u32 dir_blocks(struct inode *dir)
{
	return dir->i_size >> dir->i_sb->s_blocksize_bits;
}

static int ext2_readdir(struct file *file, struct dir_context *ctx)
{
	struct inode *dir = file->f_inode;
	struct super_block *sb = dir->i_sb;
	bool has_type = EXT2_SB(sb)->s_es->s_feature_incompat &
			EXT2_FEATURE_INCOMPAT_FILETYPE;
	u32 n = ctx->pos >> sb->s_blocksize_bits;
	int err;

	if (ctx->pos < 0)
		return -EINVAL;
	for (; n < dir_blocks(dir); n++) {
		struct page *page;
		const char *kaddr = dir_block(dir, n, &page, &err);
		u32 offs = 0;

		if (!kaddr)
			return err;
		while (offs < sb->s_blocksize) {
			const struct ext2_dir_entry_2 *de =
				(const void *)(kaddr + offs);
			loff_t pos = ((loff_t)n << sb->s_blocksize_bits) + offs;

			offs += de->rec_len;
			if (pos < ctx->pos || !de->inode)
				continue;
			if (!ctx->actor(
				    ctx, de->name, de->name_len, de->inode,
				    has_type && de->file_type < EXT2_FT_MAX ?
					    ext2_filetype_table[de->file_type] :
					    DT_UNKNOWN)) {
				put_page(page);
				return 0;
			}
			ctx->pos = pos + de->rec_len;
		}
		put_page(page);
		ctx->pos = (loff_t)(n + 1) << sb->s_blocksize_bits;
	}
	return 0;
}

long ext2_inode_by_name(struct inode *dir, const struct qstr *name)
{
	struct super_block *sb = dir->i_sb;
	u32 n;
	int err;

	for (n = 0; n < dir_blocks(dir); n++) {
		struct page *page;
		const char *kaddr = dir_block(dir, n, &page, &err);
		u32 offs = 0;

		if (!kaddr)
			return err;
		while (offs < sb->s_blocksize) {
			const struct ext2_dir_entry_2 *de =
				(const void *)(kaddr + offs);

			offs += de->rec_len;
			if (de->inode && de->name_len == name->len &&
			    !memcmp(de->name, name->name, name->len)) {
				long ino = de->inode;

				put_page(page);
				return ino;
			}
		}
		put_page(page);
	}
	return 0;
}

const struct file_operations ext2_dir_operations = {
	.readdir = ext2_readdir,
};
