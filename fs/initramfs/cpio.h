/*
 * fs/initramfs/cpio.h - unpacking a newc ("070701") cpio archive into the file tree.
 *
 * This is the initramfs format (cpio -o -H newc).  Each member is a
 * 110-byte ASCII-hex header, its NUL-terminated name and its data, each
 * padded to 4 bytes; the member named "TRAILER!!!" ends the archive.
 * Directories, regular files, symlinks, device nodes and FIFOs are made
 * with the member's mode; a regular file whose (dev, ino) was already
 * seen with nlink > 1 becomes a hard link to it, as Linux's initramfs does.
 */
#ifndef FS_INITRAMFS_CPIO_H
#define FS_INITRAMFS_CPIO_H

#include "kernel/types.h"

struct cpio_stats {
	unsigned int files, dirs, symlinks, nodes, links;
};

/*
 * Unpack buf[0..len); names are taken relative to the current directory
 * (at boot: "/").  Returns 0, or a negative errno for a corrupt
 * archive (-EINVAL) or a failed creation; members before the error stay
 * unpacked.  *err_msg (if non-NULL) says what was wrong.
 */
int cpio_unpack(const void *buf, size_t len, struct cpio_stats *stats,
		const char **err_msg);

/*
 * The same, calling passed(done) after each member: buf[0..done) has been
 * copied into the tree and is never read again, so the caller may free it
 * (the initramfs gives the boot module's pages back as it goes).
 */
int cpio_unpack_passing(const void *buf, size_t len, struct cpio_stats *stats,
			const char **err_msg, void (*passed)(size_t done));

#endif
