/*
 * kernel/drivers/ide_test.h - the scratch disk the IDE driver's ktests
 * write to (restoring what they change): `ktest_disk=NAME`, else hdb.
 */
#ifndef KERNEL_DRIVERS_IDE_TEST_H
#define KERNEL_DRIVERS_IDE_TEST_H

#include "kernel/block/blkdev.h"
#include "kernel/cmdline.h"
#include "kernel/drivers/ide.h"
#include "kernel/ktest.h"

/* The scratch disk's drive, or NULL with the test skipped. */
static inline struct ide_drive *ide_scratch_drive(void)
{
	const char *name = cmdline_get("ktest_disk");
	struct block_device *b = blkdev_lookup(name ? name : "hdb");

	if (!b) {
		ktest_skip("no scratch disk (attach build/swap.img as hdb)");
		return NULL;
	}
	return b->private;
}

#endif
