/*
 * kernel/random.h - the kernel's random numbers: an entropy pool fed by
 * the boot clock and by interrupt timing, and a ChaCha20 generator keyed
 * from it (Linux's drivers/char/random.c in miniature).
 *
 * getrandom(2), /dev/random (1:8) and /dev/urandom (1:9) all read the
 * same generator, as on Linux 5.18 and later.
 */
#ifndef KERNEL_RANDOM_H
#define KERNEL_RANDOM_H

#include "fs/file.h"
#include "kernel/types.h"

#define RANDOM_MINOR 8
#define URANDOM_MINOR 9

/* Seed the pool from what the PC offers now: RTC, TSC, jiffies. */
void random_init(void);
/* From the IRQ entry: mix the interrupt's number and time.  Cheap. */
void add_interrupt_randomness(int irq, u32 eip);
/* Fill a kernel buffer. */
void get_random_bytes(void *buf, size_t n);

extern const struct file_operations random_fops;

#endif
