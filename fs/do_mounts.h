/*
 * fs/do_mounts.h - mounting the root file system named by root=.
 */
#ifndef FS_DO_MOUNTS_H
#define FS_DO_MOUNTS_H

/*
 * In process 1 before it opens the console: with root=DEV and no /init
 * in the initramfs, DEV becomes "/" (read-only unless rw), with devtmpfs
 * on its /dev.  Without root= the initramfs stays the root.  Panics when
 * DEV cannot be mounted.
 */
void prepare_namespace(void);

#endif
