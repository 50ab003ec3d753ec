/*
 * kernel/cpu/doublefault.c - the double fault, handled on a stack of its own.
 *
 * A double fault comes when the CPU cannot deliver an exception, above all
 * a page fault with esp in a kernel stack's guard (kernel/process/kstack.h): the
 * frame cannot be pushed.  An ordinary gate would push onto that same
 * stack and fault a third time, which resets the machine without a word.
 * So vector 8 is a task gate, as on Linux i386: the CPU saves the state of
 * what ran into cpu_tss and loads doublefault_tss, whose stack, segments
 * and page directory are known good.  The handler reads the interrupted
 * registers back from cpu_tss, says whether esp was in a stack guard, and
 * panics with the task and a backtrace of the overflowed stack (its
 * frames, above the guard, are intact).  It never returns: the CPU state
 * of the faulting task is not worth resuming.
 */
#include "kernel/cpu/doublefault.h"
#include "kernel/cpu/gdt.h"
#include "kernel/cpu/idt.h"
#include "kernel/cpu/io.h"
#include "kernel/ksyms.h"
#include "kernel/process/kstack.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"
#include "kernel/smp/percpu.h"
#include "mm/phys/page.h"
#include "mm/phys/pgtable.h"

/* A kernel stack like any other, so `current` works on it: its
 * thread_info names the task that was running on CPU 0, whose own
 * thread_info an overflow has just overwritten. */
#define DF_STACK_SIZE THREAD_SIZE

static u8 doublefault_stack[DF_STACK_SIZE]
	__attribute__((aligned(THREAD_SIZE)));
static struct tss_struct doublefault_tss;

static void __noreturn doublefault_fn(void)
{
	struct tss_struct *t = &cpu_tss;
	bool overflow = kstack_in_guard(t->esp);

	setup_thread_info(doublefault_stack, cpu_area(0)->curr);
	printk("double fault: eip %08x esp %08x ebp %08x cr2 %08x esp0 %08x\n",
	       t->eip, t->esp, t->ebp, read_cr2(), t->esp0);
	if (current)
		printk("pid %d kernel stack %p-%08x\n", current->pid,
		       current->stack, task_stack_top(current));
	print_address(t->eip);
	panic_at(t->ebp, "%s in pid %d (%s)",
		 overflow ? "kernel stack overflow" : "double fault",
		 current ? current->pid : -1, current ? current->comm : "?");
}

void doublefault_init(void)
{
	struct tss_struct *t = &doublefault_tss;

	t->esp = t->esp0 = (u32)doublefault_stack + DF_STACK_SIZE;
	t->ss = t->ss0 = KERNEL_DS;
	t->ds = t->es = KERNEL_DS;
	t->cs = KERNEL_CS;
	t->eip = (u32)doublefault_fn;
	t->eflags = 0x2;	/* bit 1 is always set; IF clear */
	t->cr3 = __pa(swapper_pg_dir);
	t->io_bitmap_base = sizeof(*t);
	gdt_set_tss(GDT_ENTRY_DOUBLEFAULT_TSS, t);
	idt_set_task_gate(T_DBLFLT, DOUBLEFAULT_TSS_SEL);
}
