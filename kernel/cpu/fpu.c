/*
 * kernel/cpu/fpu.c - saving and restoring x87/SSE state (see kernel/cpu/fpu.h).
 *
 * Detection is the classic one: after FNINIT a present FPU reports a
 * status word of zero through FNSTSW; with no FPU nothing is stored and
 * the preset 0xffff stays.  FNSAVE stores and then reinitialises the
 * FPU, hence the FRSTOR after it when the registers must stay live;
 * FXSAVE leaves them alone.
 */
#include "kernel/cpu/fpu.h"
#include "kernel/cmdline.h"
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"

KERNEL_PARAM("no387", "run as on a CPU without an FPU, even if one is there");

#define MXCSR_OFFSET 24		/* in the FXSAVE image */
#define MXCSR_DEFAULT 0x1f80	/* all SSE exceptions masked */

#define CR0_MP (1u << 1)
#define CR0_EM (1u << 2)

/* CPUID leaf 1 EDX bits that need the FPU's registers or CR0.EM clear. */
#define X86_FEATURE_FPU (1u << 0)
#define X86_FEATURE_MMX (1u << 23)
#define X86_FEATURE_FXSR (1u << 24)
#define X86_FEATURE_SSE (1u << 25)
#define X86_FEATURE_SSE2 (1u << 26)

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

/*
 * #NM with CR0.EM set: a user x87 instruction on a machine without one.
 * There is nothing to emulate it with, so the process dies.  Its SIGFPE
 * handler, if any, is not run: returning from it would only execute the
 * same instruction again.
 */
static void math_emulate(struct trapframe *tf)
{
	if (!user_mode(tf)) {
		kernel_fault(tf);
		return;
	}
	printk_ratelimited(KERN_INFO "math-emulation not enabled and no "
					     "coprocessor found.\nkilling %s.\n",
			   current->comm);
	current->sighand->action[SIGFPE - 1].sa_handler = SIG_DFL;
	force_sig(SIGFPE, current);
}

static void no_coprocessor(void)
{
	/* EM: x87 instructions trap instead of waiting on a coprocessor
	 * that is not there.  MP off: WAIT does not trap. */
	write_cr0((read_cr0() | CR0_EM) & ~CR0_MP);
	set_trap_handler(T_DEVICE, math_emulate);
	boot_cpu.has_fxsr = boot_cpu.has_sse = false;
	boot_cpu.x86_capability &= ~(X86_FEATURE_FPU | X86_FEATURE_MMX |
				     X86_FEATURE_FXSR | X86_FEATURE_SSE |
				     X86_FEATURE_SSE2);
	printk("fpu: none, x87 instructions kill the process (SIGFPE)\n");
}

void fpu_init(void)
{
	u16 sw = 0xffff;

	asm volatile("fninit\n\tfnstsw %0" : "+m"(sw));
	fpu_present = (sw & 0xff) == 0 && !cmdline_has("no387");
	boot_cpu.has_fpu = fpu_present;
	if (!fpu_present) {
		no_coprocessor();
		return;
	}
	boot_cpu.x86_capability |= X86_FEATURE_FPU;
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

/* FXSAVE's abridged tag byte, widened to FNSAVE's two bits a register
 * (0 valid, 1 zero, 2 special, 3 empty) from the register itself. */
static u32 twd_fxsr_to_i387(const u8 *fx)
{
	u32 tos = (*(const u16 *)(fx + 2) >> 11) & 7, twd = fx[4];
	u32 ret = 0xffff0000u, tag;
	int i;

	for (i = 0; i < 8; i++, twd >>= 1) {
		const u16 *st = (const u16 *)(fx + 32 + ((i - tos) & 7) * 16);

		if (!(twd & 1))
			tag = 3;
		else if ((st[4] & 0x7fff) == 0x7fff)
			tag = 2;
		else if ((st[4] & 0x7fff) == 0)
			tag = st[0] || st[1] || st[2] || st[3] ? 2 : 1;
		else
			tag = st[3] & 0x8000 ? 0 : 2;
		ret |= tag << (2 * i);
	}
	return ret;
}

bool fpu_get_i387(struct task_struct *t, u8 *env)
{
	/* FXSAVE's 16-byte alignment; one CPU, and nothing sleeps here. */
	static struct fpu_state live;
	const u8 *fx = t->fpu.image;
	u32 *w = (u32 *)env;
	int i;

	if (!fpu_present)
		return false;
	if (t == current) {
		fpu_copy_current(&live);
		fx = live.image;
	}
	if (!use_fxsr) {
		memcpy(env, fx, FPU_I387_SIZE);
		return true;
	}
	w[0] = *(const u16 *)fx | 0xffff0000u;			/* cwd */
	w[1] = *(const u16 *)(fx + 2) | 0xffff0000u;		/* swd */
	w[2] = twd_fxsr_to_i387(fx);
	w[3] = *(const u32 *)(fx + 8);				/* fip */
	w[4] = *(const u16 *)(fx + 12) |
	       (u32)*(const u16 *)(fx + 6) << 16;		/* fcs, fop */
	w[5] = *(const u32 *)(fx + 16);				/* foo */
	w[6] = *(const u32 *)(fx + 20);				/* fos */
	for (i = 0; i < 8; i++)
		memcpy(env + 28 + i * 10, fx + 32 + i * 16, 10);
	return true;
}
