/*
 * kernel/cpu/trap.c - dispatch every trap to its handler.
 *
 * kernel/cpu/entry.asm calls trap() with the frame it built.  IRQs are acked
 * at their chip before their handler runs, so a handler that switches tasks
 * (the timer tick) does not leave the PIC waiting.  All gates except
 * int 0x80 are interrupt gates: handlers start with IF clear.  User mode
 * may reach int 0x80, int3 and int $4 (DPL 3), no other vector.
 *
 * An exception with no handler of its own goes to kernel_fault() when it
 * came from the kernel: an exception-table fixup (or an armed
 * ktest_catch_fault) resumes elsewhere, otherwise die() panics with the
 * whole story.  A user-mode exception with no handler also dies: turning
 * exceptions into signals is proc's, by registering handlers here.
 */
#include "kernel/cpu/trap.h"
#include "kernel/drivers/pic.h"
#include "kernel/cpu/extable.h"
#include "kernel/cpu/gdt.h"
#include "kernel/sched/idle.h"
#include "kernel/cpu/idt.h"
#include "kernel/cpu/io.h"
#include "kernel/ksyms.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/random.h"
#include "kernel/sched/sched.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/smp/apic.h"
#include "kernel/process/task.h"

#define NR_STUBS (IRQ_BASE + NR_IRQS)

_Static_assert(__builtin_offsetof(struct trapframe, cs) == 60,
	       "kernel/cpu/entry.asm's TF_CS");

static trap_handler_t handlers[IDT_ENTRIES];
static const char *irq_names[NR_IRQS];
static u32 irq_counts[NR_IRQS];
static const struct irq_chip *irq_chips[NR_IRQS];
static int irq_hwirqs[NR_IRQS];
static const char *irq_flows[NR_IRQS];

extern const u32 trap_stubs[NR_STUBS + 1];	/* the last is int 0x80 */
extern const u32 system_stubs[IDT_ENTRIES - FIRST_SYSTEM_VECTOR];

static const char *const exception_names[NR_EXCEPTIONS] = {
	"divide error", "debug", "non-maskable interrupt", "int3",
	"overflow", "bounds", "invalid opcode", "device not available",
	"double fault", "coprocessor segment overrun", "invalid TSS",
	"segment not present", "stack segment", "general protection",
	"page fault", "reserved (15)", "coprocessor error",
	"alignment check", "machine check", "SIMD floating point",
};

const char *trap_name(u32 trapno)
{
	if (trapno < NR_EXCEPTIONS)
		return exception_names[trapno] ? exception_names[trapno]
					       : "reserved";
	if (trapno >= IRQ_BASE && trapno < IRQ_BASE + NR_IRQS)
		return "IRQ";
	if (trapno == SYSCALL_VECTOR)
		return "system call";
	return "unknown";
}

void trap_init(void)
{
	int v;

	for (v = 0; v < NR_IRQS; v++) {
		irq_chips[v] = &i8259A_chip;
		irq_hwirqs[v] = v;
		irq_flows[v] = "edge";
	}
	for (v = 0; v < NR_STUBS; v++)
		idt_set_gate(v, trap_stubs[v], GATE_INTERRUPT, 0);
	/* As on Linux, user code may raise these two itself: int3 (the
	 * debugger's breakpoint, SIGTRAP) and into/int $4 (SIGSEGV).  Any
	 * other int $n from user mode is a #GP. */
	idt_set_gate(T_BRKPT, trap_stubs[T_BRKPT], GATE_INTERRUPT, 3);
	idt_set_gate(T_OFLOW, trap_stubs[T_OFLOW], GATE_INTERRUPT, 3);
	idt_set_gate(SYSCALL_VECTOR, trap_stubs[NR_STUBS], GATE_TRAP, 3);
	idt_load();
}

void set_trap_handler(int vector, trap_handler_t h)
{
	BUG_ON(vector < 0 || vector >= NR_EXCEPTIONS);
	handlers[vector] = h;
}

trap_handler_t get_trap_handler(int vector)
{
	BUG_ON(vector < 0 || vector >= NR_EXCEPTIONS);
	return handlers[vector];
}

void request_irq(int irq, trap_handler_t h, const char *name)
{
	BUG_ON(irq < 0 || irq >= NR_IRQS);
	handlers[IRQ_BASE + irq] = h;
	irq_names[irq] = name;
	irq_chips[irq]->unmask(irq);
}

void set_irq_chip(int irq, const struct irq_chip *chip, int hwirq,
		  const char *flow)
{
	BUG_ON(irq < 0 || irq >= NR_IRQS);
	if (handlers[IRQ_BASE + irq])
		irq_chips[irq]->mask(irq);
	irq_chips[irq] = chip;
	irq_hwirqs[irq] = hwirq;
	irq_flows[irq] = flow;
	if (handlers[IRQ_BASE + irq])
		chip->unmask(irq);
}

const struct irq_chip *irq_get_chip(int irq, int *hwirq, const char **flow)
{
	*hwirq = irq_hwirqs[irq];
	*flow = irq_flows[irq];
	return irq_chips[irq];
}

const char *irq_name(int irq)
{
	return irq_names[irq];
}

u32 kstat_irqs(int irq)
{
	return irq_counts[irq];
}

void set_intr_gate(int vector, trap_handler_t h)
{
	BUG_ON(vector < FIRST_SYSTEM_VECTOR || vector >= IDT_ENTRIES);
	handlers[vector] = h;
	idt_set_gate(vector, system_stubs[vector - FIRST_SYSTEM_VECTOR],
		     GATE_INTERRUPT, 0);
}

void set_syscall_handler(trap_handler_t h)
{
	handlers[SYSCALL_VECTOR] = h;
}

void show_regs(struct trapframe *tf)
{
	bool user = user_mode(tf);
	u32 esp = user ? tf->esp : (u32)&tf->esp;
	u32 ss = user ? tf->ss : KERNEL_DS;
	u32 off;
	const char *fn = ksym_lookup(tf->eip, &off);

	printk("EIP: %04x:[<%08x>] EFLAGS: %08x", tf->cs & 0xFFFF, tf->eip,
	       tf->eflags);
	if (fn)
		printk(" %s+0x%x", fn, off);
	printk("\neax: %08x ebx: %08x ecx: %08x edx: %08x\n", tf->eax,
	       tf->ebx, tf->ecx, tf->edx);
	printk("esi: %08x edi: %08x ebp: %08x esp: %08x\n", tf->esi, tf->edi,
	       tf->ebp, esp);
	printk("ds: %04x es: %04x fs: %04x gs: %04x ss: %04x\n",
	       tf->ds & 0xFFFF, tf->es & 0xFFFF, tf->fs & 0xFFFF,
	       tf->gs & 0xFFFF, ss & 0xFFFF);
	printk("cr0: %08x cr2: %08x cr3: %08x\n", read_cr0(), read_cr2(),
	       read_cr3());
}

/*
 * The ebp chain skips the caller of a function that has no frame of its
 * own: GCC builds none for a leaf that never touches the stack, and none
 * is complete before `push %ebp; mov %esp,%ebp` (3 bytes) has run.  The
 * return address is then on the top of the stack, under the saved ebp if
 * that was pushed; print it, marked "?" for a frameless leaf (which may
 * have pushed other registers first).
 */
static void show_frameless_caller(struct trapframe *tf)
{
	static const u8 prologue[3] = { 0x55, 0x89, 0xE5 };
	u32 *stack = &tf->esp;	/* kernel mode: where the stack was */
	u32 off, ret, dummy;
	const char *fn = ksym_lookup(tf->eip, &off);
	bool framed;

	if (!fn)
		return;
	framed = !memcmp((u8 *)(tf->eip - off), prologue, sizeof(prologue));
	if (framed && off >= sizeof(prologue))
		return;
	ret = framed ? stack[off] : stack[0];
	if (!ksym_lookup(ret, &dummy))
		return;
	printk("%s has no frame yet; called from%s:\n", fn, framed ? "" : " (?)");
	print_address(ret);
}

void __noreturn die(struct trapframe *tf)
{
	const char *name = trap_name(tf->trapno);

	cli();
	console_verbose();
	printk("%s (vector %u) in %s mode, error code 0x%x\n", name,
	       tf->trapno, user_mode(tf) ? "user" : "kernel", tf->err);
	if (tf->trapno == T_PGFLT)
		printk("page fault at %08x: %s, %s, %s mode\n", read_cr2(),
		       tf->err & PF_PROT ? "protection violation"
					 : "page not present",
		       tf->err & PF_WRITE ? "write" : "read",
		       tf->err & PF_USER ? "user" : "kernel");
	show_regs(tf);
	if (!user_mode(tf))
		show_frameless_caller(tf);
	panic_at(user_mode(tf) ? 0 : tf->ebp, "Fatal exception: %s", name);
}

void kernel_fault(struct trapframe *tf)
{
	if (!fixup_exception(tf))
		die(tf);
}

/*
 * trapret's iretd faulted: the user CS or SS it loads names an LDT entry
 * that is gone (kernel/cpu/entry.asm rebuilt the frame).  As Linux's
 * iret_error, SIGILL; the flat user segments let its handler, or the
 * default action, run.
 */
void iret_error(struct trapframe *tf)
{
	lock_kernel();	/* trapret let go of it before the iretd */
	tf->cs = USER_CS;
	tf->ss = USER_DS;
	force_sig_fault(SIGILL, ILL_BADSTK, 0);
	prepare_exit_to_user(tf);
}

/*
 * IRQ handlers running on the current task's stack.  Per task, not
 * global: the timer's handler may switch tasks, and the task switched to
 * is not in an interrupt.
 */
bool in_irq(void)
{
	return current && current->irq_depth > 0;
}

static void irq_dispatch(struct trapframe *tf)
{
	struct task_struct *t = current;
	int irq = tf->trapno - IRQ_BASE;

	if (!irq_chips[irq]->ack(irq))
		return;
	irq_counts[irq]++;
	if (t)
		t->irq_depth++;
	add_interrupt_randomness(irq, tf->eip);
	if (handlers[tf->trapno])
		handlers[tf->trapno](tf);
	if (t)
		t->irq_depth--;
}

static bool is_interrupt(u32 vector)
{
	return (vector >= IRQ_BASE && vector < IRQ_BASE + NR_IRQS) ||
	       vector >= FIRST_SYSTEM_VECTOR;
}

/*
 * The interrupts that run without the big kernel lock
 * (kernel/locking/kernel_lock.h): the NMI (it may arrive inside any
 * section, on a CPU that holds the lock or waits for it), function calls
 * (a shootdown's sender holds the lock and waits for the answer), the
 * APIC's spurious and error interrupts, and the tick or wake-up of a CPU
 * that was halted in idle (the idle loop takes the lock itself when it
 * has work).
 */
static bool runs_unlocked(u32 vector, bool was_idle)
{
	return vector == T_NMI || vector == CALL_FUNCTION_VECTOR ||
	       vector == SPURIOUS_APIC_VECTOR || vector == ERROR_APIC_VECTOR ||
	       ((vector == LOCAL_TIMER_VECTOR || vector == RESCHEDULE_VECTOR) &&
		was_idle);
}

/*
 * An exception from user mode waits for the big kernel lock with
 * interrupts on, as a system call does: the CPU keeps taking its
 * interrupts meanwhile and may halt until the holder lets go
 * (kernel/locking/kernel_lock.c) instead of spinning.  A page fault's
 * address is read first and put back before the handler runs, since an
 * interrupt handled meanwhile may fault (and be fixed up) itself.  The
 * handler then starts with interrupts off, as from its gate.  A system
 * call's trap gate left them on, and on they stay; an interrupt waits
 * with them off (lock_kernel keeps them as they are).  A free lock is
 * simply taken: the dance is for the wait only.
 */
static void lock_kernel_for(struct trapframe *tf)
{
	u32 cr2;

	if (trylock_kernel())
		return;
	if (!user_mode(tf) || tf->trapno >= NR_EXCEPTIONS) {
		lock_kernel();
		return;
	}
	cr2 = read_cr2();
	sti();
	lock_kernel();
	cli();
	write_cr2(cr2);
}

/*
 * Every trap.  The CPU takes the big kernel lock unless it holds it
 * already (a trap from kernel code); a trap from user mode gives it back
 * in trapret (exit_to_user_mode), after prepare_exit_to_user, which may
 * have switched tasks or even CPUs; a trap that took it from the idle
 * halt gives it back here.
 */
void trap(struct trapframe *tf)
{
	bool was_idle = is_interrupt(tf->trapno) && idle_stop();
	bool took;

	if (runs_unlocked(tf->trapno, was_idle)) {
		handlers[tf->trapno](tf);
		return;
	}
	took = !kernel_locked();
	if (took)
		lock_kernel_for(tf);
	if (tf->trapno >= IRQ_BASE && tf->trapno < IRQ_BASE + NR_IRQS)
		irq_dispatch(tf);
	else if (handlers[tf->trapno])
		handlers[tf->trapno](tf);
	else if (user_mode(tf))
		die(tf);
	else
		kernel_fault(tf);
	if (user_mode(tf))
		prepare_exit_to_user(tf);
	else if (took)
		unlock_kernel();
}

/* The fault catcher for ktests; the stack work is in kernel/cpu/entry.asm. */
int catch_call(u32 *saved_esp, void (*fn)(void *), void *arg);
extern char catch_resume[];

static struct {
	bool armed;
	u32 saved_esp;
	struct caught_fault *out;
} catcher;

int ktest_catch_fault(void (*fn)(void *), void *arg, struct caught_fault *out)
{
	int vector;

	BUG_ON(catcher.armed);
	catcher.armed = true;
	catcher.out = out;
	vector = catch_call(&catcher.saved_esp, fn, arg);
	catcher.armed = false;
	return vector;
}

bool fault_catcher_fixup(struct trapframe *tf)
{
	struct caught_fault *out = catcher.out;

	if (!catcher.armed || tf->trapno >= NR_EXCEPTIONS)
		return false;
	catcher.armed = false;
	if (out) {
		out->vector = tf->trapno;
		out->err = tf->err;
		out->cr2 = tf->trapno == T_PGFLT ? read_cr2() : 0;
		out->tf = *tf;
	}
	tf->eip = (u32)catch_resume;
	tf->eax = tf->trapno;
	tf->ecx = (u32)&catcher.saved_esp;
	return true;
}
