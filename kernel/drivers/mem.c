/*
 * kernel/drivers/mem.c - the memory devices of major 1: null (1:3), zero (1:5),
 * full (1:7); random (1:8) and urandom (1:9), whose operations live with
 * the generator in kernel/random.c.
 *
 * null reads as end of file and swallows writes; zero reads as endless
 * zeros; full reads as zeros and refuses every write with -ENOSPC.  As on
 * Linux, seeking any of them succeeds and leaves the position at 0.
 * mmap of zero gives anonymous memory (mm/vm/mmap.c asks is_dev_zero).
 */
#include "fs/chrdev.h"
#include "kernel/drivers/mem.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/random.h"

#define NULL_MINOR 3
#define ZERO_MINOR 5
#define FULL_MINOR 7

static ssize_t read_null(struct file *f, char *buf, size_t n, loff_t *pos)
{
	(void)f;
	(void)buf;
	(void)n;
	(void)pos;
	return 0;
}

static ssize_t write_null(struct file *f, const char *buf, size_t n,
			  loff_t *pos)
{
	(void)f;
	(void)buf;
	(void)pos;
	return n;
}

static ssize_t read_zero(struct file *f, char *buf, size_t n, loff_t *pos)
{
	(void)f;
	(void)pos;
	memset(buf, 0, n);
	return n;
}

static ssize_t write_full(struct file *f, const char *buf, size_t n,
			  loff_t *pos)
{
	(void)f;
	(void)buf;
	(void)n;
	(void)pos;
	return -ENOSPC;
}

static loff_t seek_zero(struct file *f, loff_t off, int whence)
{
	(void)off;
	(void)whence;
	return f->f_pos = 0;
}

static const struct file_operations null_fops = {
	.read = read_null, .write = write_null, .llseek = seek_zero,
};
static const struct file_operations zero_fops = {
	.read = read_zero, .write = write_null, .llseek = seek_zero,
};
static const struct file_operations full_fops = {
	.read = read_zero, .write = write_full, .llseek = seek_zero,
};

bool is_dev_zero(const struct file *file)
{
	return file->f_op == &zero_fops;
}

static int mem_open(struct inode *inode, struct file *file)
{
	switch (MINOR(inode->i_rdev)) {
	case NULL_MINOR:
		file->f_op = &null_fops;
		return 0;
	case ZERO_MINOR:
		file->f_op = &zero_fops;
		return 0;
	case FULL_MINOR:
		file->f_op = &full_fops;
		return 0;
	case RANDOM_MINOR:
	case URANDOM_MINOR:
		file->f_op = &random_fops;
		return 0;
	}
	return -ENXIO;
}

static const struct file_operations mem_fops = {
	.open = mem_open,
};

void mem_dev_init(void)
{
	register_chrdev(MEM_MAJOR, "mem", &mem_fops);
}
