/*
 * kernel/drivers/mem.h - /dev/null, /dev/zero, /dev/full (major 1).
 */
#ifndef KERNEL_DRIVERS_MEM_H
#define KERNEL_DRIVERS_MEM_H

#include "kernel/types.h"

struct file;

void mem_dev_init(void);
/* Is file open on /dev/zero?  Its mappings are anonymous memory. */
bool is_dev_zero(const struct file *file);

#endif
