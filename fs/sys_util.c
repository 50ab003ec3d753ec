/*
 * fs/sys_util.c - user path names and dirfds.
 */
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

char *getname(const char *upath)
{
	char *name = kmalloc(PATH_MAX, GFP_KERNEL);
	long n;

	if (!name)
		return ERR_PTR(-ENOMEM);
	n = strncpy_from_user(name, upath, PATH_MAX);
	if (n < 0) {
		kfree(name);
		return ERR_PTR(n);
	}
	if (n >= PATH_MAX) {
		kfree(name);
		return ERR_PTR(-ENAMETOOLONG);
	}
	return name;
}

void putname(char *name)
{
	kfree(name);
}

struct file *fget_current(int fd)
{
	struct file *f = fget(current_files(), fd);

	if (f && (f->f_mode & FMODE_PATH)) {
		fput(f);
		return NULL;
	}
	return f;
}

struct file *fget_current_raw(int fd)
{
	return fget(current_files(), fd);
}

int at_base(int dfd, const char *name, struct file **dirf,
	    struct path **base)
{
	struct file *f;

	*dirf = NULL;
	*base = NULL;
	if (name[0] == '/' || dfd == AT_FDCWD)
		return 0;
	f = fget_current_raw(dfd);
	if (!f)
		return -EBADF;
	if (!S_ISDIR(f->f_inode->i_mode) && name[0]) {
		fput(f);
		return -ENOTDIR;
	}
	*dirf = f;
	*base = &f->f_path;
	return 0;
}
