/*
 * kernel/init.h - the last step of kmain (see kernel/init.c).
 */
#ifndef KERNEL_INIT_H
#define KERNEL_INIT_H

#include "kernel/types.h"

/* Start pid 1 and become the idle task.  Never returns. */
void __noreturn rest_init(void);

#endif
