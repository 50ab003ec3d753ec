/*
 * mm/vm/mm_struct.h - struct mm_struct: one process's address space.
 *
 * An mm_struct is a page directory plus the VMAs that say what may be
 * mapped in it (mm/vm/vma.h).  Page tables are filled lazily by the page
 * fault handler (mm/vm/fault.c, mm/vm/memory.c) and torn down by
 * zap_page_range and exit_mmap.
 *
 * Two reference counts, as in Linux: mm_users counts the tasks using the
 * address space (mmget/mmput; the last mmput tears it down), mm_count
 * counts references to the struct itself (all users together hold one,
 * which the last mmput gives back with mmdrop).  A kernel thread runs on
 * whatever directory its CPU had loaded (lazy TLB, mm/vm/mmu_context.h);
 * cpu_vm_mask says which CPUs have this mm's loaded and so must receive
 * its TLB flushes (mm/phys/tlb.h).
 *
 * Locks: mmap_sem (a sleeping lock) serialises changes to the VMAs and is
 * held by the fault handler; page_table_lock (irq-disabling) covers the
 * page tables, rss and the PTEs themselves, because the reverse-mapping
 * walks reach PTEs without mmap_sem.  Never copy to or from user memory
 * with mmap_sem held: a fault there would take it again.
 */
#ifndef MM_VM_MM_STRUCT_H
#define MM_VM_MM_STRUCT_H

#include "kernel/list.h"
#include "kernel/sched/semaphore.h"
#include "kernel/sched/spinlock.h"
#include "kernel/smp/smp.h"
#include "kernel/types.h"
#include "mm/phys/pgtable.h"
#include "mm/locking.h"

struct vm_area_struct;

/* User space ends where the kernel's mapping begins. */
#define TASK_SIZE		PAGE_OFFSET
/* Where mmap looks first for a free range when given no hint. */
#define TASK_UNMAPPED_BASE	0x40000000UL
/* The top of the initial stack, and the room below it no ELF segment may
 * take (RLIMIT_STACK's default; the limit itself bounds the growth). */
#define STACK_TOP		TASK_SIZE
#define STACK_LIMIT		(8UL << 20)
/* Words of mm->saved_auxv: room for every pair exec writes. */
#define AT_VECTOR_SIZE		44

struct mm_struct {
	struct list_head mmap;		/* VMAs sorted by address */
	struct vm_area_struct *mm_avl;	/* the same VMAs as an AVL tree */
	struct vm_area_struct *mmap_cache; /* last find_vma result */
	int map_count;			/* number of VMAs */

	pgd_t *pgd;
	spinlock_t page_table_lock;
	struct semaphore mmap_sem;

	int mm_users;			/* tasks using it */
	int mm_count;			/* references to the struct */
	struct list_head mmlist;	/* on all_mm_list */
	/* CPUs whose CR3 holds pgd, set and cleared by each CPU for itself
	 * with a locked instruction (mm/vm/mmu_context.c). */
	volatile cpumask_t cpu_vm_mask;

	unsigned long rss;		/* pages mapped by its PTEs */
	unsigned long total_vm;		/* pages covered by its VMAs */
	unsigned long locked_vm;	/* of those, VM_LOCKED */
	unsigned long def_flags;	/* VM_LOCKED after mlockall(MCL_FUTURE) */
	unsigned long flags;		/* MMF_*: dumpable, coredump_filter */
	u32 membarrier_state;		/* MEMBARRIER_STATE_* (compat/membarrier.c):
					 * fork copies it, exec starts at 0 */

	unsigned long start_code, end_code;
	unsigned long start_data, end_data;
	unsigned long start_brk, brk;
	unsigned long start_stack;
	unsigned long arg_start, arg_end, env_start, env_end;
	/* exec's auxiliary vector, id/value pairs to AT_NULL, as Linux keeps
	 * it for /proc/PID/auxv (kernel/exec/exec_args.c). */
	unsigned long saved_auxv[AT_VECTOR_SIZE];
	struct ldt_struct *ldt;		/* modify_ldt's table (compat/ldt.c) */
};

/*
 * mm->flags as Linux's: bits 0-1 say whether a fatal signal may dump core
 * (prctl PR_SET_DUMPABLE; exec sets SUID_DUMP_USER, a change of the
 * effective or fs ids SUID_DUMP_DISABLE), the next ones are
 * /proc/PID/coredump_filter's, which memory a core holds (fs/coredump.c).
 * fork copies both; exec keeps the filter.
 */
#define SUID_DUMP_DISABLE	0
#define SUID_DUMP_USER		1
#define MMF_DUMPABLE_MASK	3UL
#define MMF_DUMP_FILTER_SHIFT	2
/* The filter's bits, numbered in mm->flags (filter bit 0 is bit 2). */
#define MMF_DUMP_ANON_PRIVATE	2
#define MMF_DUMP_ANON_SHARED	3
#define MMF_DUMP_MAPPED_PRIVATE	4
#define MMF_DUMP_MAPPED_SHARED	5
#define MMF_DUMP_ELF_HEADERS	6
#define MMF_DUMP_FILTER_MASK	(0x1ffUL << MMF_DUMP_FILTER_SHIFT)
/* Linux's default filter, 0x33: anonymous memory, ELF headers (and huge
 * pages, which Mapback has none of). */
#define MMF_DUMP_FILTER_DEFAULT	(0x33UL << MMF_DUMP_FILTER_SHIFT)

/*
 * Set once a VMA of the mm has had no access at all (PROT_NONE): its pages
 * stay present but supervisor-only, so the kernel's own user copies must
 * look at each page's PTE before touching it (kernel/cpu/uaccess.c).  An
 * mm that never had one, most of them, skips that walk.  Never cleared but
 * by exec's new mm; fork copies it with the VMAs.
 */
#define MMF_HAS_NOACCESS	11

static inline int get_dumpable(const struct mm_struct *mm)
{
	return mm->flags & MMF_DUMPABLE_MASK;
}

static inline void set_dumpable(struct mm_struct *mm, int value)
{
	mm->flags = (mm->flags & ~MMF_DUMPABLE_MASK) | (unsigned long)value;
}

/* Every mm_struct alive, via ->mmlist (walked by the rmap audit and by
 * swapoff; under mmlist_lock). */
extern struct list_head all_mm_list;
extern spinlock_t mmlist_lock;	/* all_mm_list and mm_count */
extern int nr_mm_structs;

void mm_struct_init(void);
struct mm_struct *mm_alloc(void);
struct mm_struct *dup_mm(struct mm_struct *oldmm);
void mmput(struct mm_struct *mm);
/* One reference more to the struct (not to the address space). */
void mmgrab(struct mm_struct *mm);
void mmdrop(struct mm_struct *mm);
void exit_mmap(struct mm_struct *mm);
void activate_mm(struct mm_struct *mm);
/* The program mm runs, with a file reference (fput it), or NULL: the
 * first VMA exec mapped VM_EXECUTABLE (ld.so's and libraries' are not). */
struct file *get_mm_exe_file(struct mm_struct *mm);

/* Reference counts change with interrupts off: tasks may be preempted. */
static inline void mmget(struct mm_struct *mm)
{
	u32 f = atomic_begin();

	mm->mm_users++;
	atomic_end(f);
}

#endif
