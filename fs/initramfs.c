/*
 * fs/initramfs.c - the initramfs: Multiboot module 0 -> ramfs "/".
 *
 * The boot loader put the archive in physical memory that mm keeps
 * reserved until free_boot_module; after mm_init all of low memory is in
 * the direct map, so the archive is read through __va in place.
 */
#include "fs/initramfs.h"
#include "fs/cpio.h"
#include "kernel/multiboot.h"
#include "kernel/printk.h"
#include "mm/mm.h"
#include "mm/phys/page.h"

void populate_rootfs(void)
{
	struct boot_module *m = &boot_info.modules[0];
	struct cpio_stats st;
	const char *msg;
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
	err = cpio_unpack(__va(m->start), m->end - m->start, &st, &msg);
	if (err)
		printk("initramfs: corrupt or unusable archive (%s, error %d); "
		       "continuing with what was unpacked\n", msg, err);
	printk("initramfs: %u bytes: %u files, %u dirs, %u symlinks, "
	       "%u nodes, %u hard links\n", m->end - m->start, st.files,
	       st.dirs, st.symlinks, st.nodes, st.links);
	free_boot_module(m);	/* prints what it freed */
}
