/*
 * compat/ldt.c - modify_ldt(2): a process's local descriptor table.
 *
 * A process (an mm, shared by its threads, as Linux's mm->context.ldt)
 * may have an LDT of up to 8192 descriptors that it writes one at a time
 * with modify_ldt and then uses through selectors with the table bit set
 * (index * 8 + 4, + 3 for ring 3).  The table is an array in kernel memory;
 * the GDT has one LDT descriptor (kernel/cpu/gdt.c load_ldt) that each switch
 * points at the next process's table before LLDT, so the CPU only ever
 * sees the running process's.  A write makes a new array one entry longer
 * where needed, installs it and frees the old one.  fork copies the table
 * (ldt_dup_context), exec's new mm starts without one, and the last
 * reference to an mm frees it (destroy_context_ldt).
 *
 * A user's %ds/%es/%fs/%gs may name an entry a later write clears: the
 * trap exit's pops have fixups that null such a selector (kernel/cpu/entry.asm).
 *
 * Threads of the process may be running on other CPUs, each with the old
 * table in its LDTR (the CPU reads the GDT's LDT descriptor only at LLDT).
 * A write makes each of them load the new table, by IPI, before the old
 * one is freed: a CPU left on a freed table would read whatever kmalloc
 * puts there next as descriptors.
 */
#include "kernel/errno.h"
#include "kernel/cpu/gdt.h"
#include "compat/ldt.h"
#include "kernel/lib/string.h"
#include "kernel/sched/semaphore.h"
#include "kernel/smp/smp.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"
#include "mm/vm/mm_struct.h"

#define LDT_ENTRIES 8192
#define LDT_ENTRY_SIZE 8

struct ldt_struct {
	u32 nr_entries;
	struct desc_struct entries[];
};

/* Serialises writers and readers that may sleep in copy_*_user. */
static DECLARE_MUTEX(ldt_sem);

static struct ldt_struct *alloc_ldt_struct(u32 nr)
{
	struct ldt_struct *ldt =
		kmalloc(sizeof(*ldt) + nr * LDT_ENTRY_SIZE, GFP_KERNEL);

	if (ldt)
		ldt->nr_entries = nr;
	return ldt;
}

void load_mm_ldt(struct mm_struct *mm)
{
	struct ldt_struct *ldt = mm ? mm->ldt : NULL;

	if (ldt)
		load_ldt(ldt->entries, ldt->nr_entries);
	else
		load_ldt(NULL, 0);
}

int ldt_dup_context(struct mm_struct *oldmm, struct mm_struct *mm)
{
	struct ldt_struct *old = oldmm->ldt, *ldt;

	if (!old)
		return 0;
	ldt = alloc_ldt_struct(old->nr_entries);
	if (!ldt)
		return -ENOMEM;
	memcpy(ldt->entries, old->entries, old->nr_entries * LDT_ENTRY_SIZE);
	mm->ldt = ldt;
	return 0;
}

void destroy_context_ldt(struct mm_struct *mm)
{
	kfree(mm->ldt);
	mm->ldt = NULL;
}

/* func 0: the table, bytecount of it (zeros past its end), or 0 if none. */
static long read_ldt(void *ptr, unsigned long bytecount)
{
	struct ldt_struct *ldt;
	unsigned long size;
	long ret = 0;

	down(&ldt_sem);
	ldt = current->mm->ldt;
	if (!ldt)
		goto out;
	if (bytecount > LDT_ENTRY_SIZE * LDT_ENTRIES)
		bytecount = LDT_ENTRY_SIZE * LDT_ENTRIES;
	size = min(ldt->nr_entries * LDT_ENTRY_SIZE, bytecount);
	ret = -EFAULT;
	if (copy_to_user(ptr, ldt->entries, size))
		goto out;
	if (size != bytecount &&
	    clear_user((char *)ptr + size, bytecount - size))
		goto out;
	ret = bytecount;
out:
	up(&ldt_sem);
	return ret;
}

/* func 2: Linux i386's default LDT, five null descriptors. */
static long read_default_ldt(void *ptr, unsigned long bytecount)
{
	unsigned long size = 5 * LDT_ENTRY_SIZE;

	if (bytecount > size)
		bytecount = size;
	if (clear_user(ptr, bytecount))
		return -EFAULT;
	return bytecount;
}

/* The descriptor info asks for; oldmode (func 1) clears on base and
 * limit 0 and never sets the AVL bit. */
static int ldt_entry(const struct user_desc *info, bool oldmode,
		     struct desc_struct *d)
{
	if (info->entry_number >= LDT_ENTRIES)
		return -EINVAL;
	if (info->contents == 3 && (oldmode || !info->seg_not_present))
		return -EINVAL;
	if ((oldmode && !info->base_addr && !info->limit) || ldt_empty(info)) {
		d->a = d->b = 0;
		return 0;
	}
	*d = fill_ldt(info);
	if (oldmode)
		d->b &= ~(1u << 20);
	return 0;
}

/* On a CPU of the mm's mask: reload the table if a task of mm runs here. */
static void reload_ldt_ipi(void *info)
{
	if (current && current->mm == info)
		load_mm_ldt(info);
}

/* func 1 and 0x11: replace the table by a copy with one entry set. */
static long write_ldt(void *ptr, unsigned long bytecount, bool oldmode)
{
	struct mm_struct *mm = current->mm;
	struct ldt_struct *old, *ldt;
	struct user_desc info;
	struct desc_struct d;
	u32 nr, old_nr;
	int err;

	if (bytecount != sizeof(info))
		return -EINVAL;
	if (copy_from_user(&info, ptr, sizeof(info)))
		return -EFAULT;
	err = ldt_entry(&info, oldmode, &d);
	if (err)
		return err;
	down(&ldt_sem);
	old = mm->ldt;
	old_nr = old ? old->nr_entries : 0;
	nr = max(info.entry_number + 1, old_nr);
	ldt = alloc_ldt_struct(nr);
	if (!ldt) {
		up(&ldt_sem);
		return -ENOMEM;
	}
	memset(ldt->entries, 0, nr * LDT_ENTRY_SIZE);
	if (old)
		memcpy(ldt->entries, old->entries, old_nr * LDT_ENTRY_SIZE);
	ldt->entries[info.entry_number] = d;
	mm->ldt = ldt;
	load_mm_ldt(mm); /* here and on every CPU, before the old table goes */
	smp_call_function_mask(mm->cpu_vm_mask, reload_ldt_ipi, mm, 1);
	kfree(old);
	up(&ldt_sem);
	return 0;
}

long sys_modify_ldt(int func, void *ptr, unsigned long bytecount)
{
	switch (func) {
	case 0:
		return read_ldt(ptr, bytecount);
	case 1:
		return write_ldt(ptr, bytecount, true);
	case 2:
		return read_default_ldt(ptr, bytecount);
	case 0x11:
		return write_ldt(ptr, bytecount, false);
	}
	return -ENOSYS;
}
