/*
 * kernel/cpu/power.h - leaving the machine: power off, reboot, and the test
 * exit that tells the emulator whether the run passed.
 */
#ifndef KERNEL_CPU_POWER_H
#define KERNEL_CPU_POWER_H

#include "kernel/types.h"

/* Codes for QEMU's isa-debug-exit device; QEMU exits with (code << 1) | 1. */
#define EXIT_PASS 0x10	/* QEMU status 33 */
#define EXIT_FAIL 0x11	/* QEMU status 35 */

void __noreturn test_exit(int code);
void __noreturn machine_power_off(void);
void __noreturn machine_restart(void);
void __noreturn machine_halt(void);

#endif
