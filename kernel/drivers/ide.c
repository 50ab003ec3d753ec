/*
 * kernel/drivers/ide.c - ATA/IDE disks in PIO mode: probe, and the request
 * state machine behind the block layer.
 *
 * A channel carries two drives but runs one command at a time, so each
 * channel has one request_queue shared by its drives.  A request moves up
 * to 128 sectors (the block layer's merged bios) with one command: READ/
 * WRITE MULTIPLE (0xC4/0xC5, EXT 0x29/0x39) when the drive took SET
 * MULTIPLE MODE at probe, else READ/WRITE SECTORS (0x20/0x30, EXT
 * 0x24/0x34).  The drive hands the data over in DRQ blocks (d->mult
 * sectors, or one): for a read it raises DRQ (and an interrupt) when a
 * block is ready; for a write we give it the first block as soon as it
 * asks (DRQ) and each following one after the interrupt that says the
 * previous one was taken.  The last interrupt of a write says the whole
 * command is done.
 *
 * ide_service() performs the next step of that dance from the status the
 * drive shows; the interrupt handler and the poll function both call it,
 * with interrupts off, so it can never run twice at once.  Because it
 * decides from BSY/DRQ, not from who called it, a stray or late interrupt
 * finds nothing to do.  Every data transfer is followed by the 400 ns
 * settle (four alternate-status reads) so that the next look at the status
 * sees the drive's new state, not the old DRQ.
 *
 * Timeouts are counts of status reads, never wall-clock sleeps: probing an
 * absent drive returns on the first read (0x00 from emulators, 0xFF from a
 * floating bus), and a drive that stays busy for IDE_POLL_LIMIT polls is
 * reset and its request failed with -EIO.
 *
 * Where the PC has a PIIX-style PCI controller, ide_request hands the
 * request to bus-master DMA (ide_dma.c) once the address is programmed, and
 * ide_service asks ide_dma_end whether the transfer is over; the PIO steps
 * below are then skipped.
 */
#include "kernel/drivers/ide.h"
#include "kernel/block/partitions.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/cpu/trap.h"

/* Command block registers, offsets from ide_channel.base. */
#define ATA_DATA 0
#define ATA_ERROR 1
#define ATA_NSECT 2
#define ATA_LBAL 3
#define ATA_LBAM 4
#define ATA_LBAH 5
#define ATA_DEVICE 6
#define ATA_STATUS 7	/* read */
#define ATA_COMMAND 7	/* write */

/* Status register. */
#define ATA_BSY 0x80
#define ATA_DRDY 0x40
#define ATA_DF 0x20
#define ATA_DRQ 0x08
#define ATA_ERR 0x01

/* Error register. */
#define ATA_ERR_ICRC 0x80
#define ATA_ERR_UNC 0x40
#define ATA_ERR_IDNF 0x10
#define ATA_ERR_ABRT 0x04
#define ATA_ERR_AMNF 0x01

/* Device control register (at ide_channel.ctl). */
#define ATA_CTL_NIEN 0x02	/* no interrupts from the drive */
#define ATA_CTL_SRST 0x04	/* software reset, both drives */

/* Device register. */
#define ATA_DEV_OBS 0xA0	/* bits 7 and 5, set on old drives */
#define ATA_DEV_LBA 0x40

#define ATA_CMD_READ 0x20
#define ATA_CMD_READ_EXT 0x24
#define ATA_CMD_WRITE 0x30
#define ATA_CMD_WRITE_EXT 0x34
#define ATA_CMD_READ_MULTI 0xC4
#define ATA_CMD_READ_MULTI_EXT 0x29
#define ATA_CMD_WRITE_MULTI 0xC5
#define ATA_CMD_WRITE_MULTI_EXT 0x39
#define ATA_CMD_SET_MULTIPLE 0xC6
#define ATA_CMD_IDENTIFY 0xEC
#define ATA_CMD_IDENTIFY_PACKET 0xA1

/* IDENTIFY data, in 16-bit words. */
#define ID_WORDS 256
#define ID_CYLS 1		/* default geometry */
#define ID_HEADS 3
#define ID_SECTORS 6
#define ID_MODEL 27		/* 20 words, two characters each, high first */
#define ID_MAX_MULTSECT 47	/* bits 7-0: most sectors per DRQ block */
#define ID_CAPABILITY 49	/* bit 9: LBA */
#define ID_VALID 53		/* bit 0: words 54-58 are valid */
#define ID_CUR_CYLS 54		/* current geometry: cylinders, heads, sectors */
#define ID_LBA28_SECTORS 60	/* two words */
#define ID_COMMAND_SET_2 83	/* bit 10: 48-bit address feature set */
#define ID_LBA48_SECTORS 100	/* four words */
#define ID_SECTOR_SIZE 106	/* bit 12: words 117-118 give the size */
#define ID_LOGICAL_SECTOR 117

#define LBA28_LIMIT (1ULL << 28)

/* The most sectors per DRQ block we ask for: QEMU's limit, and a block
 * of 8 KiB is already one host I/O per 16 sectors instead of per sector. */
#define IDE_MAX_MULT 16

/* Status reads before a drive that stays busy is given up on.  On ISA a
 * read takes about a microsecond, so these are about 1 s and 5 s. */
#define IDE_SPIN_LIMIT 1000000
#define IDE_POLL_LIMIT 5000000

static const struct {
	u16 base, ctl;
	int irq;
	unsigned int major;
} legacy_ports[IDE_MAX_CHANNELS] = {
	{ 0x1F0, 0x3F6, 14, 3 },
	{ 0x170, 0x376, 15, 22 },
};

struct ide_channel ide_channels[IDE_MAX_CHANNELS];

static u8 ata_status(struct ide_channel *ch)
{
	return inb(ch->base + ATA_STATUS);
}

/* Reading the alternate status does not acknowledge an interrupt. */
static u8 ata_altstatus(struct ide_channel *ch)
{
	return inb(ch->ctl);
}

/* The 400 ns a drive may take to show a new status after a command, a
 * device select or a data block; returns the status after it. */
static u8 ata_settle(struct ide_channel *ch)
{
	int i;

	for (i = 0; i < 4; i++)
		ata_altstatus(ch);
	return ata_altstatus(ch);
}

/* Spin until BSY clears.  Returns the status, or -1 after IDE_SPIN_LIMIT
 * reads. */
static int ata_wait_not_busy(struct ide_channel *ch)
{
	long i;
	u8 st;

	for (i = 0; i < IDE_SPIN_LIMIT; i++) {
		st = ata_altstatus(ch);
		if (!(st & ATA_BSY))
			return st;
	}
	return -1;
}

/* Spin until the drive is not busy and shows one of the bits in want (or
 * an error).  Returns the status, or -1 on timeout. */
static int ata_wait_for(struct ide_channel *ch, u8 want)
{
	long i;
	u8 st;

	for (i = 0; i < IDE_SPIN_LIMIT; i++) {
		st = ata_altstatus(ch);
		if (!(st & ATA_BSY) && (st & (want | ATA_ERR | ATA_DF)))
			return st;
	}
	return -1;
}

static void ata_read_data(struct ide_channel *ch, void *buf, u32 words)
{
	asm volatile("cld; rep insw"
		     : "+D"(buf), "+c"(words)
		     : "d"(ch->base + ATA_DATA)
		     : "memory");
}

static void ata_write_data(struct ide_channel *ch, const void *buf, u32 words)
{
	asm volatile("cld; rep outsw"
		     : "+S"(buf), "+c"(words)
		     : "d"(ch->base + ATA_DATA)
		     : "memory");
}

/* Make unit the drive that listens, with the LBA bit and the low nibble
 * (LBA28 bits 24-27 or the CHS head) in dev_bits; 0 or -EIO if the channel
 * stays busy. */
static int ata_select(struct ide_channel *ch, int unit, u8 dev_bits)
{
	if (ata_wait_not_busy(ch) < 0)
		return -EIO;
	outb(ch->base + ATA_DEVICE, ATA_DEV_OBS | (unit << 4) | dev_bits);
	ata_settle(ch);
	return ata_wait_not_busy(ch) < 0 ? -EIO : 0;
}

/* The control register is shared by both drives: interrupts are on or
 * off for the whole channel. */
static void ata_set_ctl(struct ide_channel *ch, u8 extra)
{
	outb(ch->ctl, (ch->queue.irq_driven ? 0 : ATA_CTL_NIEN) | extra);
}

/*
 * SET MULTIPLE MODE: d->mult sectors per DRQ block from now on, so READ/
 * WRITE MULTIPLE move a block per interrupt instead of a sector.  Polled:
 * the completion interrupt, if enabled, finds no request step to take.
 * A drive that refuses stays at one sector per block (mult 0).
 */
static void ata_set_multiple(struct ide_drive *d)
{
	struct ide_channel *ch = d->chan;
	int st;

	if (!d->mult)
		return;
	if (ata_select(ch, d->unit, 0))
		goto refused;
	outb(ch->base + ATA_NSECT, d->mult);
	outb(ch->base + ATA_COMMAND, ATA_CMD_SET_MULTIPLE);
	ata_settle(ch);
	st = ata_wait_not_busy(ch);
	ata_status(ch);			/* acknowledge its interrupt */
	if (st >= 0 && !(st & (ATA_ERR | ATA_DF)))
		return;
refused:
	printk("%s: SET MULTIPLE %u refused, one sector per interrupt\n",
	       d->bdev.name, d->mult);
	d->mult = 0;
}

/* Software reset of both drives of the channel, after a timeout.  A
 * reset may return a drive to single-sector blocks: set multiple mode
 * again. */
static void ata_reset(struct ide_channel *ch)
{
	int i;

	ata_set_ctl(ch, ATA_CTL_SRST);
	for (i = 0; i < 10; i++)	/* SRST must stay up for 5 us */
		io_delay();
	ata_set_ctl(ch, 0);
	for (i = 0; i < 2000; i++)	/* and BSY may take 2 ms to rise */
		io_delay();
	ata_wait_not_busy(ch);
	for (i = 0; i < 2; i++)
		if (ch->drives[i].present)
			ata_set_multiple(&ch->drives[i]);
}

/*
 * Requests.
 */

static void ata_print_error(struct ide_drive *d, struct request *rq, u8 st)
{
	u8 err = inb(d->chan->base + ATA_ERROR);

	printk("%s: %s error at sector %llu, status 0x%02x error 0x%02x%s%s%s%s%s\n",
	       d->bdev.name, rq->rw == WRITE ? "write" : "read",
	       rq->sector + d->chan->xfer, st, err,
	       st & ATA_DF ? " DeviceFault" : "",
	       err & ATA_ERR_ICRC ? " BadCRC" : "",
	       err & ATA_ERR_UNC ? " UncorrectableError" : "",
	       err & ATA_ERR_IDNF ? " SectorIdNotFound" : "",
	       err & ATA_ERR_ABRT ? " DriveStatusError" : "");
}

static void ide_end_request(struct ide_channel *ch, int error)
{
	struct request *rq = ch->queue.active;

	ide_dma_stop(ch);
	ide_dma_request_done(ch, rq ? rq->rq_disk->private : NULL, error);
	ch->xfer = 0;
	ch->idle_polls = 0;
	blk_complete(&ch->queue, error);
}

static void ata_program_lba48(struct ide_channel *ch, sector_t lba, u16 count)
{
	/* Each register is a two-deep FIFO: the high ("previous") bytes
	 * first, then the low ("current") ones. */
	outb(ch->base + ATA_NSECT, count >> 8);
	outb(ch->base + ATA_LBAL, (u8)(lba >> 24));
	outb(ch->base + ATA_LBAM, (u8)(lba >> 32));
	outb(ch->base + ATA_LBAH, (u8)(lba >> 40));
	outb(ch->base + ATA_NSECT, (u8)count);
	outb(ch->base + ATA_LBAL, (u8)lba);
	outb(ch->base + ATA_LBAM, (u8)(lba >> 8));
	outb(ch->base + ATA_LBAH, (u8)(lba >> 16));
}

static void ata_program_lba28(struct ide_channel *ch, sector_t lba, u16 count)
{
	outb(ch->base + ATA_NSECT, (u8)count);	/* 256 is 0 */
	outb(ch->base + ATA_LBAL, (u8)lba);
	outb(ch->base + ATA_LBAM, (u8)(lba >> 8));
	outb(ch->base + ATA_LBAH, (u8)(lba >> 16));
}

struct chs {
	u16 cyl;
	u8 head, sector;	/* sectors count from 1 */
};

static u32 chs_capacity(const struct ide_drive *d)
{
	return (u32)d->cyls * d->heads * d->sectors;
}

static void lba_to_chs(const struct ide_drive *d, u32 lba, struct chs *c)
{
	u32 track = lba / d->sectors;

	c->sector = (u8)(lba % d->sectors + 1);
	c->head = (u8)(track % d->heads);
	c->cyl = (u16)(track / d->heads);
}

/* The drive walks on across tracks and cylinders by itself during a
 * multi-sector command, so only the first sector is converted. */
static void ata_program_chs(struct ide_channel *ch, const struct chs *c, u16 count)
{
	outb(ch->base + ATA_NSECT, (u8)count);
	outb(ch->base + ATA_LBAL, c->sector);
	outb(ch->base + ATA_LBAM, (u8)c->cyl);
	outb(ch->base + ATA_LBAH, (u8)(c->cyl >> 8));
}

/* The device register bits for a request at sector in the drive's current
 * address form; -EIO if that form cannot reach it. */
static int ide_dev_bits(const struct ide_drive *d, sector_t sector,
			unsigned int count, struct chs *c)
{
	switch (d->use) {
	case IDE_LBA48:
		return ATA_DEV_LBA;
	case IDE_LBA28:
		if (sector + count > LBA28_LIMIT)
			return -EIO;
		return ATA_DEV_LBA | ((u8)(sector >> 24) & 0xF);
	default:
		if (sector + count > chs_capacity(d))
			return -EIO;
		lba_to_chs(d, (u32)sector, c);
		return c->head;
	}
}

/* The command for a request: READ/WRITE MULTIPLE when the drive is in
 * multiple mode, else READ/WRITE SECTORS; the EXT forms on LBA48. */
static u8 ide_command(const struct ide_drive *d, bool write)
{
	static const u8 cmds[2][2][2] = {	/* [mult][ext][write] */
		{ { ATA_CMD_READ, ATA_CMD_WRITE },
		  { ATA_CMD_READ_EXT, ATA_CMD_WRITE_EXT } },
		{ { ATA_CMD_READ_MULTI, ATA_CMD_WRITE_MULTI },
		  { ATA_CMD_READ_MULTI_EXT, ATA_CMD_WRITE_MULTI_EXT } },
	};

	return cmds[d->mult != 0][d->use == IDE_LBA48][write];
}

/* Move the next DRQ block of the active request: d->mult sectors (or what
 * is left), one sector without multiple mode.  The sectors of a block may
 * lie in different pages, which may be high, so each is mapped on its
 * own (interrupts are off: the slot is free until it is given back). */
static void ide_transfer_block(struct ide_channel *ch, struct request *rq,
			       const struct ide_drive *d)
{
	unsigned int n = d->mult ? d->mult : 1;
	enum km_type km = blk_km_type();
	void *buf;

	if (n > rq->nr_sectors - ch->xfer)
		n = rq->nr_sectors - ch->xfer;
	while (n--) {
		buf = blk_rq_map_sector(rq, ch->xfer, km);
		if (rq->rw == READ)
			ata_read_data(ch, buf, SECTOR_SIZE / 2);
		else
			ata_write_data(ch, buf, SECTOR_SIZE / 2);
		blk_rq_unmap_sector(buf, km);
		ch->xfer++;
	}
}

static int ide_request(struct request_queue *q, struct request *rq)
{
	struct ide_channel *ch = q->queuedata;
	struct ide_drive *d = rq->rq_disk->private;
	bool write = rq->rw == WRITE;
	struct chs chs = { 0, 0, 0 };
	int st, dev_bits;

	/* The block layer checked the range; the address form must fit too. */
	dev_bits = ide_dev_bits(d, rq->sector, rq->nr_sectors, &chs);
	if (dev_bits < 0)
		return -EIO;
	if (ata_select(ch, d->unit, (u8)dev_bits)) {
		printk("%s: busy, cannot select the drive\n", d->bdev.name);
		ata_reset(ch);
		return -EIO;
	}
	ch->xfer = 0;
	ch->idle_polls = 0;
	if (d->use == IDE_LBA48)
		ata_program_lba48(ch, rq->sector, (u16)rq->nr_sectors);
	else if (d->use == IDE_LBA28)
		ata_program_lba28(ch, rq->sector, (u16)rq->nr_sectors);
	else
		ata_program_chs(ch, &chs, (u16)rq->nr_sectors);
	if (ide_dma_start(ch, d, rq))
		return 0;
	outb(ch->base + ATA_COMMAND, ide_command(d, write));
	ata_settle(ch);
	if (!write)
		return 0;

	/* No interrupt announces the first block of a write: wait for DRQ. */
	st = ata_wait_for(ch, ATA_DRQ);
	if (st < 0 || (st & (ATA_ERR | ATA_DF)) || !(st & ATA_DRQ)) {
		ata_print_error(d, rq, st < 0 ? ata_altstatus(ch) : (u8)st);
		if (st < 0)
			ata_reset(ch);
		return -EIO;
	}
	ide_transfer_block(ch, rq, d);
	ata_settle(ch);
	return 0;
}

/*
 * The next step of the active request, given the drive's status st (BSY
 * clear).  Interrupts are off.
 */
static void ide_service(struct ide_channel *ch, u8 st)
{
	struct request *rq = ch->queue.active;
	struct ide_drive *d = rq->rq_disk->private;
	int err;

	if (ch->dma.active) {
		err = ide_dma_end(ch, st);
		if (err == -EAGAIN)
			return;
		if (!err) {
			ide_end_request(ch, 0);
			return;
		}
		err = ide_request(&ch->queue, rq);	/* DMA failed: PIO */
		if (err)
			ide_end_request(ch, err);
		return;
	}
	if (st & (ATA_ERR | ATA_DF)) {
		ata_print_error(d, rq, st);
		ide_end_request(ch, -EIO);
		return;
	}
	if (ch->xfer < rq->nr_sectors) {
		if (!(st & ATA_DRQ))
			return;		/* not ready yet */
		ide_transfer_block(ch, rq, d);
		ch->idle_polls = 0;
		blk_progress(&ch->queue);
		st = ata_settle(ch);
		/* A write ends with one more interrupt; a read ends here. */
		if (rq->rw == WRITE || ch->xfer < rq->nr_sectors)
			return;
		if (st & ATA_BSY)
			st = (u8)ata_wait_not_busy(ch);
		if (st & (ATA_ERR | ATA_DF)) {
			ata_print_error(d, rq, st);
			ide_end_request(ch, -EIO);
			return;
		}
	}
	if (st & ATA_DRQ) {
		/* The drive wants more data than the command asked for. */
		ata_print_error(d, rq, st);
		ata_reset(ch);
		ide_end_request(ch, -EIO);
		return;
	}
	ide_end_request(ch, 0);
}

/* The drive raised its interrupt line: reading the status acknowledges it. */
static void ide_intr(struct ide_channel *ch)
{
	u8 st = ata_status(ch);

	if (ch->queue.active && !(st & ATA_BSY)) {
		ch->nr_irq_steps++;
		ide_service(ch, st);
	}
}

static void ide_irq_primary(struct trapframe *tf)
{
	(void)tf;
	ide_intr(&ide_channels[0]);
}

static void ide_irq_secondary(struct trapframe *tf)
{
	(void)tf;
	ide_intr(&ide_channels[1]);
}

/*
 * The block layer polls while it waits without interrupts, and once after
 * a completion interrupt is overdue.  Returns false when the drive is busy.
 * A drive that makes no progress for IDE_POLL_LIMIT polls is reset and the
 * request failed.
 */
static bool ide_poll(struct request_queue *q)
{
	struct ide_channel *ch = q->queuedata;
	struct ide_drive *d;
	bool ready;
	u8 st;

	if (!q->active)
		return true;
	st = ata_altstatus(ch);
	ready = !(st & ATA_BSY);
	if (ready) {
		ide_service(ch, ata_status(ch));
		if (q->active && ++ch->idle_polls < IDE_POLL_LIMIT)
			return true;
	} else if (++ch->idle_polls < IDE_POLL_LIMIT) {
		return false;
	}
	if (!q->active)
		return ready;
	d = q->active->rq_disk->private;
	printk("%s: timeout, status 0x%02x; resetting %s\n", d->bdev.name,
	       ata_altstatus(ch), ch->name);
	ata_reset(ch);
	ide_end_request(ch, -EIO);
	return true;
}

/*
 * Probe.
 */

enum ide_kind { IDE_NONE, IDE_ATA, IDE_ATAPI };

static void id_string(const u16 *id, int word, int nwords, char *out)
{
	int i, n = nwords * 2;

	for (i = 0; i < nwords; i++) {
		out[2 * i] = (char)(id[word + i] >> 8);
		out[2 * i + 1] = (char)id[word + i];
	}
	out[n] = '\0';
	while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\0'))
		out[--n] = '\0';
}

/* Issue an IDENTIFY-class command and read its 256 words; false if the
 * drive refused it. */
static bool ata_identify_cmd(struct ide_channel *ch, u8 cmd, u16 *id)
{
	int st;

	outb(ch->base + ATA_COMMAND, cmd);
	ata_settle(ch);
	st = ata_wait_for(ch, ATA_DRQ);
	if (st < 0 || (st & (ATA_ERR | ATA_DF)) || !(st & ATA_DRQ))
		return false;
	ata_read_data(ch, id, ID_WORDS);
	ata_settle(ch);
	return true;
}

static enum ide_kind ata_identify(struct ide_channel *ch, int unit, u16 *id)
{
	u8 st, mid, high;
	int i;

	st = ata_altstatus(ch);
	if (st == 0xFF)
		return IDE_NONE;	/* floating bus: no drive at all */
	if (ata_select(ch, unit, 0))
		return IDE_NONE;
	for (i = ATA_NSECT; i <= ATA_LBAH; i++)
		outb(ch->base + i, 0);
	outb(ch->base + ATA_COMMAND, ATA_CMD_IDENTIFY);
	st = ata_settle(ch);
	if (st == 0 || st == 0xFF)
		return IDE_NONE;	/* nobody home */
	if (ata_wait_not_busy(ch) < 0)
		return IDE_NONE;
	/* A packet device aborts IDENTIFY and leaves its signature. */
	mid = inb(ch->base + ATA_LBAM);
	high = inb(ch->base + ATA_LBAH);
	if ((mid == 0x14 && high == 0xEB) || (mid == 0x69 && high == 0x96)) {
		if (!ata_identify_cmd(ch, ATA_CMD_IDENTIFY_PACKET, id))
			id[ID_MODEL] = 0;
		return IDE_ATAPI;
	}
	if (mid || high)
		return IDE_NONE;	/* not an ATA signature */
	st = (u8)ata_wait_for(ch, ATA_DRQ);
	if ((st & (ATA_ERR | ATA_DF)) || !(st & ATA_DRQ))
		return IDE_NONE;
	ata_read_data(ch, id, ID_WORDS);
	ata_settle(ch);
	return IDE_ATA;
}

/* Why the driver cannot use this disk, or NULL if it can. */
static const char *ata_unsupported(const u16 *id)
{
	u16 ss = id[ID_SECTOR_SIZE];

	if ((ss & 0xC000) == 0x4000 && (ss & (1 << 12)) &&
	    (id[ID_LOGICAL_SECTOR] != SECTOR_SIZE / 2 || id[ID_LOGICAL_SECTOR + 1]))
		return "logical sectors are not 512 bytes";
	return NULL;
}

static sector_t ata_capacity(const u16 *id, const struct ide_drive *d)
{
	switch (d->addressing) {
	case IDE_LBA48:
		return (sector_t)id[ID_LBA48_SECTORS] |
		       (sector_t)id[ID_LBA48_SECTORS + 1] << 16 |
		       (sector_t)id[ID_LBA48_SECTORS + 2] << 32 |
		       (sector_t)id[ID_LBA48_SECTORS + 3] << 48;
	case IDE_LBA28:
		return min((sector_t)id[ID_LBA28_SECTORS] |
			   (sector_t)id[ID_LBA28_SECTORS + 1] << 16, LBA28_LIMIT);
	default:
		return chs_capacity(d);
	}
}

/* The geometry the drive translates with now (set by the BIOS), else its
 * default one.  Heads go in a 4-bit field: more cannot be addressed. */
static void ata_geometry(struct ide_drive *d, const u16 *id)
{
	int w = ID_CYLS;

	if ((id[ID_VALID] & 1) && id[ID_CUR_CYLS] && id[ID_CUR_CYLS + 1] &&
	    id[ID_CUR_CYLS + 2])
		w = ID_CUR_CYLS;
	d->cyls = id[w];
	d->heads = id[w == ID_CYLS ? ID_HEADS : w + 1];
	d->sectors = id[w == ID_CYLS ? ID_SECTORS : w + 2];
	if (d->heads > 16 || d->sectors > 255)
		d->cyls = d->heads = d->sectors = 0;
}

static const char *const addressing_names[] = { "CHS", "LBA28", "LBA48" };

static void ide_setup_disk(struct ide_drive *d, const u16 *id, int index)
{
	struct block_device *b = &d->bdev;
	const char *why = ata_unsupported(id);

	if (why) {
		printk("hd%c: %s, %s: not used\n", 'a' + index, d->model, why);
		return;
	}
	ata_geometry(d, id);
	if (id[ID_COMMAND_SET_2] & (1 << 10))
		d->addressing = IDE_LBA48;
	else if (id[ID_CAPABILITY] & (1 << 9))
		d->addressing = IDE_LBA28;
	else
		d->addressing = IDE_CHS;
	d->use = d->addressing;
	d->mult = (u8)min(id[ID_MAX_MULTSECT] & 0xFF, IDE_MAX_MULT);
	if (d->mult < 2)
		d->mult = 0;
	b->nr_sectors = ata_capacity(id, d);
	if (b->nr_sectors < BIO_SECTORS) {
		printk("hd%c: %s, no usable geometry: not used\n", 'a' + index,
		       d->model);
		return;
	}
	b->name[0] = 'h';
	b->name[1] = 'd';
	b->name[2] = (char)('a' + index);
	b->name[3] = '\0';
	b->major = legacy_ports[d->chan - ide_channels].major;
	b->minor = (unsigned int)d->unit * 64;
	b->queue = &d->chan->queue;
	b->private = d;
	d->present = true;
	ata_set_multiple(d);
	if (d->addressing == IDE_CHS)
		printk("%s: %s, %llu sectors (%llu MiB), CHS=%u/%u/%u\n", b->name,
		       d->model, b->nr_sectors, b->nr_sectors >> 11, d->cyls,
		       d->heads, d->sectors);
	else
		printk("%s: %s, %llu sectors (%llu MiB), %s\n", b->name, d->model,
		       b->nr_sectors, b->nr_sectors >> 11,
		       addressing_names[d->addressing]);
	ide_dma_probe_drive(d, id);
	blkdev_register(b);
}

static void ide_probe_channel(struct ide_channel *ch, int index)
{
	static u16 id[ID_WORDS];
	int unit;
	enum ide_kind kind;
	struct ide_drive *d;

	/* Until interrupts are wired up, the drives must not raise them. */
	ata_set_ctl(ch, 0);
	for (unit = 0; unit < 2; unit++) {
		d = &ch->drives[unit];
		d->chan = ch;
		d->unit = unit;
		kind = ata_identify(ch, unit, id);
		if (kind == IDE_NONE)
			continue;
		id_string(id, ID_MODEL, 20, d->model);
		if (kind == IDE_ATAPI)
			printk("hd%c: %s, ATAPI device: not used\n",
			       'a' + index * 2 + unit,
			       d->model[0] ? d->model : "unknown");
		else
			ide_setup_disk(d, id, index * 2 + unit);
	}
	if (ch->drives[0].present || ch->drives[1].present)
		printk("%s at 0x%x-0x%x,0x%x on irq %d\n", ch->name, ch->base,
		       ch->base + 7, ch->ctl, ch->irq);
}

void ide_init(void)
{
	static const char *const names[IDE_MAX_CHANNELS] = { "ide0", "ide1" };
	struct ide_channel *ch;
	int i, unit;

	for (i = 0; i < IDE_MAX_CHANNELS; i++) {
		ch = &ide_channels[i];
		ch->base = legacy_ports[i].base;
		ch->ctl = legacy_ports[i].ctl;
		ch->irq = legacy_ports[i].irq;
		ch->name = names[i];
		blk_init_queue(&ch->queue, ide_request, ide_poll, ch);
		ide_dma_init_channel(ch, i);
		ide_probe_channel(ch, i);
		if (!ch->drives[0].present && !ch->drives[1].present)
			continue;
		/* The channel's interrupt line and major are ours from here on. */
		register_blkdev(legacy_ports[i].major, ch->name);
		request_irq(ch->irq, i ? ide_irq_secondary : ide_irq_primary);
		ch->queue.irq_driven = true;
		ata_set_ctl(ch, 0);
		for (unit = 0; unit < 2; unit++)
			if (ch->drives[unit].present)
				check_partition(&ch->drives[unit].bdev);
	}
}
