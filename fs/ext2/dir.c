/*
 * fs/ext2/dir.c - ext2 directories: reading (getdents, lookup) and
 * changing (add, delete and retarget an entry, make and test an empty
 * directory).
 *
 * A directory is a file of blocks, each tiled by variable-length records:
 *
 *  block:  | ino 2 | 12 | 1 | DIR | "."   | ino 2 | 12 | 2 | DIR | ".."  |
 *          | ino 12 | 16 | 5 | REG | "hello" | ino 0 (unused) | ... rec_len
 *          \_ inode _/ rec_len name_len file_type   the last record reaches
 *                                                  the end of the block
 *
 * The blocks are read and written through the device's buffers (sb_bread,
 * mark_buffer_dirty), as the inode tables and bitmaps are, never through
 * the directory's own page cache: a directory has no page cache here, so
 * there is one copy of each block and it is written back with the rest of
 * the metadata.  Every block is checked before a record of it is believed,
 * as Linux's ext2_check_page does: a record shorter than 12 bytes or than
 * its name, not a multiple of 4, crossing the block's end, or naming an
 * inode past the last is corruption: -EIO and a message, and nothing of
 * that block is used.  readdir's position is the byte offset of the next
 * record.
 *
 * Adding a name takes the first record with room: an unused one long
 * enough, or a used one whose rec_len exceeds what its name needs by the
 * new record (the used one is cut to its size, the new one takes the
 * rest).  With no room the directory grows by a block (ext2_get_block
 * with create) holding one record.  Deleting merges the record into the
 * one before it in its block, or, first in its block, sets its inode to
 * 0.  All run under namespace_sem (fs/inode.h).
 */
#include "fs/ext2/ext2.h"
#include "fs/file.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"

static const unsigned char ext2_filetype_table[EXT2_FT_MAX] = {
	[EXT2_FT_UNKNOWN] = DT_UNKNOWN, [EXT2_FT_REG_FILE] = DT_REG,
	[EXT2_FT_DIR] = DT_DIR,		[EXT2_FT_CHRDEV] = DT_CHR,
	[EXT2_FT_BLKDEV] = DT_BLK,	[EXT2_FT_FIFO] = DT_FIFO,
	[EXT2_FT_SOCK] = DT_SOCK,	[EXT2_FT_SYMLINK] = DT_LNK,
};

static bool has_filetype(struct super_block *sb)
{
	return EXT2_SB(sb)->s_es->s_feature_incompat &
	       EXT2_FEATURE_INCOMPAT_FILETYPE;
}

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

/* Block n of dir, checked, in a held buffer; NULL with *err set. */
static struct buffer_head *dir_bread(struct inode *dir, u32 n, int *err)
{
	struct super_block *sb = dir->i_sb;
	struct buffer_head *bh;
	u32 pblock;

	*err = ext2_get_block(dir, n, &pblock, 0);
	if (*err)
		return NULL;
	*err = -EIO;
	if (!pblock) {
		ext2_error(sb, "ext2_check_page",
			   "directory #%lu contains a hole at offset %lu",
			   dir->i_ino,
			   (unsigned long)n << sb->s_blocksize_bits);
		return NULL;
	}
	bh = sb_bread(sb, pblock);
	if (!bh)
		return NULL;
	if (check_block(dir, n, bh->b_data))
		return bh;
	brelse(bh);
	return NULL;
}

static u32 dir_blocks(struct inode *dir)
{
	return dir->i_size >> dir->i_sb->s_blocksize_bits;
}

static struct ext2_dir_entry_2 *next_entry(struct ext2_dir_entry_2 *de)
{
	return (struct ext2_dir_entry_2 *)((char *)de + de->rec_len);
}

/*
 * Visit each record of dir from block `from` on, in disk order: visit
 * returns 0 to go on, > 0 to stop at this record (returned with its block
 * held in pos->bh, pos->de the record, pos->prev the one before it in
 * the block or NULL), < 0 an error that ends the walk.  0 when the walk
 * reached the end (no buffer held).
 */
static int dir_walk(struct inode *dir, u32 from, struct ext2_dir_pos *pos,
		    int (*visit)(struct ext2_dir_pos *pos, void *arg),
		    void *arg)
{
	int ret;

	for (pos->n = from; pos->n < dir_blocks(dir); pos->n++) {
		char *end;

		pos->bh = dir_bread(dir, pos->n, &ret);
		if (!pos->bh)
			return ret;
		end = pos->bh->b_data + dir->i_sb->s_blocksize;
		pos->prev = NULL;
		for (pos->de = (void *)pos->bh->b_data; (char *)pos->de < end;
		     pos->de = next_entry(pos->de)) {
			ret = visit(pos, arg);
			if (ret > 0)
				return ret;
			if (ret < 0)
				break;
			pos->prev = pos->de;
		}
		brelse(pos->bh);
		if (ret < 0)
			return ret;
	}
	pos->bh = NULL;
	return 0;
}

/* Byte offset of the record at pos in the directory. */
static loff_t pos_offset(struct inode *dir, const struct ext2_dir_pos *pos)
{
	return ((loff_t)pos->n << dir->i_sb->s_blocksize_bits) +
	       ((char *)pos->de - pos->bh->b_data);
}

struct readdir_arg {
	struct inode *dir;
	struct dir_context *ctx;
};

static int readdir_visit(struct ext2_dir_pos *pos, void *arg)
{
	struct readdir_arg *ra = arg;
	struct ext2_dir_entry_2 *de = pos->de;
	loff_t off = pos_offset(ra->dir, pos);
	unsigned char type = DT_UNKNOWN;

	if (off < ra->ctx->pos)
		return 0;
	if (de->inode) {
		if (has_filetype(ra->dir->i_sb) && de->file_type < EXT2_FT_MAX)
			type = ext2_filetype_table[de->file_type];
		if (!ra->ctx->actor(ra->ctx, de->name, de->name_len, de->inode,
				    type))
			return 1;
	}
	ra->ctx->pos = off + de->rec_len;
	return 0;
}

static int ext2_readdir(struct file *file, struct dir_context *ctx)
{
	struct readdir_arg ra = { file->f_inode, ctx };
	struct ext2_dir_pos pos;
	int ret;

	if (ctx->pos < 0)
		return -EINVAL;
	ret = dir_walk(ra.dir, ctx->pos >> ra.dir->i_sb->s_blocksize_bits, &pos,
		       readdir_visit, &ra);
	if (ret > 0)
		brelse(pos.bh);
	return ret < 0 ? ret : 0;
}

static int name_visit(struct ext2_dir_pos *pos, void *arg)
{
	const struct qstr *name = arg;

	return pos->de->inode && pos->de->name_len == name->len &&
	       !memcmp(pos->de->name, name->name, name->len);
}

int ext2_find_entry(struct inode *dir, const struct qstr *name,
		    struct ext2_dir_pos *pos)
{
	int ret = dir_walk(dir, 0, pos, name_visit, (void *)name);

	return ret < 0 ? ret : ret ? 0 : -ENOENT;
}

long ext2_inode_by_name(struct inode *dir, const struct qstr *name)
{
	struct ext2_dir_pos pos;
	int err = ext2_find_entry(dir, name, &pos);
	long ino;

	if (err)
		return err == -ENOENT ? 0 : err;
	ino = pos.de->inode;
	brelse(pos.bh);
	return ino;
}

static unsigned char file_type(struct super_block *sb, umode_t mode)
{
	static const unsigned char types[S_IFMT >> 12] = {
		[S_IFREG >> 12] = EXT2_FT_REG_FILE,
		[S_IFDIR >> 12] = EXT2_FT_DIR,
		[S_IFCHR >> 12] = EXT2_FT_CHRDEV,
		[S_IFBLK >> 12] = EXT2_FT_BLKDEV,
		[S_IFIFO >> 12] = EXT2_FT_FIFO,
		[S_IFSOCK >> 12] = EXT2_FT_SOCK,
		[S_IFLNK >> 12] = EXT2_FT_SYMLINK,
	};

	return has_filetype(sb) ? types[(mode & S_IFMT) >> 12] :
				  EXT2_FT_UNKNOWN;
}

static void set_entry(struct ext2_dir_entry_2 *de, struct inode *inode)
{
	de->inode = inode->i_ino;
	de->file_type = file_type(inode->i_sb, inode->i_mode);
}

/* The directory changed: its times, and the inode to be written. */
static int dir_changed(struct inode *dir)
{
	dir->i_mtime = dir->i_ctime = current_time();
	return ext2_write_inode(dir, false);
}

/* Block n = the directory's end: allocated and tiled by one unused
 * record, held in pos->bh, the directory one block longer. */
static int dir_extend(struct inode *dir, struct ext2_dir_pos *pos)
{
	struct super_block *sb = dir->i_sb;
	u32 pblock;
	int err;

	pos->n = dir_blocks(dir);
	err = ext2_get_block(dir, pos->n, &pblock, 1);
	if (err)
		return err;
	pos->bh = sb_bread(sb, pblock);
	if (!pos->bh)
		return -EIO;
	memset(pos->bh->b_data, 0, sb->s_blocksize);
	pos->prev = NULL;
	pos->de = (struct ext2_dir_entry_2 *)pos->bh->b_data;
	pos->de->rec_len = sb->s_blocksize;
	dir->i_size += sb->s_blocksize;
	return 0;
}

static int room_visit(struct ext2_dir_pos *pos, void *arg)
{
	unsigned int need = *(unsigned int *)arg;
	struct ext2_dir_entry_2 *de = pos->de;

	if (!de->inode)
		return de->rec_len >= need;
	return de->rec_len >= EXT2_DIR_REC_LEN(de->name_len) + need;
}

int ext2_add_link(struct inode *dir, const struct qstr *name,
		  struct inode *inode)
{
	unsigned int need = EXT2_DIR_REC_LEN(name->len);
	struct ext2_dir_pos pos;
	struct ext2_dir_entry_2 *de;
	int err = dir_walk(dir, 0, &pos, room_visit, &need);

	if (err < 0)
		return err;
	if (!err) {
		err = dir_extend(dir, &pos);
		if (err)
			return err;
	}
	de = pos.de;
	if (de->inode) { /* cut it to its size; the rest is the new one */
		struct ext2_dir_entry_2 *de1 =
			(void *)((char *)de + EXT2_DIR_REC_LEN(de->name_len));

		de1->rec_len = de->rec_len - EXT2_DIR_REC_LEN(de->name_len);
		de->rec_len = EXT2_DIR_REC_LEN(de->name_len);
		de = de1;
	}
	de->name_len = name->len;
	memcpy(de->name, name->name, name->len);
	set_entry(de, inode);
	mark_buffer_dirty(pos.bh);
	brelse(pos.bh);
	return dir_changed(dir);
}

int ext2_delete_entry(struct inode *dir, struct ext2_dir_pos *pos)
{
	struct ext2_dir_entry_2 *de = (void *)pos->bh->b_data, *prev = NULL;

	/* The record before it now: an add since it was found may have cut
	 * the one pos->prev names. */
	while (de != pos->de) {
		prev = de;
		de = next_entry(de);
	}
	if (prev)
		prev->rec_len += de->rec_len;
	de->inode = 0;
	mark_buffer_dirty(pos->bh);
	brelse(pos->bh);
	return dir_changed(dir);
}

int ext2_set_link(struct inode *dir, struct ext2_dir_pos *pos,
		  struct inode *inode, bool update_times)
{
	set_entry(pos->de, inode);
	mark_buffer_dirty(pos->bh);
	brelse(pos->bh);
	return update_times ? dir_changed(dir) : 0;
}

int ext2_make_empty(struct inode *inode, struct inode *parent)
{
	struct ext2_dir_pos pos;
	struct ext2_dir_entry_2 *de;
	int err = dir_extend(inode, &pos);

	if (err)
		return err;
	de = pos.de;
	de->name_len = 1;
	de->rec_len = EXT2_DIR_REC_LEN(1);
	memcpy(de->name, ".", 1);
	set_entry(de, inode);
	de = next_entry(de);
	de->name_len = 2;
	de->rec_len = inode->i_sb->s_blocksize - EXT2_DIR_REC_LEN(1);
	memcpy(de->name, "..", 2);
	set_entry(de, parent);
	mark_buffer_dirty(pos.bh);
	brelse(pos.bh);
	return ext2_write_inode(inode, false);
}

static int not_empty_visit(struct ext2_dir_pos *pos, void *arg)
{
	struct ext2_dir_entry_2 *de = pos->de;

	(void)arg;
	if (!de->inode || (de->name_len == 1 && de->name[0] == '.'))
		return 0;
	return !(de->name_len == 2 && de->name[0] == '.' && de->name[1] == '.');
}

int ext2_empty_dir(struct inode *inode)
{
	struct ext2_dir_pos pos;
	int ret = dir_walk(inode, 0, &pos, not_empty_visit, NULL);

	if (ret > 0) {
		brelse(pos.bh);
		return -ENOTEMPTY;
	}
	return ret;
}

int ext2_dotdot(struct inode *dir, struct ext2_dir_pos *pos)
{
	struct ext2_dir_entry_2 *de;
	int err;

	pos->n = 0;
	pos->bh = dir_blocks(dir) ? dir_bread(dir, 0, &err) : NULL;
	if (!pos->bh)
		return dir_blocks(dir) ? err : -EIO;
	de = (struct ext2_dir_entry_2 *)pos->bh->b_data;
	pos->prev = de;
	pos->de = next_entry(de);
	if ((char *)pos->de - pos->bh->b_data < (long)dir->i_sb->s_blocksize &&
	    pos->de->name_len == 2 && !memcmp(pos->de->name, "..", 2))
		return 0;
	brelse(pos->bh);
	pos->bh = NULL;
	ext2_error(dir->i_sb, "ext2_dotdot", "directory #%lu: no \"..\"",
		   dir->i_ino);
	return -EIO;
}

const struct file_operations ext2_dir_operations = {
	.readdir = ext2_readdir,
	.llseek = ext2_llseek,
	.fsync = ext2_fsync,	/* the blocks live in the device's buffers */
};
