/*
 * kernel/cpu/trap.h - what a trap looks like to C, and who handles it.
 *
 * Every exception, IRQ and int 0x80 enters through a stub in
 * kernel/cpu/entry.asm that builds a struct trapframe on the kernel stack and
 * calls trap().  trap() hands the frame to the handler registered for its
 * vector; returning from the handler returns through `trapret`, which pops
 * the (possibly modified) frame.  A kernel-mode exception nobody handles
 * is resolved by an exception-table fixup (kernel/cpu/extable.h) or panics.
 */
#ifndef KERNEL_CPU_TRAP_H
#define KERNEL_CPU_TRAP_H

#include "kernel/types.h"

/* Lowest address first: the order kernel/cpu/entry.asm pushes it in. */
struct trapframe {
	/* pushal */
	u32 edi, esi, ebp, esp_dummy, ebx, edx, ecx, eax;
	/* segment registers, pushed as 32-bit words: only bits 0-15 count */
	u32 gs, fs, es, ds;
	u32 trapno;
	u32 err;	/* the CPU's error code, or 0 */
	/* pushed by the CPU */
	u32 eip, cs, eflags;
	/* pushed by the CPU only on a trap from ring 3 */
	u32 esp, ss;
};

#define NR_EXCEPTIONS 32
#define IRQ_BASE 0x20		/* IRQ n arrives on vector IRQ_BASE + n */
#define NR_IRQS 16
#define SYSCALL_VECTOR 0x80
/* From here to 0xFF: the local APIC's own interrupts (kernel/smp/apic.h). */
#define FIRST_SYSTEM_VECTOR 0xEF

#define T_DIVIDE 0
#define T_DEBUG 1
#define T_NMI 2
#define T_BRKPT 3
#define T_OFLOW 4
#define T_BOUND 5
#define T_ILLOP 6
#define T_DEVICE 7
#define T_DBLFLT 8
#define T_TSS 10
#define T_SEGNP 11
#define T_STACK 12
#define T_GPFLT 13
#define T_PGFLT 14
#define T_FPERR 16
#define T_ALIGN 17
#define T_MCHK 18

/* Page-fault error code bits. */
#define PF_PROT 0x1	/* 0: page not present, 1: protection violation */
#define PF_WRITE 0x2	/* 0: read, 1: write */
#define PF_USER 0x4	/* 0: kernel mode, 1: user mode */

typedef void (*trap_handler_t)(struct trapframe *tf);

/* Called by kernel/cpu/entry.asm with the frame it built. */
void trap(struct trapframe *tf);

/* Fills the IDT (kernel/cpu/idt.c) and loads it.  Interrupts stay off. */
void trap_init(void);

/* The handler for an exception vector (0..31); NULL restores the default. */
void set_trap_handler(int vector, trap_handler_t h);
trap_handler_t get_trap_handler(int vector);
/*
 * The interrupt controller an IRQ comes through (Linux's struct irq_chip):
 * the 8259 (kernel/drivers/pic.c, every IRQ at boot) or the I/O APIC
 * (kernel/smp/io_apic.c).  ack runs before the handler, so a handler that
 * switches tasks (the timer tick) leaves no controller waiting; it
 * returns false for a spurious IRQ, which is then not handled.
 */
struct irq_chip {
	const char *name; /* /proc/interrupts' controller column */
	void (*unmask)(int irq);
	void (*mask)(int irq);
	bool (*ack)(int irq);
};
/* Handle IRQ 0..15 with h and unmask it at its chip, which is acked first.
 * name is what /proc/interrupts shows for it. */
void request_irq(int irq, trap_handler_t h, const char *name);
/* IRQ irq's handler's name, NULL if none; and how often CPU 0 (the only
 * one device interrupts reach) took it. */
const char *irq_name(int irq);
u32 kstat_irqs(int irq);
/*
 * Move irq to chip, where it is input hwirq (the 8259's line, an I/O
 * APIC's pin) and flows as flow ("edge", "fasteoi": /proc/interrupts).  A
 * requested irq is masked at its old chip and unmasked at the new one.
 * Interrupts off.
 */
void set_irq_chip(int irq, const struct irq_chip *chip, int hwirq,
		  const char *flow);
/* irq's chip, and its input and flow there. */
const struct irq_chip *irq_get_chip(int irq, int *hwirq, const char **flow);
/* Handle vector FIRST_SYSTEM_VECTOR..0xFF (an interrupt the local APIC
 * delivers) with h, through an interrupt gate; h sends its own EOI. */
void set_intr_gate(int vector, trap_handler_t h);
/* The int 0x80 handler (the gate is DPL 3, a trap gate: IF stays as it was). */
void set_syscall_handler(trap_handler_t h);

static inline bool user_mode(struct trapframe *tf)
{
	return (tf->cs & 3) == 3;
}

const char *trap_name(u32 trapno);

/*
 * The default for a kernel-mode exception that its handler could not
 * resolve (mm's page fault handler ends here too): use an exception-table
 * fixup if there is one, else die().
 */
void kernel_fault(struct trapframe *tf);
/* Print tf's registers, the EIP named, and CR0, CR2, CR3. */
void show_regs(struct trapframe *tf);
/* Print the exception, decoded CR2, registers and backtrace; panic. */
void __noreturn die(struct trapframe *tf);

/* The single return path from every trap, also the start of a new task. */
void trapret(void);
void iret_error(struct trapframe *tf);

/*
 * For tests that expect a fault: run fn(arg); if it raises a kernel-mode
 * exception that nothing else resolves, abandon fn, record the fault in
 * *out (may be NULL) and return its vector.  Returns -1 if fn returned.
 * Not nestable.
 */
struct caught_fault {
	u32 vector;
	u32 err;
	u32 cr2;	/* page faults only */
	struct trapframe tf;
};
int ktest_catch_fault(void (*fn)(void *), void *arg, struct caught_fault *out);
/* Called by fixup_exception: resumes in ktest_catch_fault if one is armed. */
bool fault_catcher_fixup(struct trapframe *tf);

/* True inside an IRQ handler: current is whoever was interrupted. */
bool in_irq(void);

#endif
