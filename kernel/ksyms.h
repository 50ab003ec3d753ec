/*
 * kernel/ksyms.h - the kernel's own symbol table, for backtraces.
 *
 * The Makefile links the kernel twice: the first image's `nm` output goes
 * through tools/mksyms.sh into a table of text symbols, sorted by address,
 * which is compiled and linked into the second image.  The table lives in
 * .rodata, after .text, so adding it moves no code address.
 */
#ifndef KERNEL_KSYMS_H
#define KERNEL_KSYMS_H

#include "kernel/types.h"

struct ksym {
	u32 addr;
	const char *name;
};

extern const struct ksym ksyms[];
extern const u32 ksyms_count;

/* The function containing addr and addr's offset in it, or NULL. */
const char *ksym_lookup(u32 addr, u32 *offset);

#endif
