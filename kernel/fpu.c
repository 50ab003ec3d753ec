/*
 * kernel/fpu.c - saving and restoring x87/SSE state (see kernel/fpu.h).
 *
 * Detection is the classic one: after FNINIT a present FPU reports a
 * status word of zero through FNSTSW; with no FPU nothing is stored and
 * the preset 0xffff stays.  FNSAVE stores and then reinitialises the
 * FPU, hence the FRSTOR after it when the registers must stay live;
 * FXSAVE leaves them alone.
 */
#include "kernel/fpu.h"
#include "kernel/cpu.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"

#define MXCSR_OFFSET 24		/* in the FXSAVE image */
#define MXCSR_DEFAULT 0x1f80	/* all SSE exceptions masked */

static bool fpu_present;
static bool use_fxsr;
static struct fpu_state init_state;

static void save(struct fpu_state *s)
{
	if (use_fxsr)
		cpu_fxsave(s);
	else
		asm volatile("fnsave %0" : "=m"(*s));
}

static void restore(const struct fpu_state *s)
{
	if (use_fxsr)
		cpu_fxrstor(s);
	else
		asm volatile("frstor %0" : : "m"(*s));
}

void fpu_init(void)
{
	u16 sw = 0xffff;

	asm volatile("fninit\n\tfnstsw %0" : "+m"(sw));
	fpu_present = (sw & 0xff) == 0;
	if (!fpu_present)
		return;
	use_fxsr = boot_cpu.has_fxsr;
	if (use_fxsr)
		cpu_enable_fxsr();
	save(&init_state);
	if (use_fxsr)
		*(u32 *)&init_state.image[MXCSR_OFFSET] = MXCSR_DEFAULT;
	printk("fpu: %s\n", use_fxsr ? "x87 and SSE, saved with FXSAVE"
				     : "x87, saved with FNSAVE");
}

void fpu_reset(struct fpu_state *s)
{
	memcpy(s, &init_state, sizeof(*s));
}

void fpu_reset_live(void)
{
	if (fpu_present)
		restore(&init_state);
}

void fpu_switch(struct fpu_state *prev, const struct fpu_state *next)
{
	if (!fpu_present)
		return;
	save(prev);
	restore(next);
}

void fpu_copy_current(struct fpu_state *s)
{
	if (!fpu_present)
		return;
	save(s);
	if (!use_fxsr)
		restore(s);	/* FNSAVE reinitialised the FPU */
}
