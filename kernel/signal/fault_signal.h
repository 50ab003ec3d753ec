/*
 * kernel/signal/fault_signal.h - user-mode CPU exceptions as signals
 * (kernel/signal/fault_signal.c).
 */
#ifndef KERNEL_SIGNAL_FAULT_SIGNAL_H
#define KERNEL_SIGNAL_FAULT_SIGNAL_H

/* Register the handlers for every exception vector except 14. */
void fault_signal_init(void);

#endif
