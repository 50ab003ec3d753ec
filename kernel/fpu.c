/*
 * kernel/fpu.c - saving and restoring x87 state (see kernel/fpu.h).
 *
 * Detection is the classic one: after FNINIT a present FPU reports a
 * status word of zero through FNSTSW; with no FPU nothing is stored and
 * the preset 0xffff stays.  FNSAVE stores and then reinitialises the
 * FPU, hence the FRSTOR after it when the registers must stay live.
 */
#include "kernel/fpu.h"
#include "kernel/lib/string.h"

static bool fpu_present;
static struct fpu_state init_state;

void fpu_init(void)
{
	u16 sw = 0xffff;

	asm volatile("fninit\n\tfnstsw %0" : "+m"(sw));
	fpu_present = (sw & 0xff) == 0;
	if (fpu_present)
		asm volatile("fnsave %0" : "=m"(init_state));
}

void fpu_reset(struct fpu_state *s)
{
	memcpy(s, &init_state, sizeof(*s));
}

void fpu_reset_live(void)
{
	if (fpu_present)
		asm volatile("frstor %0" : : "m"(init_state));
}

void fpu_switch(struct fpu_state *prev, const struct fpu_state *next)
{
	if (!fpu_present)
		return;
	asm volatile("fnsave %0" : "=m"(*prev));
	asm volatile("frstor %0" : : "m"(*next));
}

void fpu_copy_current(struct fpu_state *s)
{
	if (!fpu_present)
		return;
	asm volatile("fnsave %0" : "=m"(*s));
	asm volatile("frstor %0" : : "m"(*s));
}
