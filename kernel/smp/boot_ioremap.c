/*
 * kernel/smp/boot_ioremap.c - reading firmware tables wherever they are
 * (see bt_ioremap in kernel/smp/mpparse.h).
 *
 * The first MiB (the MP floating pointer, the RSDP, the BIOS's tables) is
 * always in the direct map.  The RSDT and the MADT usually sit at the top
 * of RAM in an E820 "ACPI" range that the direct map leaves out (and above
 * it on a machine with high memory), so anything above 1 MiB is mapped a
 * few pages at a time at
 * the fixmap's FIX_BTMAP slots, as Linux i386 did for its early ACPI
 * parsing.  One mapping at a time: the parsers map a header, read its
 * length, unmap, and map the whole table.
 */
#include "kernel/smp/mpparse.h"
#include "mm/phys/fixmap.h"

#define LOW_MB 0x100000u

static bool in_first_mb(u32 phys, u32 size)
{
	return phys + size > phys && phys + size <= LOW_MB;
}

void *bt_ioremap(u32 phys, u32 size)
{
	u32 offset = phys & ~PAGE_MASK, pages, i;

	if (in_first_mb(phys, size))
		return __va(phys);
	pages = PAGE_ALIGN(offset + size) >> PAGE_SHIFT;
	if (size == 0 || pages > NR_FIX_BTMAPS)
		return NULL;
	phys &= PAGE_MASK;
	for (i = 0; i < pages; i++)
		set_fixmap(FIX_BTMAP_BEGIN - i, phys + (i << PAGE_SHIFT));
	return (void *)(fix_to_virt(FIX_BTMAP_BEGIN) + offset);
}

void bt_iounmap(void *virt, u32 size)
{
	u32 v = (u32)virt, pages, i;

	if (v < FIXADDR_START)
		return;
	pages = PAGE_ALIGN((v & ~PAGE_MASK) + size) >> PAGE_SHIFT;
	for (i = 0; i < pages; i++)
		clear_fixmap(FIX_BTMAP_BEGIN - i);
}
