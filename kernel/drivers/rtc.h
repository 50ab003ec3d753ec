/*
 * kernel/drivers/rtc.h - the CMOS real-time clock (MC146818), read only.
 *
 * The PC's battery-backed clock gives the wall-clock time to the second.
 * Mapback reads it for file times (fs/inode.c current_time) and for the
 * time-of-day system calls.  The clock is assumed to hold UTC.
 */
#ifndef KERNEL_DRIVERS_RTC_H
#define KERNEL_DRIVERS_RTC_H

#include "kernel/types.h"

/* Seconds since 1970-01-01 00:00:00 UTC. */
u32 rtc_read_epoch(void);

#endif
