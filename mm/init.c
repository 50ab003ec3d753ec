/*
 * mm/init.c - mm_init: from the boot page tables to working allocators.
 *
 *  1. Decide how much RAM to use: the E820 map below 4 GiB (no PAE),
 *     capped by `mem=`.  The frames below max_low_pfn (at most the 896 MiB
 *     the direct map can hold, less with `highmem=`) are low memory; those
 *     from there to max_pfn are high memory, reached only through kmap.
 *  2. paging_init: swapper_pg_dir with the whole direct map, tables from
 *     bootmem, whose limit grows as each new table is hooked in (it
 *     starts at the 16 MiB the boot tables map); then the PKMAP and
 *     fixmap tables (mm/phys/fixmap.h).
 *  3. mem_map for every frame below max_pfn, high ones too, from bootmem
 *     (so in low memory), every page PG_reserved; then each RAM frame
 *     that is not the kernel image, a BIOS area, a Multiboot module or
 *     bootmem's is freed to its zone.
 *  4. Watermarks and lowmem reserves, the slab allocator, the kernel stack
 *     area's page tables (kernel/process/kstack.h: before any page
 *     directory is copied from swapper_pg_dir), fault injection.
 *
 * test_wp_bit() runs later, after cpu_init() has set CR0.WP on a 486+.
 */
#include "kernel/cmdline.h"
#include "kernel/process/kstack.h"
#include "kernel/multiboot.h"
#include "kernel/printk.h"
#include "mm/phys/bootmem.h"
#include "kernel/fault_inject.h"
#include "mm/mm.h"
#include "mm/phys/mmzone.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/pgtable.h"
#include "mm/phys/slab.h"
#include "mm/vmstat.h"

KERNEL_PARAM("mem", "use at most this much RAM, e.g. mem=8M");
KERNEL_PARAM("highmem", "make this much of RAM high memory, e.g. highmem=16M");

#define BOOT_MAPPED_END (16u << 20)	/* boot/boot.asm's mapping */
#define MIN_MEM (4u << 20)
#define MIN_LOWMEM_PFN ((8u << 20) >> PAGE_SHIFT)
#define MAX_NONPAE_PFN (1u << (32 - PAGE_SHIFT))	/* 4 GiB */
#define ISA_HOLE_START_PFN 0xA0		/* 640 KiB: VGA, option ROMs, BIOS */
#define ISA_HOLE_END_PFN 0x100		/* 1 MiB */

extern char _text[], _etext[], _end[];

struct page *mem_map;
u32 max_pfn;
u32 max_low_pfn;
u32 totalram_pages;
u32 totalhigh_pages;
u32 num_physpages;

static bool pfn_is_ram(u32 pfn)
{
	u64 start = (u64)pfn << PAGE_SHIFT;
	int i;

	for (i = 0; i < boot_info.nr_ranges; i++) {
		const struct mem_range *r = &boot_info.ranges[i];

		if (r->type == E820_RAM && r->addr <= start &&
		    start + PAGE_SIZE <= r->addr + r->len)
			return true;
	}
	return false;
}

/* Frames that stay reserved for good: BIOS areas, kernel, boot tables. */
static bool pfn_is_permanent(u32 pfn)
{
	u32 pa = pfn << PAGE_SHIFT;

	return pfn == 0 ||	/* real-mode IVT and BIOS data area */
	       (pfn >= ISA_HOLE_START_PFN && pfn < ISA_HOLE_END_PFN) ||
	       (pa >= kernel_start_pa() && pa < kernel_end_pa()) ||
	       bootmem_owns(pfn);
}

static bool pfn_in_module(u32 pfn)
{
	u32 pa = pfn << PAGE_SHIFT;
	int i;

	for (i = 0; i < boot_info.nr_modules; i++) {
		const struct boot_module *m = &boot_info.modules[i];

		if (pa >= (m->start & PAGE_MASK) && pa < PAGE_ALIGN(m->end))
			return true;
	}
	return false;
}

/* Pages of RAM in [from, to) (bytes), from the E820 map. */
static u32 ram_pages_between(u64 from, u64 to)
{
	u32 n = 0;
	int i;

	for (i = 0; i < boot_info.nr_ranges; i++) {
		const struct mem_range *r = &boot_info.ranges[i];
		u64 s = max(r->addr, from), e = min(r->addr + r->len, to);

		if (r->type == E820_RAM && s < e)
			n += (u32)((e - s) >> PAGE_SHIFT);
	}
	return n;
}

static u64 ram_end(void)
{
	u64 end = 0;
	int i;

	for (i = 0; i < boot_info.nr_ranges; i++) {
		const struct mem_range *r = &boot_info.ranges[i];

		if (r->type == E820_RAM)
			end = max(end, r->addr + r->len);
	}
	return end;
}

static u32 find_max_pfn(void)
{
	u64 end = ram_end();
	const char *arg = cmdline_get("mem");
	u32 mem;

	if (arg && (!parse_size(arg, &mem) || mem < MIN_MEM)) {
		printk("mem=%s: not a size of at least %uM, ignored\n", arg,
		       MIN_MEM >> 20);
	} else if (arg && mem < end) {
		printk("mem=%s: using RAM below 0x%08x only\n", arg, mem);
		end = mem;
	}
	if (end >> PAGE_SHIFT > MAX_NONPAE_PFN) {
		printk("Warning: only 4GB will be used (no PAE).\n");
		return MAX_NONPAE_PFN;
	}
	return (u32)(end >> PAGE_SHIFT);
}

/* highmem=SIZE in pages, or 0 when absent or not a size. */
static u32 highmem_pages_param(void)
{
	const char *arg = cmdline_get("highmem");
	u32 size;

	if (!arg)
		return 0;
	if (!parse_size(arg, &size)) {
		printk("highmem=%s: not a size, ignored\n", arg);
		return 0;
	}
	return size >> PAGE_SHIFT;
}

/*
 * Where low memory ends, as Linux i386's find_low_pfn_range: RAM beyond
 * the direct map is high memory; `highmem=SIZE` asks for a high zone of
 * that size, made on a small machine by shrinking the direct map (which
 * must keep MIN_LOWMEM_PFN), on a large one by trimming RAM above it.
 */
static void find_low_pfn_range(void)
{
	u32 highmem = highmem_pages_param();

	if (max_pfn > MAXMEM_PFN) {
		max_low_pfn = MAXMEM_PFN;
		if (highmem && MAXMEM_PFN + highmem < max_pfn)
			max_pfn = MAXMEM_PFN + highmem;
		else if (highmem && MAXMEM_PFN + highmem > max_pfn)
			printk("only %uMB highmem pages available, ignoring"
			       " highmem size of %uMB!\n",
			       (max_pfn - MAXMEM_PFN) >> (20 - PAGE_SHIFT),
			       highmem >> (20 - PAGE_SHIFT));
		return;
	}
	max_low_pfn = max_pfn;
	if (highmem >= max_pfn) {
		printk("highmem size (%uMB) is bigger than pages available"
		       " (%uMB)!\n", highmem >> (20 - PAGE_SHIFT),
		       max_pfn >> (20 - PAGE_SHIFT));
	} else if (highmem && max_pfn - highmem < MIN_LOWMEM_PFN) {
		printk("highmem size (%uMB) results in <%uMB lowmem, ignoring"
		       " it!\n", highmem >> (20 - PAGE_SHIFT),
		       MIN_LOWMEM_PFN >> (20 - PAGE_SHIFT));
	} else {
		max_low_pfn -= highmem;
	}
}

/* Modules above max_low_pfn still get mapped so their contents can be read. */
static u32 direct_map_pfns(void)
{
	u32 end = max_low_pfn;
	int i;

	for (i = 0; i < boot_info.nr_modules; i++)
		end = max(end, PAGE_ALIGN(boot_info.modules[i].end) >> PAGE_SHIFT);
	return min(end, MAXMEM_PFN);
}

static void mem_map_init(void)
{
	u32 pfn;

	mem_map = bootmem_alloc_above(max_pfn * sizeof(struct page),
				      MAX_DMA_PFN << PAGE_SHIFT);
	for (pfn = 0; pfn < max_pfn; pfn++) {
		struct page *page = pfn_to_page(pfn);

		page->flags = 1u << PG_reserved;
		set_page_count(page, 1);
		INIT_LIST_HEAD(&page->lru);
	}
}

static void free_boot_memory(void)
{
	u32 pfn;

	for (pfn = 0; pfn < max_pfn; pfn++)
		if (pfn_is_ram(pfn) && !pfn_is_permanent(pfn) &&
		    !pfn_in_module(pfn))
			free_reserved_page(pfn_to_page(pfn));
}

u32 free_reserved_area(u32 start, u32 end)
{
	u32 pfn, freed = 0;

	for (pfn = start >> PAGE_SHIFT; pfn < PAGE_ALIGN(end) >> PAGE_SHIFT &&
	     pfn < max_pfn; pfn++) {
		struct page *page = pfn_to_page(pfn);

		if (!PageReserved(page) || !pfn_is_ram(pfn) ||
		    pfn_is_permanent(pfn))
			continue;
		free_reserved_page(page);
		freed++;
	}
	return freed;
}

u32 free_boot_module(struct boot_module *m)
{
	u32 freed;

	if (m->end <= m->start)
		return 0;
	freed = free_reserved_area(m->start & PAGE_MASK, m->end);
	printk("Freeing module %s: %uk freed\n", m->string,
	       K(freed));
	m->end = m->start;
	return freed;
}

static void print_summary(void)
{
	u32 code = (u32)(_etext - _text) >> 10;
	u32 data = (u32)(_end - _etext) >> 10;
	u32 reserved = num_physpages - totalram_pages;

	printk("Memory: %uk/%uk available (%uk kernel code, %uk reserved,"
	       " %uk data, %uk boot tables, %uk highmem)\n",
	       K(totalram_pages), K(num_physpages), code, K(reserved), data,
	       K(bootmem_pages()), K(totalhigh_pages));
	show_zones();
}

void mm_init(void)
{
	max_pfn = find_max_pfn();
	find_low_pfn_range();
	num_physpages = ram_pages_between(0, (u64)max_pfn << PAGE_SHIFT);
	printk("%uMB HIGHMEM available.\n",
	       (max_pfn - max_low_pfn) >> (20 - PAGE_SHIFT));
	printk("%uMB LOWMEM available.\n", max_low_pfn >> (20 - PAGE_SHIFT));

	bootmem_init(min(BOOT_MAPPED_END, max_low_pfn << PAGE_SHIFT));
	paging_init(direct_map_pfns());
	bootmem_set_limit(max_low_pfn << PAGE_SHIFT);

	mem_map_init();
	zones_init(max_low_pfn, max_pfn);
	free_boot_memory();
	setup_zone_watermarks();

	kmem_cache_init();
	kstack_init();
	fault_inject_init();
	print_summary();
}
