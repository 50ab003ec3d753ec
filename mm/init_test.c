/*
 * mm/init_test.c - ktests for what mm_init reserved and freed.
 */
#include "kernel/ktest.h"
#include "kernel/multiboot.h"
#include "mm/mm.h"
#include "mm/phys/mmzone.h"
#include "mm/phys/page_alloc.h"
#include "mm/vmstat.h"

extern char _text[], _end[];

KTEST(boot_memory_is_reserved)
{
	int i;

	KEXPECT_TRUE(PageReserved(pfn_to_page(0)));
	KEXPECT_TRUE(PageReserved(pfn_to_page(0xB8)));	/* VGA text */
	KEXPECT_TRUE(PageReserved(virt_to_page(_text)));
	KEXPECT_TRUE(PageReserved(virt_to_page(_end - 1)));
	KEXPECT_TRUE(PageReserved(virt_to_page(mem_map)));
	KEXPECT_TRUE(PageReserved(virt_to_page(&mem_map[max_pfn - 1])));
	for (i = 0; i < boot_info.nr_modules; i++) {
		u32 pfn = boot_info.modules[i].start >> PAGE_SHIFT;

		if (boot_info.modules[i].end > boot_info.modules[i].start &&
		    pfn < max_pfn)
			KEXPECT_TRUE(PageReserved(pfn_to_page(pfn)));
	}
	KEXPECT_EQ(zones[ZONE_DMA].present_pages +
			   zones[ZONE_NORMAL].present_pages +
			   zones[ZONE_HIGHMEM].present_pages,
		   totalram_pages);
	KEXPECT_LE(totalram_pages, num_physpages);
}

KTEST(free_reserved_area_releases_only_safe_frames)
{
	u32 free0 = nr_free_pages(), total0 = totalram_pages;
	struct page *p = alloc_page(GFP_KERNEL);
	u32 pa;

	KASSERT_TRUE(p != NULL);
	pa = page_to_phys(p);
	/* Pretend it is boot memory, e.g. an initramfs page. */
	SetPageReserved(p);
	totalram_pages--;
	page_zone(p)->present_pages--;
	KEXPECT_EQ(free_reserved_area(pa, pa + PAGE_SIZE), 1);
	KEXPECT_FALSE(PageReserved(p));
	KEXPECT_EQ(nr_free_pages(), free0);
	KEXPECT_EQ(totalram_pages, total0);
	/* The kernel image, bootmem and BIOS areas are never given away. */
	KEXPECT_EQ(free_reserved_area(__pa(_text), __pa(_end)), 0);
	KEXPECT_EQ(free_reserved_area(0, 0x100000), 0);
	KEXPECT_EQ(free_reserved_area(__pa(mem_map), __pa(mem_map) + PAGE_SIZE), 0);
	KEXPECT_EQ(nr_free_pages(), free0);
}
