/*
 * fs/mem_dev.h - /dev/null, /dev/zero, /dev/full (major 1).
 */
#ifndef FS_MEM_DEV_H
#define FS_MEM_DEV_H

void mem_dev_init(void);

#endif
