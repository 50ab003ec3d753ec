/*
 * compat/posix-timers.h - POSIX per-process timers (compat/posix-timers.c).
 */
#ifndef COMPAT_POSIX_TIMERS_H
#define COMPAT_POSIX_TIMERS_H

struct ksiginfo;
struct signal_struct;

/* From the tick: fire the timers that are due.  Interrupts off. */
void run_posix_timers(void);
/* dequeue_signal took a timer's signal (si_code SI_TIMER): fill in its
 * si_overrun and start the count again.  Interrupts off. */
void posixtimer_rearm(struct ksiginfo *info);
/* Delete every timer of the group (exec, the group's last exit). */
void exit_itimers(struct signal_struct *sig);

#endif
