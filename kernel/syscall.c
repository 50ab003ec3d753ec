/*
 * kernel/syscall.c - the int 0x80 dispatcher (see kernel/syscall.h).
 *
 * The gate is a DPL-3 trap gate, so interrupts stay enabled as they were
 * in user mode.  The call number is kept in current->syscall_nr (Linux's
 * orig_eax) because eax is overwritten with the result and the signal
 * code needs the number to restart an interrupted call.
 */
#include "kernel/syscall.h"
#include "kernel/errno.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"

/* Declare every entry as an unprototyped function: the table does not
 * care about parameter types, the callee reads what it declared. */
#define SYSCALL(nr, fn) long fn();
#include "kernel/syscalls.def"
#undef SYSCALL

#define SYSCALL(nr, fn) [nr] = (syscall_fn_t)fn,
const syscall_fn_t sys_call_table[NR_syscalls] = {
#include "kernel/syscalls.def"
};
#undef SYSCALL

/*
 * An unknown call gets -ENOSYS, as on Linux, and a line in the kernel log
 * once per number: which calls programs miss.  At KERN_DEBUG and rate
 * limited, it is in dmesg but never on the console, in the middle of
 * the program's own output (numbers past the table are not remembered).
 */
static u32 enosys_reported[NR_syscalls / 32 + 1];

static void report_enosys(u32 nr)
{
	if (nr < NR_syscalls) {
		if (enosys_reported[nr / 32] & (1u << (nr % 32)))
			return;
		enosys_reported[nr / 32] |= 1u << (nr % 32);
	}
	printk_ratelimited(KERN_DEBUG "%s[%d]: unknown system call %u\n",
			   current->comm, current->pid, nr);
}

struct trapframe *current_regs(void)
{
	return task_pt_regs(current);
}

static void syscall_dispatch(struct trapframe *tf)
{
	u32 nr = tf->eax;
	long ret;

	current->syscall_nr = nr;
	if (nr < NR_syscalls && sys_call_table[nr]) {
		ret = sys_call_table[nr](tf->ebx, tf->ecx, tf->edx, tf->esi,
					 tf->edi, tf->ebp);
	} else {
		report_enosys(nr);
		ret = -ENOSYS;
	}
	tf->eax = ret;
}

void syscall_init(void)
{
	set_syscall_handler(syscall_dispatch);
}
