/*
 * fs/initramfs/initramfs.c - the initramfs: Multiboot module 0 -> ramfs "/".
 *
 * The boot loader put the archive in physical memory that mm keeps
 * reserved until free_boot_module; after mm_init all of low memory is in
 * the direct map, so the archive is read through __va in place.  Each
 * whole page of it the unpacker has passed goes back to the page
 * allocator at once, so the archive and its unpacked copy do not both
 * have to fit in RAM (at 4 or 8 MiB they would not leave much).
 */
#include "fs/initramfs/initramfs.h"
#include "fs/initramfs/cpio.h"
#include "kernel/multiboot.h"
#include "kernel/printk.h"
#include "mm/mm.h"
#include "mm/phys/page.h"

static struct boot_module *unpacking;
static u32 archive_start;	/* m->start moves up as pages are freed */
static u32 freed_early;

/* Free the module's whole pages below start + done.  Our Multiboot header
 * asks for page-aligned modules; one that is not shares its first page
 * with something else and waits for free_boot_module. */
static void free_passed(size_t done)
{
	struct boot_module *m = unpacking;
	u32 upto = (archive_start + done) & PAGE_MASK;

	if ((m->start & ~PAGE_MASK) || upto <= m->start)
		return;
	freed_early += free_reserved_area(m->start, upto);
	m->start = upto;
}

void populate_rootfs(void)
{
	struct boot_module *m = &boot_info.modules[0];
	struct cpio_stats st;
	const char *msg;
	u32 len;
	int err;

	if (boot_info.nr_modules < 1) {
		printk("initramfs: no boot module, root file system is empty\n");
		return;
	}
	if (m->end <= m->start || m->end > MAXMEM) {
		printk("initramfs: module at 0x%x-0x%x is not in low memory, "
		       "ignored\n", m->start, m->end);
		return;
	}
	unpacking = m;
	archive_start = m->start;
	len = m->end - m->start;
	err = cpio_unpack_passing(__va(m->start), len, &st, &msg, free_passed);
	if (err)
		printk("initramfs: corrupt or unusable archive (%s, error %d); "
		       "continuing with what was unpacked\n", msg, err);
	printk("initramfs: %u bytes: %u files, %u dirs, %u symlinks, "
	       "%u nodes, %u hard links\n", len, st.files, st.dirs,
	       st.symlinks, st.nodes, st.links);
	printk("initramfs: %uk of the archive freed while unpacking\n",
	       K(freed_early));
	free_boot_module(m);	/* the rest; prints what it freed */
}
