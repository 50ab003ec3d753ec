/*
 * kernel/drivers/ide.h - ATA/IDE disks in PIO mode.
 *
 * ide_init() probes the legacy ISA channels (primary 0x1F0/0x3F6, IRQ 14;
 * secondary 0x170/0x376, IRQ 15), master and slave, with IDENTIFY, and
 * registers each ATA disk with the block layer under its Linux name and
 * number: hda 3:0, hdb 3:64, hdc 22:0, hdd 22:64.  ATAPI devices (CD-ROMs)
 * are reported and left alone.
 *
 * Requests come from the block layer one page at a time: READ/WRITE SECTORS
 * (EXT for LBA48 drives) of BIO_SECTORS sectors, one DRQ block per sector,
 * addressed as the drive allows: LBA48, LBA28, or cylinder/head/sector.
 * Probing polls with the drives' interrupts off; then each channel with a
 * disk takes its IRQ line and completes requests by interrupt.  On a PCI
 * PC with a PIIX-style controller, requests move by bus-master DMA instead
 * (ide_dma.h) unless `ide=nodma`.
 */
#ifndef KERNEL_DRIVERS_IDE_H
#define KERNEL_DRIVERS_IDE_H

#include "kernel/block/blkdev.h"
#include "kernel/drivers/ide_dma.h"
#include "kernel/types.h"

#define IDE_MAX_CHANNELS 2
#define IDE_MODEL_LEN 40

struct ide_channel;

/* CHS for old drives without LBA (IDENTIFY word 49 bit 9 clear), LBA28,
 * and LBA48 (word 83 bit 10) with the EXT commands. */
enum ide_addressing { IDE_CHS, IDE_LBA28, IDE_LBA48 };

struct ide_drive {
	struct ide_channel *chan;
	int unit;			/* 0 master, 1 slave */
	bool present;			/* an ATA disk we drive */
	/* The best address form the drive has, and the one requests use
	 * (tests lower it to check that all forms find the same sectors). */
	enum ide_addressing addressing, use;
	u16 cyls, heads, sectors;	/* current CHS geometry */
	bool dma;			/* requests by bus-master DMA (ide_dma.c) */
	/* DMA requests that failed where the PIO retry then worked: a DMA
	 * problem, not a bad sector.  At IDE_DMA_MAX_ERRORS, dma goes off. */
	unsigned int dma_errors_pio_ok;
	/* Sectors per DRQ block in multiple mode (SET MULTIPLE from
	 * IDENTIFY word 47); 0: READ/WRITE SECTORS, a sector per block. */
	u8 mult;
	char model[IDE_MODEL_LEN + 1];
	struct block_device bdev;
};

struct ide_channel {
	u16 base;			/* command block, 8 ports */
	u16 ctl;			/* alternate status / device control */
	int irq;
	const char *name;		/* "ide0" */
	struct ide_drive drives[2];
	struct request_queue queue;
	/* The active request: sectors moved so far, and polls since the
	 * drive last made progress (the timeout counts these). */
	unsigned int xfer;
	unsigned int idle_polls;
	unsigned long nr_irq_steps;	/* steps driven by the interrupt */
	struct ide_dma dma;		/* bus-master DMA, if any (ide_dma.h) */
};

extern struct ide_channel ide_channels[IDE_MAX_CHANNELS];

void ide_init(void);

#endif
