/*
 * mm/vm/mm_struct.c - creating and destroying address spaces.
 *
 * mm_alloc gives an empty address space: a page directory holding only the
 * kernel half, no VMAs.  The last mmput tears the user half down completely
 * (exit_mmap: every page unmapped, every page table and VMA freed, every
 * mapping-list link gone), so rss, total_vm, map_count and the page
 * allocator's counters are back where they were before the mm was used.
 * Before that, every CPU still on the directory (the exiting task's, a
 * kernel thread's lazily) leaves it, so the teardown needs no TLB flush
 * and the directory the last mmdrop frees is loaded nowhere.
 */
#include "fs/file.h"
#include "kernel/cpu/io.h"
#include "compat/ldt.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "mm/vm/exit_zap.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mmu_context.h"
#include "mm/vm/pt_walk.h"
#include "mm/phys/slab.h"
#include "mm/phys/tlb.h"
#include "mm/vm/vma.h"
#include "mm/locking.h"

LIST_HEAD(all_mm_list);
DEFINE_SPINLOCK(mmlist_lock);
int nr_mm_structs;

static struct kmem_cache *mm_cachep;

void mm_struct_init(void)
{
	mm_cachep = kmem_cache_create("mm_struct", sizeof(struct mm_struct),
				      0, NULL);
	BUG_ON(!mm_cachep);
}

struct mm_struct *mm_alloc(void)
{
	struct mm_struct *mm = kmem_cache_alloc(mm_cachep, GFP_KERNEL);
	u32 flags;

	if (!mm)
		return NULL;
	memset(mm, 0, sizeof(*mm));
	mm->pgd = pgd_alloc();
	if (!mm->pgd) {
		kmem_cache_free(mm_cachep, mm);
		return NULL;
	}
	INIT_LIST_HEAD(&mm->mmap);
	mm->flags = MMF_DUMP_FILTER_DEFAULT;
	spin_lock_init(&mm->page_table_lock);
	sema_init(&mm->mmap_sem, 1);
	mm->mm_users = 1;
	mm->mm_count = 1;
	spin_lock_irqsave(&mmlist_lock, flags);
	list_add_tail(&mm->mmlist, &all_mm_list);
	nr_mm_structs++;
	spin_unlock_irqrestore(&mmlist_lock, flags);
	return mm;
}

/*
 * Unmap and free everything in the user half.  The caller is the last
 * user, so nobody faults concurrently; the rmap walks may still find our
 * VMAs on mapping lists until vma_unlink takes them off, which is why the
 * PTEs go first (under page_table_lock, mostly without the BKL:
 * mm/vm/exit_zap.c) and the VMAs after.
 */
void exit_mmap(struct mm_struct *mm)
{
	struct vm_area_struct *vma, *next;

	exit_zap(mm);
	list_for_each_entry_safe(vma, next, &mm->mmap, vm_list) {
		vma_unlink(mm, vma);
		if (vma->vm_ops && vma->vm_ops->close)
			vma->vm_ops->close(vma);
		vma_free(vma);
	}
	free_pgtables(mm, 0, TASK_SIZE);
	BUG_ON(mm->map_count || mm->rss || mm->total_vm || mm->mm_avl);
	mm->locked_vm = 0;
}

struct file *get_mm_exe_file(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	struct file *exe = NULL;

	down(&mm->mmap_sem);
	for_each_vma(vma, mm) {
		if ((vma->vm_flags & VM_EXECUTABLE) && vma->vm_file) {
			exe = get_file(vma->vm_file);
			break;
		}
	}
	up(&mm->mmap_sem);
	return exe;
}

void mmgrab(struct mm_struct *mm)
{
	u32 flags;

	spin_lock_irqsave(&mmlist_lock, flags);
	mm->mm_count++;
	spin_unlock_irqrestore(&mmlist_lock, flags);
}

void mmdrop(struct mm_struct *mm)
{
	u32 flags;
	bool last;

	spin_lock_irqsave(&mmlist_lock, flags);
	last = --mm->mm_count == 0;
	if (last) {
		list_del(&mm->mmlist);
		nr_mm_structs--;
	}
	spin_unlock_irqrestore(&mmlist_lock, flags);
	if (!last)
		return;
	/* never free a directory a CPU is walking */
	BUG_ON(mm->cpu_vm_mask);
	pgd_free(mm->pgd);
	destroy_context_ldt(mm);
	kmem_cache_free(mm_cachep, mm);
}

void mmput(struct mm_struct *mm)
{
	u32 flags = atomic_begin();
	bool last = --mm->mm_users == 0;

	atomic_end(flags);
	if (!last)
		return;
	/* Its last task is exiting, or has exec'd: the teardown needs
	 * no TLB flush once every CPU is off the directory. */
	leave_mm_all(mm);
	exit_mmap(mm);
	mmdrop(mm);
}

/* Switch this CPU to mm's page directory (exec, a task's first mm). */
void activate_mm(struct mm_struct *mm)
{
	u32 flags = irq_save();
	int cpu = smp_processor_id();

	switch_mm(cpu_tlbstate[cpu].active_mm, mm, cpu);
	irq_restore(flags);
}
