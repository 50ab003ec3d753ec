/*
 * fs/ext2/ext2_fs.h - what the rest of the kernel sees of ext2: its
 * registration as a file system type ("ext2" for mount(2)).
 */
#ifndef FS_EXT2_EXT2_FS_H
#define FS_EXT2_EXT2_FS_H

void ext2_init(void);

#endif
