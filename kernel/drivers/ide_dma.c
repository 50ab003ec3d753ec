/*
 * kernel/drivers/ide_dma.c - bus-master DMA on a PIIX-style PCI IDE
 * controller (see ide_dma.h for the hooks ide.c calls).
 *
 * Each channel has eight bus-master registers at BAR4 + 8 * channel:
 *
 *	+0 command	bit 0 start/stop, bit 3 direction (1: the controller
 *			writes memory, i.e. a disk read)
 *	+2 status	bit 0 active, bit 1 error, bit 2 interrupt (both
 *			cleared by writing 1), bits 5-6 drive 0/1 can DMA,
 *			bit 7 simplex (one channel at a time)
 *	+4 PRD table	its physical address, dword aligned
 *
 * A request goes: build the PRD table, load its address, set the
 * direction, clear error and interrupt; send the DMA command; set start.
 * The controller walks the table while the drive asks for data; when the
 * drive is done it raises its interrupt, which also sets the interrupt bit
 * here.  Then: clear start, and the request succeeded if the status reads
 * exactly "interrupt" (not active, no error) and the drive shows no error
 * (Linux's __ide_dma_end).  Anything else is a DMA error: it is printed and
 * the request is tried once more by PIO, which tells a bad sector (PIO
 * fails too) from a DMA problem (PIO works).  A drive whose DMA fails
 * IDE_DMA_MAX_ERRORS times where PIO then works (a bad cable, a
 * controller, a transfer mode the BIOS set wrong) goes by PIO for good.
 *
 * The controller sees physical memory: each piece of a bio is given by
 * its page's physical address (page_to_phys, high pages too: the PRD
 * table holds 32-bit addresses, all of the 4 GiB Mapback uses, so the
 * queue never bounces), with an even address and length, and a region
 * must not cross a 64 KiB boundary, so one that does is cut there.  Mapback
 * leaves the drive's transfer mode and the PIIX timing registers as the
 * BIOS set them; QEMU and Bochs need neither.
 */
#include "kernel/drivers/ide_dma.h"
#include "kernel/block/blkdev.h"
#include "kernel/cmdline.h"
#include "kernel/drivers/ide.h"
#include "kernel/drivers/pci.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "mm/phys/gfp.h"
#include "mm/phys/page.h"
#include "mm/phys/page_alloc.h"

KERNEL_PARAM("ide", "ide=nodma: IDE disks by programmed I/O only, no bus-master DMA");

/* Bus-master registers, offsets from ide_dma.base. */
#define BM_COMMAND 0
#define BM_STATUS 2
#define BM_PRD_TABLE 4

#define BM_CMD_START 0x01
#define BM_CMD_TO_MEMORY 0x08	/* the controller writes memory: a read */

#define BM_STAT_ACTIVE 0x01
#define BM_STAT_ERROR 0x02
#define BM_STAT_INTR 0x04
#define BM_STAT_DRIVE0_DMA 0x20	/* drive 1: 0x40 */
#define BM_STAT_SIMPLEX 0x80

/* The programming interface byte of class 01:01. */
#define PCI_IDE_NATIVE(chan) (1u << (2 * (chan)))	/* not legacy ports */
#define PCI_IDE_BUS_MASTER 0x80

/* From ide.c: the command block registers and status bits used here. */
#define ATA_ERROR 1
#define ATA_LBAH 5
#define ATA_STATUS 7	/* read */
#define ATA_COMMAND 7	/* write */
#define ATA_DF 0x20
#define ATA_DRQ 0x08
#define ATA_ERR 0x01

#define ATA_CMD_READ_DMA 0xC8
#define ATA_CMD_READ_DMA_EXT 0x25
#define ATA_CMD_WRITE_DMA 0xCA
#define ATA_CMD_WRITE_DMA_EXT 0x35

#define ID_CAPABILITY 49	/* bit 8: DMA */

bool ide_dma_inject_error;

/* The compiler must not move the PRD table's stores past the port write
 * that starts the engine (outb has no memory clobber), nor a read of the
 * buffer before the end. */
static inline void dma_barrier(void)
{
	asm volatile("" : : : "memory");
}

static bool nodma(void)
{
	const char *v = cmdline_get("ide");

	return v && !strcmp(v, "nodma");
}

void ide_dma_init_channel(struct ide_channel *ch, int index)
{
	struct pci_dev *dev = pci_get_class(PCI_CLASS_STORAGE_IDE, NULL);
	u32 progif;
	u16 base;

	if (!dev)
		return;
	progif = dev->class & 0xff;
	if (!(progif & PCI_IDE_BUS_MASTER))
		return;
	if (progif & PCI_IDE_NATIVE(index)) {
		printk("%s: controller in native PCI mode, not at the legacy ports: no DMA\n",
		       ch->name);
		return;
	}
	if (!(dev->resource[4].flags & IORESOURCE_IO) ||
	    !pci_resource_start(dev, 4) || pci_resource_len(dev, 4) < 16) {
		printk("%s: bus-master registers not assigned by the BIOS: no DMA\n",
		       ch->name);
		return;
	}
	base = (u16)(pci_resource_start(dev, 4) + 8 * index);
	if (nodma()) {
		printk("%s: BM-DMA at 0x%04x-0x%04x off (ide=nodma)\n", ch->name,
		       base, base + 7);
		return;
	}
	/* A simplex controller runs one channel at a time; each channel
	 * here has its own queue, so only the first gets DMA. */
	if (index && (inb((u16)(base - 8 + BM_STATUS)) & BM_STAT_SIMPLEX)) {
		printk("%s: simplex controller, DMA on ide0 only\n", ch->name);
		return;
	}
	pci_write_config_word(dev, PCI_COMMAND,
			      pci_read_config_word(dev, PCI_COMMAND) | PCI_COMMAND_IO);
	pci_set_master(dev);
	dev->driver = "PIIX_IDE";
	ch->dma.pdev = dev;
	ch->dma.base = base;
	printk("%s: BM-DMA at 0x%04x-0x%04x\n", ch->name, base, base + 7);
}

void ide_dma_probe_drive(struct ide_drive *d, const u16 *id)
{
	struct ide_channel *ch = d->chan;
	u8 st;

	if (!ch->dma.base)
		return;
	if (!(id[ID_CAPABILITY] & (1 << 8))) {
		printk("%s: no DMA in the drive, PIO\n", d->bdev.name);
		return;
	}
	if (!ch->dma.prd) {
		ch->dma.prd = (struct ide_prd *)get_zeroed_page(GFP_KERNEL);
		if (!ch->dma.prd) {
			printk("%s: no memory for a PRD table, PIO\n", d->bdev.name);
			return;
		}
	}
	/* Record that the drive does DMA, as a BIOS would (writing 0 to the
	 * error and interrupt bits leaves them alone). */
	st = inb(ch->dma.base + BM_STATUS);
	outb(ch->dma.base + BM_STATUS,
	     (u8)((st & ~(BM_STAT_ERROR | BM_STAT_INTR)) | (BM_STAT_DRIVE0_DMA << d->unit)));
	d->dma = true;
	/* The PRD table's addresses are 32 bits wide (Linux: the PCI
	 * device's dma_mask). */
	blk_queue_bounce_limit(&ch->queue, IDE_DMA_MASK);
	printk("%s: bus-master DMA\n", d->bdev.name);
}

/*
 * The PRD table.
 */

void ide_dma_table_reset(struct ide_channel *ch)
{
	ch->dma.nr_prd = 0;
}

bool ide_dma_map(struct ide_channel *ch, u32 pa, u32 len)
{
	u32 chunk;
	struct ide_prd *p;

	if (!len || ((pa | len) & 1) || pa + len - 1 < pa)
		return false;
	while (len) {
		if (ch->dma.nr_prd == IDE_PRD_MAX)
			return false;
		chunk = IDE_PRD_BOUNDARY - (pa & (IDE_PRD_BOUNDARY - 1));
		if (chunk > len)
			chunk = len;
		p = &ch->dma.prd[ch->dma.nr_prd++];
		p->addr = pa;
		p->count = chunk & 0xffff;	/* 64 KiB is written as 0 */
		pa += chunk;
		len -= chunk;
	}
	return true;
}

bool ide_dma_finish(struct ide_channel *ch)
{
	if (!ch->dma.nr_prd)
		return false;
	ch->dma.prd[ch->dma.nr_prd - 1].count |= IDE_PRD_EOT;
	return true;
}

/*
 * Requests.
 */

bool ide_dma_start(struct ide_channel *ch, struct ide_drive *d,
		   struct request *rq)
{
	bool write = rq->rw == WRITE, ext = d->use == IDE_LBA48;
	struct bio *bio;
	unsigned int i;
	u8 dir = write ? 0 : BM_CMD_TO_MEMORY, cmd;

	if (!d->dma || !ch->dma.base)
		return false;
	if (ch->dma.pio_retry) {
		ch->dma.pio_retry = false;
		ch->dma.retrying = true;
		return false;
	}
	ide_dma_table_reset(ch);
	for (bio = rq->bio; bio; bio = bio->bi_next)
		for (i = 0; i < bio->bi_vcnt; i++) {
			struct bio_vec *bv = &bio->bi_io_vec[i];

			if (!ide_dma_map(ch, page_to_phys(bv->bv_page) +
						     bv->bv_offset,
					 bv->bv_len))
				return false;
		}
	if (!ide_dma_finish(ch))
		return false;
	dma_barrier();
	outl(ch->dma.base + BM_PRD_TABLE, __pa(ch->dma.prd));
	outb(ch->dma.base + BM_COMMAND, dir);
	outb(ch->dma.base + BM_STATUS,
	     inb(ch->dma.base + BM_STATUS) | BM_STAT_ERROR | BM_STAT_INTR);
	if (ide_dma_inject_error) {
		/* Push LBA bits 16-23 (the cylinder's high byte for CHS) to
		 * 0xFF: past the end of any disk under 8 GiB, which the drive
		 * rejects with an error, as it would a bad sector. */
		ide_dma_inject_error = false;
		outb(ch->base + ATA_LBAH, 0xff);
	}
	if (ext)
		cmd = write ? ATA_CMD_WRITE_DMA_EXT : ATA_CMD_READ_DMA_EXT;
	else
		cmd = write ? ATA_CMD_WRITE_DMA : ATA_CMD_READ_DMA;
	outb(ch->base + ATA_COMMAND, cmd);
	outb(ch->dma.base + BM_COMMAND, dir | BM_CMD_START);
	ch->dma.active = true;
	ch->dma.nr_requests++;
	return true;
}

void ide_dma_request_done(struct ide_channel *ch, struct ide_drive *d,
			  int error)
{
	if (!ch->dma.retrying)
		return;
	ch->dma.retrying = false;
	if (!d || error || !d->dma)
		return;		/* PIO failed too: the sector, not DMA */
	if (++d->dma_errors_pio_ok < IDE_DMA_MAX_ERRORS)
		return;
	d->dma = false;
	printk("%s: %u DMA errors that PIO got through: DMA off, PIO from now on\n",
	       d->bdev.name, d->dma_errors_pio_ok);
}

void ide_dma_stop(struct ide_channel *ch)
{
	if (!ch->dma.active)
		return;
	outb(ch->dma.base + BM_COMMAND, 0);
	outb(ch->dma.base + BM_STATUS,
	     inb(ch->dma.base + BM_STATUS) | BM_STAT_ERROR | BM_STAT_INTR);
	ch->dma.active = false;
	dma_barrier();
}

int ide_dma_end(struct ide_channel *ch, u8 st)
{
	struct request *rq = ch->queue.active;
	struct ide_drive *d = rq->rq_disk->private;
	u8 bm = inb(ch->dma.base + BM_STATUS);

	if (!(bm & BM_STAT_INTR) && !(st & (ATA_ERR | ATA_DF)))
		return -EAGAIN;		/* the drive has not finished */
	/* st may have been read before the drive finished (a poll races
	 * with the end of the transfer): read it again, which also
	 * acknowledges the drive's interrupt. */
	st = inb(ch->base + ATA_STATUS);
	ide_dma_stop(ch);
	if ((bm & (BM_STAT_ACTIVE | BM_STAT_ERROR | BM_STAT_INTR)) == BM_STAT_INTR &&
	    !(st & (ATA_ERR | ATA_DF | ATA_DRQ)))
		return 0;
	printk("%s: DMA %s error at sector %llu, status 0x%02x error 0x%02x, bus master 0x%02x; retrying by PIO\n",
	       d->bdev.name, rq->rw == WRITE ? "write" : "read",
	       rq->sector, st, inb(ch->base + ATA_ERROR), bm);
	ch->dma.nr_errors++;
	ch->dma.pio_retry = true;
	return -EIO;
}
