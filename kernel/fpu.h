/*
 * kernel/fpu.h - the x87 state of user tasks across context switches.
 *
 * User programs (musl's printf of a double, awk, sleep 0.5) use the x87;
 * the kernel never does (-mno-80387).  So the scheduler simply saves the
 * outgoing task's x87 registers and loads the incoming task's on every
 * switch (FNSAVE/FRSTOR, which every 387 has).  A CPU with no FPU at all
 * (a bare 386) skips all of it; programs using the x87 then fault.
 */
#ifndef KERNEL_FPU_H
#define KERNEL_FPU_H

#include "kernel/types.h"

#define FPU_STATE_SIZE 108	/* FNSAVE's 32-bit protected-mode image */

struct fpu_state {
	u8 image[FPU_STATE_SIZE];
} __attribute__((aligned(4)));

/* Detect the FPU and record its just-initialised state. */
void fpu_init(void);
/* The state a new program starts with (FNINIT's). */
void fpu_reset(struct fpu_state *s);
/* exec: the live registers become FNINIT's. */
void fpu_reset_live(void);
/* Switch: save the live registers into prev, load next. */
void fpu_switch(struct fpu_state *prev, const struct fpu_state *next);
/* fork: copy the live registers into s, keeping them live. */
void fpu_copy_current(struct fpu_state *s);

#endif
