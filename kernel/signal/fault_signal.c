/*
 * kernel/signal/fault_signal.c - CPU exceptions raised by user code become
 * signals, as on Linux: divide error -> SIGFPE, invalid opcode -> SIGILL,
 * general protection -> SIGSEGV, int3 -> SIGTRAP ...  The page fault
 * (vector 14) is the address-space code's; it calls force_sig_fault
 * itself.  An exception from kernel mode still goes to kernel_fault
 * (exception fixup or panic).
 */
#include "kernel/signal/fault_signal.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/trap.h"

struct fault_sig {
	int vector;
	int sig;
	int code;
};

#define ILL_ILLOPN 2
#define T_SIMD 19	/* SIMD floating-point exception (#XM) */

static const struct fault_sig fault_sigs[] = {
	{ T_DIVIDE, SIGFPE, FPE_INTDIV },
	{ T_DEBUG, SIGTRAP, SI_KERNEL },
	{ T_BRKPT, SIGTRAP, SI_KERNEL },
	{ T_OFLOW, SIGSEGV, SI_KERNEL },
	{ T_BOUND, SIGSEGV, SI_KERNEL },
	{ T_ILLOP, SIGILL, ILL_ILLOPN },
	{ T_DEVICE, SIGSEGV, SI_KERNEL },
	{ T_TSS, SIGSEGV, SI_KERNEL },
	{ T_SEGNP, SIGBUS, SI_KERNEL },
	{ T_STACK, SIGBUS, SI_KERNEL },
	{ T_GPFLT, SIGSEGV, SI_KERNEL },
	{ T_FPERR, SIGFPE, FPE_FLTINV },
	{ T_ALIGN, SIGBUS, BUS_ADRALN },
	{ T_SIMD, SIGFPE, FPE_FLTINV },
};

static void user_fault(struct trapframe *tf)
{
	unsigned i;

	if (!user_mode(tf)) {
		kernel_fault(tf);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(fault_sigs); i++) {
		const struct fault_sig *f = &fault_sigs[i];

		if (f->vector != (int)tf->trapno)
			continue;
		/* Linux gives si_addr only where si_code says it is a fault. */
		force_sig_fault(f->sig, f->code,
				f->code == SI_KERNEL ? 0 : tf->eip);
		return;
	}
}

void fault_signal_init(void)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(fault_sigs); i++)
		set_trap_handler(fault_sigs[i].vector, user_fault);
}
