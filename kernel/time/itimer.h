/*
 * kernel/time/itimer.h - alarm and ITIMER_REAL (kernel/time/itimer.c).
 */
#ifndef KERNEL_TIME_ITIMER_H
#define KERNEL_TIME_ITIMER_H

struct task_struct;

/* From the tick: SIGALRM to every task whose timer expired. */
void run_real_timers(void);
/* Disarm t's timer (exit). */
void itimer_exit(struct task_struct *t);

#endif
