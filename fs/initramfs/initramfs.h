/*
 * fs/initramfs/initramfs.h - unpacking the boot module into the root file system.
 */
#ifndef FS_INITRAMFS_INITRAMFS_H
#define FS_INITRAMFS_INITRAMFS_H

/*
 * Unpack the first Multiboot module (a newc cpio archive) into "/", then
 * give its frames back to the page allocator.  No module: nothing to do.
 * A corrupt archive is reported and what was unpacked before it stays.
 */
void populate_rootfs(void);

#endif
