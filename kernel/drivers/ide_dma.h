/*
 * kernel/drivers/ide_dma.h - bus-master DMA for the IDE driver, on a
 * PIIX-style PCI IDE controller (the i440FX/PIIX3 of QEMU and Bochs, and of
 * Pentium-era boards).
 *
 * The controller's function (PCI class 01:01) has, in BAR4, 16 I/O ports:
 * eight bus-master registers per channel.  For a DMA request the driver
 * describes the buffer in a PRD table (physical region descriptors), points
 * the channel at it, sends READ DMA or WRITE DMA (0xC8/0xCA; EXT 0x25/0x35
 * on LBA48 drives) instead of the PIO command, and sets the start bit; the
 * controller moves every byte and the drive raises one interrupt at the
 * end.  A DMA error is retried once by PIO.  Without PCI, without such a
 * controller, or with `ide=nodma`, requests stay PIO (ide.c).
 *
 * ide.c calls these hooks:
 *	ide_init		ide_dma_init_channel() for each channel
 *	ide_setup_disk		ide_dma_probe_drive() for each disk
 *	ide_request		ide_dma_start() once the address is programmed;
 *				false: issue the PIO command as before
 *	ide_service		ide_dma_end() while ch->dma.active
 *	ide_end_request		ide_dma_stop()
 */
#ifndef KERNEL_DRIVERS_IDE_DMA_H
#define KERNEL_DRIVERS_IDE_DMA_H

#include "kernel/types.h"

struct request;
struct ide_channel;
struct ide_drive;
struct pci_dev;

/* One PRD: a physically contiguous region that does not cross a 64 KiB
 * boundary; a count of 0 means 64 KiB.  EOT marks the table's last. */
struct ide_prd {
	u32 addr;
	u32 count;		/* bits 0-15 bytes, bit 31 EOT */
};

#define IDE_PRD_EOT 0x80000000u
#define IDE_PRD_BOUNDARY 0x10000u
/* The table is one page (dword aligned, never across 64 KiB). */
#define IDE_PRD_MAX (4096 / sizeof(struct ide_prd))

/* The bus-master side of a channel. */
struct ide_dma {
	u16 base;		/* its eight registers in BAR4; 0: no DMA */
	struct pci_dev *pdev;
	struct ide_prd *prd;	/* the PRD table, allocated with the first DMA drive */
	unsigned int nr_prd;	/* entries of the table in use */
	bool active;		/* the active request moves by DMA */
	bool pio_retry;		/* the next start is the PIO retry of a failed DMA */
	bool retrying;		/* the active request is that retry */
	unsigned long nr_requests;	/* requests moved by DMA */
	unsigned long nr_errors;	/* of them, failed and retried by PIO */
};

void ide_dma_init_channel(struct ide_channel *ch, int index);
/* d->dma = true when the drive and its channel can do DMA. */
void ide_dma_probe_drive(struct ide_drive *d, const u16 *id);

/* Start rq by DMA, every bio of it in one PRD table, the drive selected
 * and the address programmed: true when started, false when it must go
 * by PIO. */
bool ide_dma_start(struct ide_channel *ch, struct ide_drive *d,
		   struct request *rq);
/* The DMA request's state after the drive showed status st:
 * -EAGAIN still moving, 0 done, -EIO failed (printed; the caller retries
 * by PIO, which the next ide_dma_start leaves alone). */
int ide_dma_end(struct ide_channel *ch, u8 st);
/* Stop the engine if it runs (the end of any request). */
void ide_dma_stop(struct ide_channel *ch);
/* The active request of d (NULL: there was none) ended with error: if it
 * was the PIO retry of a failed DMA and worked, count it against d's DMA,
 * which after IDE_DMA_MAX_ERRORS such requests is turned off for good. */
#define IDE_DMA_MAX_ERRORS 3
void ide_dma_request_done(struct ide_channel *ch, struct ide_drive *d,
			  int error);

/* Build the table for the pieces of a request: ide_dma_map for each
 * (physically contiguous from pa, even address and length), then
 * ide_dma_finish.  false when a piece cannot be mapped or the table is
 * full: the request goes by PIO. */
void ide_dma_table_reset(struct ide_channel *ch);
bool ide_dma_map(struct ide_channel *ch, u32 pa, u32 len);
/* The highest address the controller reaches: the bounce limit of a
 * channel with a DMA drive. */
#define IDE_DMA_MASK 0xffffffffULL
bool ide_dma_finish(struct ide_channel *ch);

/* Tests: make the next DMA request fail in the drive (ide_dma.c). */
extern bool ide_dma_inject_error;

#endif
