/*
 * mm/phys/bootmem.c - a bump allocator for the boot.
 *
 * Memory is taken upwards from the end of the kernel image, or, when that
 * runs into the limit (a big initramfs right after the kernel can fill the
 * mapped 16 MiB), from conventional memory between 4 KiB and 640 KiB (page
 * 0 holds the BIOS data area).  A candidate
 * range is accepted only if it lies inside one E820 RAM range, below the
 * limit (what is mapped: the boot tables' 16 MiB at first, all low memory
 * once paging_init has switched to swapper_pg_dir), and overlaps no
 * Multiboot module (the loader may put modules anywhere, even above
 * 16 MiB) and no range already handed out.  Otherwise the cursor jumps
 * past the obstacle and tries again.  The ranges handed out are recorded
 * (merged when adjacent) so mm_init can keep them reserved.
 *
 * bootmem_alloc_above starts at a goal instead, as Linux's bootmem
 * allocations start above MAX_DMA_ADDRESS: a 4 GiB machine's 32 MiB of
 * mem_map would otherwise fill ZONE_DMA.
 */
#include "kernel/lib/string.h"
#include "kernel/multiboot.h"
#include "kernel/panic.h"
#include "mm/phys/bootmem.h"
#include "mm/phys/page.h"

#define MAX_BOOTMEM_RANGES 8

extern char _end[];

struct bootmem_range {
	u32 start, end;		/* physical, page aligned */
};

#define LOW_START 0x1000u
#define LOW_END 0xA0000u

static struct bootmem_range used[MAX_BOOTMEM_RANGES];
static int nr_used;
static u32 cursor, low_cursor, limit;

u32 kernel_start_pa(void)
{
	return 1u << 20;	/* linker.ld: .boot, then the kernel, at 1 MiB */
}

u32 kernel_end_pa(void)
{
	return PAGE_ALIGN(__pa(_end));
}

void bootmem_init(u32 limit_pa)
{
	cursor = kernel_end_pa();
	low_cursor = LOW_START;
	limit = limit_pa;
}

void bootmem_set_limit(u32 limit_pa)
{
	limit = limit_pa;
}

/*
 * 0 if [start, end) may be used, else the address to try next.  u64 for
 * the range ends: E820 ranges may end at or above 4 GiB.
 */
static u32 next_candidate(u32 start, u32 end)
{
	u32 next = 0xFFFFFFFFu;
	int i;

	for (i = 0; i < nr_used; i++)
		if (start < used[i].end && used[i].start < end)
			return used[i].end;
	for (i = 0; i < boot_info.nr_modules; i++) {
		const struct boot_module *m = &boot_info.modules[i];

		if (start < PAGE_ALIGN(m->end) && m->start < end)
			return PAGE_ALIGN(m->end);
	}
	for (i = 0; i < boot_info.nr_ranges; i++) {
		const struct mem_range *r = &boot_info.ranges[i];
		u64 rend = r->addr + r->len;

		if (r->type != E820_RAM)
			continue;
		if (r->addr <= start && end <= rend)
			return 0;
		if (r->addr > start && r->addr < limit && r->addr < next)
			next = PAGE_ALIGN((u32)r->addr);
	}
	return next;
}

static void record(u32 start, u32 end)
{
	int i;

	for (i = 0; i < nr_used; i++)
		if (used[i].end == start) {
			used[i].end = end;
			return;
		}
	if (nr_used == MAX_BOOTMEM_RANGES)
		panic("bootmem: more than %d separate ranges", MAX_BOOTMEM_RANGES);
	used[nr_used].start = start;
	used[nr_used].end = end;
	nr_used++;
}

/* Find size bytes in [*cur, end); on success advance *cur past them. */
static bool scan(u32 *cur, u32 end, u32 size, u32 *found)
{
	u32 start = *cur;

	for (;;) {
		u32 next;

		if (start + size > end || start + size < start)
			return false;
		next = next_candidate(start, start + size);
		if (!next)
			break;
		start = next;
	}
	*found = start;
	*cur = start + size;
	return true;
}

void *bootmem_alloc(u32 size)
{
	u32 start;

	size = PAGE_ALIGN(size);
	if (!scan(&cursor, limit, size, &start) &&
	    !scan(&low_cursor, min(limit, LOW_END), size, &start))
		panic("bootmem: no room for %u bytes below 0x%x", size, limit);
	record(start, start + size);
	memset(__va(start), 0, size);
	return __va(start);
}

void *bootmem_alloc_above(u32 size, u32 goal)
{
	u32 cur = max(goal, cursor), start;

	size = PAGE_ALIGN(size);
	if (!scan(&cur, limit, size, &start))
		return bootmem_alloc(size);
	record(start, start + size);
	memset(__va(start), 0, size);
	return __va(start);
}

bool bootmem_owns(u32 pfn)
{
	u32 pa = pfn << PAGE_SHIFT;
	int i;

	for (i = 0; i < nr_used; i++)
		if (pa >= used[i].start && pa < used[i].end)
			return true;
	return false;
}

u32 bootmem_pages(void)
{
	u32 n = 0;
	int i;

	for (i = 0; i < nr_used; i++)
		n += (used[i].end - used[i].start) >> PAGE_SHIFT;
	return n;
}
