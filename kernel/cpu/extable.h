/*
 * kernel/cpu/extable.h - exception fixups.
 *
 * An instruction that may fault on purpose (a user access, a probe of a
 * read-only page) gets an entry { insn, fixup } in section __ex_table.
 * When it faults in kernel mode and no handler resolves the fault, the
 * trap code resumes at `fixup` instead of panicking.  Emit an entry from
 * inline asm next to the instruction:
 *
 *	asm volatile("1:\tmovl %1, (%2)\n"
 *		     "2:\n"
 *		     _ASM_EXTABLE(1b, 2b) ...);
 */
#ifndef KERNEL_CPU_EXTABLE_H
#define KERNEL_CPU_EXTABLE_H

#include "kernel/types.h"

struct trapframe;

struct exception_table_entry {
	u32 insn, fixup;
};

#define _ASM_EXTABLE(from, to)                     \
	".pushsection __ex_table, \"a\"\n\t"       \
	".balign 4\n\t"                            \
	".long " #from ", " #to "\n\t"             \
	".popsection\n\t"

const struct exception_table_entry *search_exception_table(u32 eip);
/* Point tf->eip at the fixup for the faulting instruction; false if none. */
bool fixup_exception(struct trapframe *tf);

#endif
