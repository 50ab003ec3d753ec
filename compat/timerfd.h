/*
 * compat/timerfd.h - timers read through a file descriptor
 * (compat/timerfd.c).
 */
#ifndef COMPAT_TIMERFD_H
#define COMPAT_TIMERFD_H

/* From the tick: count the expiries of the timers that are due and wake
 * their readers.  Interrupts off. */
void run_timerfds(void);
/* CLOCK_REALTIME was set: cancel the timers that asked for it. */
void timerfd_clock_was_set(void);

#endif
