/*
 * kernel/cpu/gdt.h - the global descriptor table: flat kernel and user
 * segments, the TSS (which holds the kernel stack the CPU switches to on
 * a trap from user mode), three thread-local-storage slots that
 * set_thread_area fills per task, the double fault's own TSS, and the
 * descriptor of the running process's LDT (compat/ldt.c).  The
 * layout follows Linux i386 where it can, so the TLS selectors user code
 * computes (entry * 8 + 3) match.
 */
#ifndef KERNEL_CPU_GDT_H
#define KERNEL_CPU_GDT_H

#include "kernel/types.h"

#define GDT_ENTRY_KERNEL_CS 1
#define GDT_ENTRY_KERNEL_DS 2
#define GDT_ENTRY_USER_CS 3
#define GDT_ENTRY_USER_DS 4
#define GDT_ENTRY_TSS 5
#define GDT_ENTRY_TLS_MIN 6
#define GDT_ENTRY_TLS_ENTRIES 3
#define GDT_ENTRY_TLS_MAX (GDT_ENTRY_TLS_MIN + GDT_ENTRY_TLS_ENTRIES - 1)
#define GDT_ENTRY_DOUBLEFAULT_TSS (GDT_ENTRY_TLS_MAX + 1)
#define GDT_ENTRY_LDT (GDT_ENTRY_DOUBLEFAULT_TSS + 1)
#define GDT_ENTRIES (GDT_ENTRY_LDT + 1)

#define KERNEL_CS 0x08
#define KERNEL_DS 0x10
#define USER_CS 0x1B
#define USER_DS 0x23
#define TSS_SEL 0x28
#define DOUBLEFAULT_TSS_SEL (GDT_ENTRY_DOUBLEFAULT_TSS * 8)

/* The 32-bit task-state segment, as the CPU lays it out. */
struct tss_struct {
	u16 back_link, __blh;
	u32 esp0;
	u16 ss0, __ss0h;
	u32 esp1;
	u16 ss1, __ss1h;
	u32 esp2;
	u16 ss2, __ss2h;
	u32 cr3, eip, eflags;
	u32 eax, ecx, edx, ebx, esp, ebp, esi, edi;
	u16 es, __esh, cs, __csh, ss, __ssh, ds, __dsh;
	u16 fs, __fsh, gs, __gsh, ldt, __ldth;
	u16 trace, io_bitmap_base;
} __packed;

/* The boot CPU's TSS, which its task register names; a double fault
 * saves state into it. */
extern struct tss_struct cpu_tss;

/* A segment descriptor: its low and high doublewords. */
struct desc_struct {
	u32 a, b;
};

/* The boot CPU's GDT; the TLS and LDT entries below are written here, as
 * tasks run on the boot CPU only. */
extern struct desc_struct boot_gdt[];

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
/* The same for any CPU: fill gdt (GDT_ENTRIES descriptors) with the flat
 * segments and a descriptor of tss, whose ring-0 stack is esp0, and load
 * them on this CPU.  gdt_init() does it with boot_gdt and cpu_tss. */
void gdt_init_cpu(struct desc_struct *gdt, struct tss_struct *tss, u32 esp0);

/* Point entry of gdt at t as an available 32-bit TSS. */
void gdt_set_tss(struct desc_struct *gdt, int entry, struct tss_struct *t);
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

/* Linux's LDT_empty: a user_desc that clears its slot or entry (base
 * and limit zero, read_exec_only and seg_not_present set, the rest clear). */
bool ldt_empty(const struct user_desc *u);

/*
 * The descriptor a user_desc asks for (Linux's fill_ldt): always DPL 3,
 * a code or data type (never a gate or a TSS), accessed bit set.
 */
struct desc_struct fill_ldt(const struct user_desc *u);

/* Point the GDT's LDT descriptor at nr descriptors and load LDTR with
 * it; nr 0 loads the null selector (no LDT). */
void load_ldt(const struct desc_struct *entries, u32 nr);

#endif
