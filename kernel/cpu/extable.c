/*
 * kernel/cpu/extable.c - look up the fixup for a faulting kernel instruction.
 *
 * The table is small (one entry per guarded instruction) and searched
 * only on a fault, so a linear scan is enough.  A ktest that expects a
 * fault (ktest_catch_fault) acts as one more, dynamic, entry.
 */
#include "kernel/cpu/extable.h"
#include "kernel/cpu/trap.h"

extern const struct exception_table_entry __start_ex_table[],
	__stop_ex_table[];

const struct exception_table_entry *search_exception_table(u32 eip)
{
	const struct exception_table_entry *e;

	for (e = __start_ex_table; e < __stop_ex_table; e++)
		if (e->insn == eip)
			return e;
	return NULL;
}

bool fixup_exception(struct trapframe *tf)
{
	const struct exception_table_entry *e = search_exception_table(tf->eip);

	if (e) {
		tf->eip = e->fixup;
		return true;
	}
	return fault_catcher_fixup(tf);
}
