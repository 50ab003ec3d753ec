/*
 * mm/vm_ktest.h - helpers shared by the address-space ktests.
 */
#ifndef MM_VM_KTEST_H
#define MM_VM_KTEST_H

#include "mm/mm_struct.h"
#include "mm/page_alloc.h"
#include "mm/vma.h"

/*
 * Free pages once the VMA and mm_struct slab caches hold a slab each (the
 * slab allocator keeps one empty slab per cache), so that a test's
 * before/after comparison sees only what the test itself leaked.
 */
static inline u32 settled_free_pages(void)
{
	struct mm_struct *mm = mm_alloc();

	if (mm) {
		vma_free(vma_alloc(mm));
		mmput(mm);
	}
	return nr_free_pages();
}

#endif
