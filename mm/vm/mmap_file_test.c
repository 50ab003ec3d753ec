/*
 * mm/vm/mmap_file_test.c - ktests for file mappings: page cache pages through
 * nopage, MAP_SHARED writes, MAP_PRIVATE copy-on-write, the i_mmap lists,
 * fork of a shared mapping, truncate (unmap_mapping_range) and SIGBUS
 * beyond EOF, truncate racing a fault, fault-around and the PTEs fork
 * leaves to faults.
 *
 * The file is mm/vm/file_test.h's: no file system is mounted in ktests.
 */
#include "kernel/ktest.h"
#include "mm/vm/file_test.h"
#include "mm/vm/filemap.h"
#include "mm/vm/fremap.h"
#include "mm/phys/highmem.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/vm_test.h"

#define FADDR 0x30000000UL
#define FPAGES 3
#define SHARED_RW (VM_READ | VM_WRITE | VM_SHARED | VM_MAYREAD | \
		   VM_MAYWRITE | VM_MAYSHARE)
#define PRIVATE_RW (VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE)

static struct test_file tf;

/* A VMA of the test file's first pages at start. */
static struct vm_area_struct *file_vma_at(struct mm_struct *mm,
					  unsigned long flags,
					  unsigned long start,
					  unsigned long pages)
{
	return add_file_vma(mm, &tf.file, flags, start, pages);
}

static struct vm_area_struct *file_vma_pages(struct mm_struct *mm,
					     unsigned long flags,
					     unsigned long pages)
{
	return file_vma_at(mm, flags, FADDR, pages);
}

static struct vm_area_struct *file_vma(struct mm_struct *mm,
				       unsigned long flags)
{
	return file_vma_pages(mm, flags, FPAGES);
}

static struct page *mapped(struct mm_struct *mm, unsigned long addr)
{
	pte_t pte = pte_at(mm, addr);

	return pte_present(pte) ? pte_page(pte) : NULL;
}

static int list_len(struct list_head *h)
{
	struct list_head *p;
	int n = 0;

	list_for_each(p, h)
		n++;
	return n;
}

/* Byte i of a page, which may be high. */
static char byte_of(struct page *page, unsigned int i)
{
	char c;

	memcpy_from_page(&c, page, i, 1);
	return c;
}

static void set_byte(struct page *page, unsigned int i, char c)
{
	memcpy_to_page(page, i, &c, 1);
}

static void fill_page(struct page *page, char c)
{
	char *kaddr = kmap_atomic(page, KM_USER0);

	memset(kaddr, c, PAGE_SIZE);
	kunmap_atomic(kaddr, KM_USER0);
}

KTEST(file_mapping_shared_private_fork_truncate)
{
	struct address_space *mapping = &tf.inode.i_data;
	struct mm_struct *smm, *pmm, *child;
	struct vm_area_struct *svma, *pvma;
	struct page *cache[FPAGES], *p;
	u32 free_before;
	int i;

	make_test_file(&tf, FPAGES * PAGE_SIZE);
	free_before = settled_free_pages();
	for (i = 0; i < FPAGES; i++) {
		KASSERT_EQ(read_mapping_page(mapping, i, &tf.file,
					     &cache[i]), 0);
		fill_page(cache[i], 'A' + i);
	}
	smm = mm_alloc();
	pmm = mm_alloc();
	KASSERT_TRUE(smm && pmm);
	svma = file_vma(smm, SHARED_RW);
	pvma = file_vma(pmm, PRIVATE_RW);
	KASSERT_TRUE(svma && pvma);
	KEXPECT_EQ(list_len(&mapping->i_mmap_shared), 1);
	KEXPECT_EQ(list_len(&mapping->i_mmap), 1);

	/* Both map the page cache page itself on a read. */
	KEXPECT_GT(handle_mm_fault(smm, svma, FADDR, false), 0);
	KEXPECT_GT(handle_mm_fault(pmm, pvma, FADDR + PAGE_SIZE, false), 0);
	KEXPECT_TRUE(mapped(smm, FADDR) == cache[0]);
	KEXPECT_TRUE(mapped(pmm, FADDR + PAGE_SIZE) == cache[1]);
	KEXPECT_FALSE(PageAnon(cache[0]));

	/* A shared write goes to the cache page and dirties it. */
	KEXPECT_GT(handle_mm_fault(smm, svma, FADDR + PAGE_SIZE, true), 0);
	KEXPECT_TRUE(mapped(smm, FADDR + PAGE_SIZE) == cache[1]);
	KEXPECT_TRUE(PageDirty(cache[1]));
	set_byte(cache[1], 0, 's');

	/* A private write copies: an anonymous page with the file's data. */
	KEXPECT_GT(handle_mm_fault(pmm, pvma, FADDR + PAGE_SIZE, true), 0);
	p = mapped(pmm, FADDR + PAGE_SIZE);
	KASSERT_TRUE(p && p != cache[1]);
	KEXPECT_TRUE(PageAnon(p));
	KEXPECT_EQ(byte_of(p, 0), 's');
	KEXPECT_EQ(byte_of(p, 1), 'B');
	set_byte(p, 0, 'p');
	KEXPECT_EQ(byte_of(cache[1], 0), 's');

	/* fork of the shared mapping: same list, writes stay shared. */
	child = dup_mm(smm);
	KASSERT_TRUE(child);
	KEXPECT_EQ(list_len(&mapping->i_mmap_shared), 2);
	KEXPECT_GT(handle_mm_fault(child, find_vma(child, FADDR), FADDR,
				   true), 0);
	KEXPECT_TRUE(mapped(child, FADDR) == cache[0]);
	KEXPECT_TRUE(pte_write(pte_at(smm, FADDR)));

	/* Truncate from page 1: every mapping of pages >= 1 goes, the
	 * private copy too; page 0 stays mapped. */
	unmap_mapping_range(mapping, PAGE_SIZE, 0);
	KEXPECT_TRUE(mapped(smm, FADDR + PAGE_SIZE) == NULL);
	KEXPECT_TRUE(mapped(pmm, FADDR + PAGE_SIZE) == NULL);
	KEXPECT_TRUE(mapped(smm, FADDR) == cache[0]);
	KEXPECT_TRUE(mapped(child, FADDR) == cache[0]);

	/* Beyond the end of the file: SIGBUS. */
	tf.inode.i_size = PAGE_SIZE;
	KEXPECT_EQ(handle_mm_fault(smm, svma, FADDR + 2 * PAGE_SIZE, false),
		   VM_FAULT_SIGBUS);

	mmput(child);
	mmput(smm);
	mmput(pmm);
	KEXPECT_TRUE(list_empty(&mapping->i_mmap));
	KEXPECT_TRUE(list_empty(&mapping->i_mmap_shared));
	KEXPECT_EQ(tf.file.f_count, 1);
	for (i = 0; i < FPAGES; i++)
		put_page(cache[i]);
	free_test_file(&tf);
	KEXPECT_EQ(mapping->nrpages, 0);
	KEXPECT_EQ(settled_free_pages(), free_before);
}

/* A nopage that, like a fault asleep reading its page while a truncate
 * runs, finds its page gone from the file when it wakes. */
static struct page *nopage_then_truncated(struct vm_area_struct *vma,
					  unsigned long addr)
{
	struct page *page = filemap_nopage(vma, addr);

	tf.inode.i_size = 0;
	truncate_inode_pages(&tf.inode.i_data, 0);
	return page;
}

static const struct vm_operations_struct truncated_while_asleep_ops = {
	.nopage = nopage_then_truncated,
};

/*
 * A page leaves its file only with no PTE left on it, however the fault
 * and the truncate interleave: a page a fault mapped after truncate's
 * unmap_mapping_range is unmapped by truncate_inode_pages itself, even
 * where a nonlinear VMA holds it outside its linear range, and a fault or
 * a populate whose page was truncated while it slept maps nothing.
 */
KTEST(truncate_never_leaves_a_page_mapped_outside_its_file)
{
	struct address_space *mapping = &tf.inode.i_data;
	struct page *cache[2];
	struct vm_area_struct *vma, *nl;
	struct mm_struct *mm;
	int i;

	make_test_file(&tf, 2 * PAGE_SIZE);
	for (i = 0; i < 2; i++)
		KASSERT_EQ(read_mapping_page(mapping, i, &tf.file, &cache[i]),
			   0);
	mm = mm_alloc();
	KASSERT_TRUE(mm);
	vma = file_vma_pages(mm, SHARED_RW, 2);
	KASSERT_TRUE(vma);

	/* Mapped after the unmap: truncate's removal finds the PTE. */
	KEXPECT_GT(handle_mm_fault(mm, vma, FADDR + PAGE_SIZE, false), 0);
	KEXPECT_TRUE(mapped(mm, FADDR + PAGE_SIZE) == cache[1]);
	tf.inode.i_size = PAGE_SIZE;
	truncate_inode_pages(mapping, PAGE_SIZE);
	KEXPECT_TRUE(mapped(mm, FADDR + PAGE_SIZE) == NULL);
	KEXPECT_TRUE(cache[1]->mapping == NULL);
	KEXPECT_FALSE(page_mapped(cache[1]));

	/* Page 1 again, read back, and put by remap_file_pages' populate
	 * where a nonlinear VMA's linear range says page 0. */
	tf.inode.i_size = 2 * PAGE_SIZE;
	put_page(cache[1]);
	KASSERT_EQ(read_mapping_page(mapping, 1, &tf.file, &cache[1]), 0);
	nl = file_vma_at(mm, SHARED_RW | VM_NONLINEAR, FADDR + 4 * PAGE_SIZE,
			 1);
	KASSERT_TRUE(nl);
	get_page(cache[1]);
	KASSERT_EQ(install_page(nl, nl->vm_start, cache[1], nl->vm_page_prot),
		   0);
	KEXPECT_TRUE(mapped(mm, nl->vm_start) == cache[1]);
	tf.inode.i_size = PAGE_SIZE;
	truncate_inode_pages(mapping, PAGE_SIZE);
	KEXPECT_TRUE(mapped(mm, nl->vm_start) == NULL);
	KEXPECT_FALSE(page_mapped(cache[1]));

	/* Truncated while populate slept: install_page maps nothing. */
	get_page(cache[1]);
	KEXPECT_EQ(install_page(nl, nl->vm_start, cache[1], nl->vm_page_prot),
		   -EINVAL);
	KEXPECT_TRUE(mapped(mm, nl->vm_start) == NULL);
	KEXPECT_FALSE(page_mapped(cache[1]));

	/* Truncated while the fault slept: nothing is mapped. */
	unmap_mapping_range(mapping, 0, 0);
	vma->vm_ops = &truncated_while_asleep_ops;
	KEXPECT_EQ(handle_mm_fault(mm, vma, FADDR, false), VM_FAULT_MINOR);
	KEXPECT_TRUE(mapped(mm, FADDR) == NULL);
	KEXPECT_TRUE(cache[0]->mapping == NULL);

	mmput(mm);
	for (i = 0; i < 2; i++)
		put_page(cache[i]);
	free_test_file(&tf);
	KEXPECT_EQ(mapping->nrpages, 0);
}

#define AROUND_PAGES 40
#define AROUND_CACHED 10

static bool young(struct mm_struct *mm, unsigned long addr)
{
	return pte_young(pte_at(mm, addr));
}

/*
 * A read fault maps the cached neighbours in the aligned block of 16 pages
 * around it, old and read-only; not the pages that are not cached, not
 * past the block, and nothing extra on a write fault or under rmap=pte_chain.
 */
KTEST(file_read_fault_maps_cached_neighbours)
{
	struct address_space *mapping = &tf.inode.i_data;
	bool around = rmap_mode != RMAP_PTE_CHAIN;
	struct vm_area_struct *vma, *pvma;
	struct mm_struct *mm, *pmm;
	struct page *page;
	int i, present = 0;

	make_test_file(&tf, AROUND_PAGES * PAGE_SIZE);
	for (i = 0; i < AROUND_CACHED; i++) {
		KASSERT_EQ(read_mapping_page(mapping, i, &tf.file, &page), 0);
		put_page(page);
	}
	mm = mm_alloc();
	pmm = mm_alloc();
	KASSERT_TRUE(mm && pmm);
	vma = file_vma_pages(mm, SHARED_RW, AROUND_PAGES);
	pvma = file_vma_pages(pmm, PRIVATE_RW, AROUND_PAGES);
	KASSERT_TRUE(vma && pvma);

	KEXPECT_GT(handle_mm_fault(mm, vma, FADDR + 5 * PAGE_SIZE, false), 0);
	for (i = 0; i < AROUND_PAGES; i++)
		present += mapped(mm, FADDR + i * PAGE_SIZE) != NULL;
	KEXPECT_EQ(present, around ? AROUND_CACHED : 1);
	KEXPECT_TRUE(young(mm, FADDR + 5 * PAGE_SIZE));
	if (around) {
		KEXPECT_TRUE(mapped(mm, FADDR + 3 * PAGE_SIZE) ==
			     find_get_page(mapping, 3));
		put_page(find_get_page(mapping, 3));
		KEXPECT_FALSE(young(mm, FADDR + 3 * PAGE_SIZE));
		KEXPECT_FALSE(pte_write(pte_at(mm, FADDR + 3 * PAGE_SIZE)));
		/* The first write to a page mapped around dirties it. */
		KEXPECT_GT(handle_mm_fault(mm, vma, FADDR + 3 * PAGE_SIZE,
					   true), 0);
		KEXPECT_TRUE(PageDirty(mapped(mm, FADDR + 3 * PAGE_SIZE)));
	}
	KEXPECT_TRUE(mapped(mm, FADDR + 16 * PAGE_SIZE) == NULL);
	KEXPECT_EQ(rmap_audit(), 0);

	/* A private write fault copies one page and maps nothing around. */
	KEXPECT_GT(handle_mm_fault(pmm, pvma, FADDR + 2 * PAGE_SIZE, true), 0);
	present = 0;
	for (i = 0; i < AROUND_PAGES; i++)
		present += mapped(pmm, FADDR + i * PAGE_SIZE) != NULL;
	KEXPECT_EQ(present, 1);

	mmput(mm);
	mmput(pmm);
	free_test_file(&tf);
	KEXPECT_EQ(mapping->nrpages, 0);
}

/*
 * fork copies no PTE of a file VMA that never held an anonymous page (the
 * child faults the page cache page back), but does copy one that holds a
 * private copy; rmap=pte_chain copies everything.
 */
KTEST(fork_copies_file_ptes_only_where_anonymous_pages_are)
{
	struct address_space *mapping = &tf.inode.i_data;
	bool skips = rmap_mode != RMAP_PTE_CHAIN;
	struct mm_struct *smm, *pmm, *schild, *pchild;
	struct vm_area_struct *svma, *pvma;
	struct page *page;

	make_test_file(&tf, FPAGES * PAGE_SIZE);
	KASSERT_EQ(read_mapping_page(mapping, 0, &tf.file, &page), 0);
	smm = mm_alloc();
	pmm = mm_alloc();
	KASSERT_TRUE(smm && pmm);
	svma = file_vma(smm, SHARED_RW);
	pvma = file_vma(pmm, PRIVATE_RW);
	KASSERT_TRUE(svma && pvma);
	KEXPECT_GT(handle_mm_fault(smm, svma, FADDR, false), 0);
	KEXPECT_GT(handle_mm_fault(pmm, pvma, FADDR, false), 0);
	KEXPECT_FALSE(svma->vm_has_anon || pvma->vm_has_anon);

	schild = dup_mm(smm);
	KASSERT_TRUE(schild);
	KEXPECT_EQ(mapped(schild, FADDR) == NULL, skips);
	KEXPECT_GT(handle_mm_fault(schild, find_vma(schild, FADDR), FADDR,
				   false), 0);
	KEXPECT_TRUE(mapped(schild, FADDR) == page);

	/* A private write: now the VMA holds an anonymous page. */
	KEXPECT_GT(handle_mm_fault(pmm, pvma, FADDR, true), 0);
	KEXPECT_TRUE(pvma->vm_has_anon);
	pchild = dup_mm(pmm);
	KASSERT_TRUE(pchild);
	KEXPECT_TRUE(mapped(pchild, FADDR) == mapped(pmm, FADDR));
	KEXPECT_TRUE(PageAnon(mapped(pchild, FADDR)));
	KEXPECT_EQ(rmap_audit(), 0);

	mmput(schild);
	mmput(pchild);
	mmput(smm);
	mmput(pmm);
	put_page(page);
	free_test_file(&tf);
	KEXPECT_EQ(mapping->nrpages, 0);
}
