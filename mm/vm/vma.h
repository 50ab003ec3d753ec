/*
 * mm/vm/vma.h - struct vm_area_struct: one contiguous range of a process's
 * address space with one set of permissions and one backing object.
 *
 * An mm_struct keeps its VMAs twice: on a list sorted by address (walked by
 * munmap, fork, exit and /proc/PID/maps) and in an AVL tree keyed by
 * vm_start (so find_vma is O(log n) even with thousands of VMAs).  VMAs
 * never overlap.  A VMA that maps a file is also on its address_space's
 * i_mmap (private) or i_mmap_shared (shared) list through vma->shared, and
 * in the interval tree beside that list (mm/rmap/i_mmap.h): that is what
 * the object-based reverse mapping walks.  A linked VMA's range changes
 * only through vma_adjust, which re-keys it in the tree.
 */
#ifndef MM_VM_VMA_H
#define MM_VM_VMA_H

#include "kernel/list.h"
#include "kernel/types.h"
#include "mm/phys/page.h"
#include "mm/phys/pgtable.h"

struct mm_struct;
struct file;
struct page;
struct vm_area_struct;

/* vm_flags, with Linux's values. */
#define VM_READ		0x00000001
#define VM_WRITE	0x00000002
#define VM_EXEC		0x00000004
#define VM_SHARED	0x00000008
#define VM_MAYREAD	0x00000010	/* mprotect may turn VM_READ on */
#define VM_MAYWRITE	0x00000020
#define VM_MAYEXEC	0x00000040
#define VM_MAYSHARE	0x00000080	/* MAP_SHARED was asked for */
#define VM_GROWSDOWN	0x00000100	/* a stack: faults just below extend it */
#define VM_DENYWRITE	0x00000800
#define VM_EXECUTABLE	0x00001000	/* maps the running executable */
#define VM_LOCKED	0x00002000	/* mlock: reclaim must not unmap */
#define VM_IO		0x00004000
#define VM_SEQ_READ	0x00008000
#define VM_RAND_READ	0x00010000
#define VM_DONTCOPY	0x00020000	/* fork leaves it out of the child */
#define VM_DONTEXPAND	0x00040000	/* mremap may not grow it */
#define VM_RESERVED	0x00080000
#define VM_ACCOUNT	0x00100000
#define VM_NONLINEAR	0x00800000	/* remap_file_pages: page != linear offset */
#define VM_WIPEONFORK	0x02000000	/* fork gives the child it empty */
#define VM_DONTDUMP	0x04000000	/* a core dump leaves it out */
#define VM_HUGEPAGE	0x20000000	/* MADV_HUGEPAGE: recorded, no huge pages */
#define VM_NOHUGEPAGE	0x40000000
#define VM_MERGEABLE	0x80000000	/* MADV_MERGEABLE: recorded, no KSM */

#define VM_STACK_FLAGS	(VM_GROWSDOWN | VM_READ | VM_WRITE | VM_EXEC | \
			 VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)

/* nopage's answers besides a page: */
#define NOPAGE_SIGBUS	((struct page *)0)
#define NOPAGE_OOM	((struct page *)-1)

struct vm_operations_struct {
	void (*open)(struct vm_area_struct *vma);
	void (*close)(struct vm_area_struct *vma);
	/*
	 * Return the page (with a reference taken) that belongs at address,
	 * or NOPAGE_SIGBUS / NOPAGE_OOM.  Called without page_table_lock.
	 */
	struct page *(*nopage)(struct vm_area_struct *vma,
			       unsigned long address);
	/* Install the pages of file offset pgoff.. at addr..addr+len. */
	int (*populate)(struct vm_area_struct *vma, unsigned long addr,
			unsigned long len, pgprot_t prot, unsigned long pgoff,
			bool nonblock);
	/*
	 * A shared file page is about to become writable: the first store
	 * since a read fault mapped it or page_mkclean cleaned it (Linux
	 * 2.6.19).  The file system may reserve the page's blocks here, so
	 * that a full disk is ENOSPC now (the fault gets SIGBUS) and never
	 * a write lost at writeback.  Called with mmap_sem, a reference on
	 * the page and no other lock, the page unlocked: lock it and check
	 * page->mapping (a truncate may have taken it).  0 or -errno;
	 * -ENOMEM makes the fault an out-of-memory one.
	 */
	int (*page_mkwrite)(struct vm_area_struct *vma, struct page *page);
};

struct vm_area_struct {
	struct mm_struct *vm_mm;
	unsigned long vm_start;		/* first byte */
	unsigned long vm_end;		/* first byte after */
	struct list_head vm_list;	/* mm->mmap, sorted by address */

	/* AVL tree of the mm, keyed by vm_start. */
	struct vm_area_struct *vm_avl_left;
	struct vm_area_struct *vm_avl_right;
	int vm_avl_height;

	unsigned long vm_flags;
	pgprot_t vm_page_prot;		/* PTE bits for a fresh mapping */

	/* The backing object: file and offset (in pages) of vm_start. */
	struct file *vm_file;
	unsigned long vm_pgoff;
	const struct vm_operations_struct *vm_ops;
	void *vm_private_data;
	/*
	 * An anonymous page was mapped here once (never cleared): fork must
	 * copy the PTEs, since a fault could not bring those pages back.
	 */
	bool vm_has_anon;
	/* rmap=anon_vma: the object its anonymous pages point at, and this
	 * VMA's place on its list (mm/rmap/anon_vma.h). */
	struct anon_vma *anon_vma;
	struct list_head anon_vma_node;

	/* On vm_file's mapping->i_mmap or ->i_mmap_shared ... */
	struct list_head shared;
	/* ... and in the interval tree beside it (mm/rmap/vma_interval.c). */
	struct vm_area_struct *vm_it_left, *vm_it_right;
	unsigned long vm_it_subtree_last;	/* max last pgoff below */
	int vm_it_height;
};

/* Tree and list: mm/vm/vma.c. */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);
struct vm_area_struct *find_vma_prev(struct mm_struct *mm, unsigned long addr,
				     struct vm_area_struct **pprev);
struct vm_area_struct *find_vma_intersection(struct mm_struct *mm,
					     unsigned long start,
					     unsigned long end);
struct vm_area_struct *vma_next(struct vm_area_struct *vma);
struct vm_area_struct *vma_prev(struct vm_area_struct *vma);
struct vm_area_struct *first_vma(struct mm_struct *mm);
void vma_link_tree(struct mm_struct *mm, struct vm_area_struct *vma);
void vma_unlink_tree(struct mm_struct *mm, struct vm_area_struct *vma);
int vma_tree_check(struct mm_struct *mm);

#define for_each_vma(vma, mm) \
	list_for_each_entry(vma, &(mm)->mmap, vm_list)

/* Object lifetime, file lists, split and merge: mm/vm/vma_ops.c. */
void vma_cache_init(void);
struct vm_area_struct *vma_alloc(struct mm_struct *mm);
void vma_free(struct vm_area_struct *vma);
struct vm_area_struct *vma_dup(struct vm_area_struct *orig);
void vma_link(struct mm_struct *mm, struct vm_area_struct *vma);
void vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma);
void vma_link_file(struct vm_area_struct *vma);
void vma_unlink_file(struct vm_area_struct *vma);
void vma_adjust(struct vm_area_struct *vma, unsigned long start,
		unsigned long end, unsigned long pgoff,
		struct vm_area_struct *insert);
int split_vma(struct mm_struct *mm, struct vm_area_struct *vma,
	      unsigned long addr, bool new_below);
struct vm_area_struct *vma_merge(struct mm_struct *mm,
				 struct vm_area_struct *prev,
				 unsigned long addr, unsigned long end,
				 unsigned long vm_flags, struct file *file,
				 unsigned long pgoff);
void vma_try_merge_around(struct mm_struct *mm, struct vm_area_struct *vma);

static inline unsigned long vma_pages(const struct vm_area_struct *vma)
{
	return (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

/*
 * Private writable memory that is not a stack: what RLIMIT_DATA bounds
 * and /proc's VmData counts.
 */
static inline bool is_data_mapping(unsigned long vm_flags)
{
	return (vm_flags & (VM_WRITE | VM_SHARED | VM_GROWSDOWN)) == VM_WRITE;
}

/* Linux's stack_guard_gap: a stack keeps 256 pages free below it. */
#define STACK_GUARD_GAP	(256UL << PAGE_SHIFT)

/* Where the free space a VMA needs begins: a stack's gap is its own. */
static inline unsigned long vm_start_gap(const struct vm_area_struct *vma)
{
	unsigned long start = vma->vm_start;

	if (!(vma->vm_flags & VM_GROWSDOWN))
		return start;
	return start > STACK_GUARD_GAP ? start - STACK_GUARD_GAP : 0;
}

#endif
