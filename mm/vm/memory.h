/*
 * mm/vm/memory.h - page-level operations on address spaces: the fault
 * handler, copy-on-write, fork's page table copy and unmapping.
 */
#ifndef MM_VM_MEMORY_H
#define MM_VM_MEMORY_H

#include "fs/stat.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

struct address_space;
struct trapframe;

/* handle_mm_fault's results. */
#define VM_FAULT_MINOR	1	/* resolved without I/O */
#define VM_FAULT_MAJOR	2	/* resolved, read a page in */
#define VM_FAULT_SIGBUS	(-1)	/* no page: beyond EOF, a failed swap-in */
#define VM_FAULT_OOM	(-2)

/* Fault in addr of vma for a read or a write.  Caller holds mmap_sem. */
int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    unsigned long addr, bool write);

/* After a read fault on a file page at addr: map the cached neighbours
 * too (mm/vm/fault_around.c). */
void do_fault_around(struct vm_area_struct *vma, unsigned long addr);

/* Unmap every page of [start, end) inside vma. */
void zap_page_range(struct vm_area_struct *vma, unsigned long start,
		    unsigned long end);

/* The nr PTEs a zap without the big kernel lock passed over lie in
 * [start, end); start ~0 and end 0 when there are none. */
struct zap_left {
	unsigned long start, end;
	u32 nr;
};
/* Unmap vma whole without the big kernel lock: vma's mm is dying and no
 * CPU runs it (mm/vm/exit_zap.c).  PTEs whose teardown needs the lock stay,
 * and *left grows to cover them. */
void zap_page_range_unlocked(struct vm_area_struct *vma, struct zap_left *left);

/*
 * Unmap the pages of file offsets [holebegin, holebegin + holelen) (bytes)
 * from every VMA that maps them (truncate).  holelen 0 means to the end.
 */
void unmap_mapping_range(struct address_space *mapping, loff_t holebegin,
			 loff_t holelen);
/* Unmap every nonlinear VMA of mapping whole: remap_file_pages may have put
 * any page of the file anywhere in one, outside its linear range. */
void unmap_mapping_nonlinear(struct address_space *mapping);

/* fork: give dst's copy of vma the same pages, COW for private ones. */
int copy_page_range(struct mm_struct *dst, struct mm_struct *src,
		    struct vm_area_struct *vma);

/* mprotect: re-protect vma's present PTEs in [start, end). */
void change_protection(struct vm_area_struct *vma, unsigned long start,
		       unsigned long end);

/* mremap: move PTEs from vma to new_vma (same mm). */
int move_page_tables(struct vm_area_struct *vma, unsigned long old_addr,
		     struct vm_area_struct *new_vma, unsigned long new_addr,
		     unsigned long len);

/* mremap with old_len 0 of shared anonymous memory: new_vma maps the
 * same pages as [old_addr, old_addr + len) of vma. */
int copy_page_tables(struct vm_area_struct *vma, unsigned long old_addr,
		     struct vm_area_struct *new_vma, unsigned long new_addr,
		     unsigned long len);

/* Change the flags of [start, end) inside vma: split, re-protect, merge. */
int change_vma_flags(struct mm_struct *mm, struct vm_area_struct *vma,
		     unsigned long start, unsigned long end,
		     unsigned long newflags);

/* The PTE protection a VMA with these flags gets (mm/vm/mmap.c). */
pgprot_t vm_get_page_prot(unsigned long vm_flags);
/*
 * Must a shared writable mapping with these flags map its pages read-only
 * until each is written (Linux 2.6.19's vma_wants_writenotify)?  Yes when
 * the file system asks (page_mkwrite) or the file's pages are copies of a
 * disk that writeback keeps up to date: the first store must fault, so
 * that set_page_dirty hears of it.  A memory file (ramfs) has nothing to
 * write back and maps writable at once.
 */
bool vma_wants_writenotify(struct vm_area_struct *vma, unsigned long vm_flags);

/* Give vma the PTE bits of vm_flags, marking its mm MMF_HAS_NOACCESS
 * when they deny the user every access.  Set again once the VMA has its
 * file and vm_ops: they decide vma_wants_writenotify. */
static inline void vma_set_page_prot(struct vm_area_struct *vma,
				     unsigned long vm_flags)
{
	if (vma_wants_writenotify(vma, vm_flags))
		vm_flags &= ~VM_SHARED;	/* write faults, reads map read-only */
	vma->vm_page_prot = vm_get_page_prot(vm_flags);
	if (!(pgprot_val(vma->vm_page_prot) & _PAGE_USER))
		vma->vm_mm->flags |= 1UL << MMF_HAS_NOACCESS;
}

/* The vector-14 handler (mm/vm/fault.c); vm_init registers it. */
void do_page_fault(struct trapframe *tf);
void vm_init(void);

/*
 * Make the user page at uaddr present and writable as a user write would
 * (COW broken, stack grown); 0 or -EFAULT.  copy_to_user calls this on
 * CPUs without CR0.WP, where kernel writes ignore read-only PTEs.
 */
int fault_in_user_writeable(u32 uaddr);

/* Fault in [start, end) for mlock and MAP_POPULATE (mmap_sem held). */
int make_pages_present(struct mm_struct *mm, unsigned long start,
		       unsigned long end);

#endif
