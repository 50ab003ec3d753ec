/*
 * kernel/gdt.h - the global descriptor table: flat kernel and user
 * segments, the one TSS (which holds the kernel stack the CPU switches to
 * on a trap from user mode) and three thread-local-storage slots that
 * set_thread_area fills per task.  The layout follows Linux i386 where it
 * can, so the TLS selectors user code computes (entry * 8 + 3) match.
 */
#ifndef KERNEL_GDT_H
#define KERNEL_GDT_H

#include "kernel/types.h"

#define GDT_ENTRY_KERNEL_CS 1
#define GDT_ENTRY_KERNEL_DS 2
#define GDT_ENTRY_USER_CS 3
#define GDT_ENTRY_USER_DS 4
#define GDT_ENTRY_TSS 5
#define GDT_ENTRY_TLS_MIN 6
#define GDT_ENTRY_TLS_ENTRIES 3
#define GDT_ENTRY_TLS_MAX (GDT_ENTRY_TLS_MIN + GDT_ENTRY_TLS_ENTRIES - 1)
#define GDT_ENTRIES (GDT_ENTRY_TLS_MAX + 1)

#define KERNEL_CS 0x08
#define KERNEL_DS 0x10
#define USER_CS 0x1B
#define USER_DS 0x23
#define TSS_SEL 0x28

/* The set_thread_area/get_thread_area argument, as in Linux's <asm/ldt.h>. */
struct user_desc {
	u32 entry_number;
	u32 base_addr;
	u32 limit;
	u32 seg_32bit : 1;
	u32 contents : 2;
	u32 read_exec_only : 1;
	u32 limit_in_pages : 1;
	u32 seg_not_present : 1;
	u32 useable : 1;
};

/* Loads GDTR and every segment register, and the task register. */
void gdt_init(void);

/* The stack the CPU switches to on a trap from ring 3 (set per task). */
void tss_set_esp0(u32 esp0);

/*
 * Copy a task's three TLS descriptors into GDT entries GDT_ENTRY_TLS_MIN..
 * An "empty" user_desc (Linux's LDT_empty: base and limit zero,
 * read_exec_only and seg_not_present set, the rest clear) clears its slot.
 * Segment registers already holding a TLS selector keep the old cached
 * descriptor until reloaded; the trap return path reloads %gs and %fs.
 */
void load_tls(const struct user_desc tls[GDT_ENTRY_TLS_ENTRIES]);

#endif
