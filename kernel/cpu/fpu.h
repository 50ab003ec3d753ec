/*
 * kernel/cpu/fpu.h - the x87/SSE state of user tasks across context switches.
 *
 * User programs use the x87 (musl's printf of a double, awk) and, when
 * CPUID offers it, SSE (glibc's string functions in Debian's static
 * BusyBox); the kernel itself never does (-mno-80387 -mno-sse).  So the
 * scheduler simply saves the outgoing task's registers and loads the
 * incoming task's on every switch: FXSAVE/FXRSTOR (x87 and XMM) on a CPU
 * with FXSR, where fpu_init also turns SSE on for user mode; else
 * FNSAVE/FRSTOR, which every 387 has.  A CPU with no FPU at all (a 386 or
 * a 486SX without its coprocessor), or any CPU booted with `no387`, skips
 * all of it: CR0.EM makes every x87 instruction raise #NM, and the
 * process that issued it is killed with SIGFPE, as on Linux built without
 * math emulation.  MMX and SSE instructions raise #UD under CR0.EM
 * (SIGILL); no such CPU has them anyway, and AT_HWCAP no longer offers
 * them.
 */
#ifndef KERNEL_CPU_FPU_H
#define KERNEL_CPU_FPU_H

#include "kernel/types.h"

#define FPU_STATE_SIZE 512	/* FXSAVE's image; FNSAVE uses the first 108 */

struct fpu_state {
	u8 image[FPU_STATE_SIZE];
} __attribute__((aligned(16)));

/* Detect the FPU (after cpu_init, sets boot_cpu.has_fpu), enable SSE and
 * record the reset state, or trap the x87 when there is none. */
void fpu_init(void);
/* The state a new program starts with (FNINIT's). */
void fpu_reset(struct fpu_state *s);
/* exec: the live registers become FNINIT's. */
void fpu_reset_live(void);
/* Switch: save the live registers into prev, load next. */
void fpu_switch(struct fpu_state *prev, const struct fpu_state *next);
/* fork: copy the live registers into s, keeping them live. */
void fpu_copy_current(struct fpu_state *s);

/*
 * The x87 registers of a user task t (current: the live ones) in
 * FNSAVE's 108-byte layout, Linux's user_i387_struct, converted from
 * FXSAVE's where that is what was saved (Linux's convert_from_fxsr): a
 * core file's NT_PRFPREG.  False on a machine without an FPU.
 */
#define FPU_I387_SIZE 108
struct task_struct;
bool fpu_get_i387(struct task_struct *t, u8 *env);

#endif
