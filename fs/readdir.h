/*
 * fs/readdir.h - the buffer a getdents-style call fills (fs/readdir.c).
 *
 * A file system hands each directory entry to a filldir function
 * (fs/file.h); the call's own filldir lays the entry out in its record
 * format (struct linux_dirent64 for getdents64, the older ones in
 * compat/old_readdir.c) in a kernel buffer, which getdents_into() copies
 * to the user once the directory has been read.  A record's d_off is
 * where the next entry starts, known only when that entry comes: the
 * buffer keeps a pointer to the last record's d_off and fills it in then,
 * or from the file position at the end.
 */
#ifndef FS_READDIR_H
#define FS_READDIR_H

#include "fs/file.h"

struct getdents_buf {
	struct dir_context ctx;
	char *buf;
	unsigned int size, used;
	void *prev_off; /* the last record's d_off, or NULL */
	bool wide_off; /* d_off is 64 bits, else 32 */
	int error; /* why an entry was refused: -EINVAL (no room),
				 * -EOVERFLOW (its number is too wide) */
};

/* Room for a record of reclen bytes, zeroed, the previous record's d_off
 * set to this entry's position; NULL (error -EINVAL) when it does not
 * fit.  The caller fills it and points prev_off at its d_off. */
void *getdents_reserve(struct getdents_buf *g, unsigned int reclen);
/*
 * Read fd's directory into dirent (count bytes) with fill, records with
 * a wide_off or 32-bit d_off: the bytes given, 0 at the end, or -errno
 * (EBADF, ENOTDIR, EFAULT, EINVAL when not even one record fits).
 */
long getdents_into(unsigned int fd, void *dirent, unsigned int count,
		   filldir_t fill, bool wide_off);

#endif
