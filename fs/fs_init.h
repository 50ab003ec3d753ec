/*
 * fs/fs_init.h - bringing the file systems up at boot.
 */
#ifndef FS_FS_INIT_H
#define FS_FS_INIT_H

/*
 * After mm_init and the interrupt controller (the tty takes IRQs 1 and 4):
 * caches, file system types and devices; ramfs mounted at "/", the
 * initramfs unpacked into it, devtmpfs mounted at /dev and proc at /proc.
 */
void fs_init(void);

#endif
