/*
 * kernel/cpu/doublefault.c - the double fault, handled on a stack of its own.
 *
 * A double fault comes when the CPU cannot deliver an exception, above all
 * a page fault with esp in a kernel stack's guard (kernel/process/kstack.h): the
 * frame cannot be pushed.  An ordinary gate would push onto that same
 * stack and fault a third time, which resets the machine without a word.
 * So vector 8 is a task gate, as on Linux i386: the CPU saves the state of
 * what ran into its TSS and loads its double-fault TSS, whose stack,
 * segments and page directory are known good.  The handler reads the
 * interrupted registers back from the CPU's TSS, says whether esp was in
 * a stack guard, and panics with the task and a backtrace of the
 * overflowed stack (its frames, above the guard, are intact).  It never
 * returns: the CPU state of the faulting task is not worth resuming.
 */
#include "kernel/cpu/doublefault.h"
#include "kernel/cpu/gdt.h"
#include "kernel/cpu/idt.h"
#include "kernel/cpu/io.h"
#include "kernel/ksyms.h"
#include "kernel/lib/string.h"
#include "kernel/process/kstack.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"
#include "kernel/smp/percpu.h"
#include "mm/phys/page.h"
#include "mm/phys/pgtable.h"

/*
 * Each CPU has its own double-fault TSS and stack (the task gate names
 * the same GDT slot on every CPU, and each CPU's GDT points it at its
 * own): two CPUs may fault at once, and each handler must find its own
 * CPU's interrupted state.  The stack is a kernel stack like any other,
 * so `current` works on it: its thread_info names the CPU from the start
 * and, once the handler runs, the task that was running there (whose own
 * thread_info an overflow has just overwritten).  CPU 0's are static; an
 * AP's come with its cpu_area (doublefault_alloc_cpu).
 */
static u8 boot_doublefault_stack[THREAD_SIZE]
	__attribute__((aligned(THREAD_SIZE)));
static struct tss_struct boot_doublefault_tss;

static void __noreturn doublefault_fn(void)
{
	struct cpu_area *area = cpu_area(current_thread_info()->cpu);
	struct tss_struct *t = area->tss;
	bool overflow = kstack_in_guard(t->esp);

	current_thread_info()->task = area->curr;
	printk("double fault on CPU%d: eip %08x esp %08x ebp %08x cr2 %08x esp0 %08x\n",
	       area->cpu, t->eip, t->esp, t->ebp, read_cr2(), t->esp0);
	if (current)
		printk("pid %d kernel stack %p-%08x\n", current->pid,
		       current->stack, task_stack_top(current));
	print_address(t->eip);
	panic_at(t->ebp, "%s in pid %d (%s)",
		 overflow ? "kernel stack overflow" : "double fault",
		 current ? current->pid : -1, current ? current->comm : "?");
}

/* A TSS that starts doublefault_fn on stack, for CPU cpu. */
static void doublefault_tss_init(struct tss_struct *t, void *stack, int cpu)
{
	struct thread_info *ti = stack;

	setup_thread_info(stack, NULL);
	ti->cpu = cpu;
	memset(t, 0, sizeof(*t));
	t->esp = t->esp0 = (u32)stack + THREAD_SIZE;
	t->ss = t->ss0 = KERNEL_DS;
	t->ds = t->es = KERNEL_DS;
	t->cs = KERNEL_CS;
	t->eip = (u32)doublefault_fn;
	t->eflags = 0x2;	/* bit 1 is always set; IF clear */
	t->cr3 = __pa(swapper_pg_dir);
	t->io_bitmap_base = sizeof(*t);
}

void doublefault_init(void)
{
	doublefault_tss_init(&boot_doublefault_tss, boot_doublefault_stack, 0);
	gdt_set_tss(boot_gdt, GDT_ENTRY_DOUBLEFAULT_TSS, &boot_doublefault_tss);
	idt_set_task_gate(T_DBLFLT, DOUBLEFAULT_TSS_SEL);
}

bool doublefault_alloc_cpu(struct cpu_area *area)
{
	area->doublefault_stack = kstack_alloc();
	if (!area->doublefault_stack)
		return false;
	doublefault_tss_init(&area->doublefault_tss, area->doublefault_stack,
			     area->cpu);
	return true;
}

void doublefault_init_cpu(struct cpu_area *area)
{
	gdt_set_tss(area->gdt, GDT_ENTRY_DOUBLEFAULT_TSS,
		    &area->doublefault_tss);
}
