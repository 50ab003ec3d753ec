/*
 * kernel/cpu/gdt.c - build and load the GDT and the TSS.
 *
 * Segments are flat (base 0, limit 4 GiB): protection comes from paging,
 * segmentation only separates ring 0 from ring 3.  The TSS (cpu_tss) is
 * used for one thing, the ring-0 stack pointer (esp0/ss0) the CPU loads
 * when a trap arrives from user mode; Mapback switches tasks in software.
 * The one hardware task switch is the double fault's, into a second TSS
 * of the CPU's (kernel/cpu/doublefault.c), which then finds the
 * interrupted state saved in the first.  cpu_tss's I/O bitmap offset points past its limit, so user
 * mode gets #GP on any port.
 *
 * Each CPU has its own GDT and TSS (boot_gdt and cpu_tss are CPU 0's;
 * the others' are in their struct cpu_area, kernel/smp/percpu.h): the
 * TLS and LDT entries and esp0 belong to the task running on that CPU.
 */
#include "kernel/cpu/gdt.h"
#include "kernel/lib/string.h"
#include "kernel/smp/percpu.h"

struct desc_ptr {
	u16 limit;
	u32 base;
} __packed;

/* Access-byte values: present, DPL, code/data type. */
#define ACC_KERNEL_CODE 0x9A
#define ACC_KERNEL_DATA 0x92
#define ACC_USER_CODE 0xFA
#define ACC_USER_DATA 0xF2
#define ACC_TSS 0x89		/* present, DPL 0, available 32-bit TSS */
#define ACC_LDT 0x82		/* present, DPL 0, LDT */
#define FLAGS_4K_32 0xC		/* granularity 4 KiB, 32-bit default size */

struct desc_struct boot_gdt[GDT_ENTRIES];
struct tss_struct cpu_tss;

extern char boot_stack_top[];

static struct desc_struct make_desc(u32 base, u32 limit, u8 access, u8 flags)
{
	struct desc_struct d;

	d.a = (base << 16) | (limit & 0xFFFF);
	d.b = (base & 0xFF000000) | ((base >> 16) & 0xFF) |
	      (limit & 0xF0000) | ((u32)flags << 20) | ((u32)access << 8);
	return d;
}

/* S is always set, so a task cannot make a call gate or a TSS this way. */
struct desc_struct fill_ldt(const struct user_desc *u)
{
	u8 access = (u->seg_not_present ? 0 : 0x80) | 0x70 |
		    (u->contents << 2) | ((u->read_exec_only ^ 1) << 1) | 1;
	u8 flags = (u->limit_in_pages << 3) | (u->seg_32bit << 2) | u->useable;

	return make_desc(u->base_addr, u->limit, access, flags);
}

bool ldt_empty(const struct user_desc *u)
{
	return u->base_addr == 0 && u->limit == 0 && u->contents == 0 &&
	       u->read_exec_only == 1 && u->seg_32bit == 0 &&
	       u->limit_in_pages == 0 && u->seg_not_present == 1 &&
	       u->useable == 0;
}

/*
 * No segment register can name a slot while it changes: every trap's
 * entry (kernel/cpu/entry.asm SAVE_ALL) nulls the live %fs and %gs, and
 * a task's user values come back from its trapframe, checked again, when
 * it returns to user mode.
 */
void load_tls(const struct user_desc tls[GDT_ENTRY_TLS_ENTRIES])
{
	int i;

	for (i = 0; i < GDT_ENTRY_TLS_ENTRIES; i++) {
		struct desc_struct *d = &this_cpu_area()->gdt[GDT_ENTRY_TLS_MIN + i];

		if (ldt_empty(&tls[i]))
			d->a = d->b = 0;
		else
			*d = fill_ldt(&tls[i]);
	}
}

void load_ldt(const struct desc_struct *entries, u32 nr)
{
	u16 sel = 0;

	if (nr) {
		this_cpu_area()->gdt[GDT_ENTRY_LDT] =
			make_desc((u32)entries, nr * 8 - 1, ACC_LDT, 0);
		sel = GDT_ENTRY_LDT * 8;
	}
	asm volatile("lldt %w0" : : "r"(sel) : "memory");
}

void tss_set_esp0(u32 esp0)
{
	this_cpu_area()->tss->esp0 = esp0;
}

void gdt_set_tss(struct desc_struct *gdt, int entry, struct tss_struct *t)
{
	gdt[entry] = make_desc((u32)t, sizeof(*t) - 1, ACC_TSS, 0);
}

void gdt_init_cpu(struct desc_struct *gdt, struct tss_struct *tss, u32 esp0)
{
	struct desc_ptr gdtr = { GDT_ENTRIES * sizeof(*gdt) - 1, (u32)gdt };

	memset(gdt, 0, GDT_ENTRIES * sizeof(*gdt));
	gdt[GDT_ENTRY_KERNEL_CS] = make_desc(0, 0xFFFFF, ACC_KERNEL_CODE, FLAGS_4K_32);
	gdt[GDT_ENTRY_KERNEL_DS] = make_desc(0, 0xFFFFF, ACC_KERNEL_DATA, FLAGS_4K_32);
	gdt[GDT_ENTRY_USER_CS] = make_desc(0, 0xFFFFF, ACC_USER_CODE, FLAGS_4K_32);
	gdt[GDT_ENTRY_USER_DS] = make_desc(0, 0xFFFFF, ACC_USER_DATA, FLAGS_4K_32);

	memset(tss, 0, sizeof(*tss));
	tss->ss0 = KERNEL_DS;
	tss->esp0 = esp0;
	tss->io_bitmap_base = sizeof(*tss);
	gdt[GDT_ENTRY_TSS] = make_desc((u32)tss, sizeof(*tss) - 1, ACC_TSS, 0);

	/* The loader's GDT may be gone; reload every segment register. */
	asm volatile("lgdt %0\n\t"
		     "ljmp %1, $1f\n"
		     "1:\tmovw %w2, %%ds\n\t"
		     "movw %w2, %%es\n\t"
		     "movw %w2, %%ss\n\t"
		     "movw %w3, %%fs\n\t"
		     "movw %w3, %%gs\n\t"
		     "ltr %w4"
		     : : "m"(gdtr), "i"(KERNEL_CS), "r"(KERNEL_DS), "r"(0),
		       "r"(TSS_SEL) : "memory");
}

void gdt_init(void)
{
	gdt_init_cpu(boot_gdt, &cpu_tss, (u32)boot_stack_top);
}
