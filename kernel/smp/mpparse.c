/*
 * kernel/smp/mpparse.c - the Intel MultiProcessor Specification 1.4
 * tables, for boards without ACPI (see kernel/smp/mpparse.h).
 *
 * The floating pointer "_MP_" is 16 bytes on a 16-byte boundary in the
 * first KiB of the EBDA, else in the last KiB of base memory, else in the
 * BIOS ROM at 0xF0000-0xFFFFF.  It points at the configuration table
 * ("PCMP"), a 44-byte header (with the local APIC's address) and then
 * entries: a processor entry is 20 bytes, every other kind 8.
 *
 *   floating pointer           configuration table
 *   +0 "_MP_"                  +0x00 "PCMP"     +0x04 length  +0x07 sum
 *   +4 table's address ------> +0x22 entries    +0x24 local APIC address
 *   +B feature 1: 0 = table    +0x2C entry: type 0 processor, 20 bytes:
 *      1..7 = a default           +1 APIC id, +3 flags (bit 0 enabled)
 *      configuration              type 1..4 (bus, I/O APIC, interrupts): 8
 *
 *   type 1 bus: +1 id, +2 "ISA   ", "PCI   "...
 *   type 2 I/O APIC: +1 id, +2 version, +3 flags (bit 0 usable), +4 address
 *   type 3 I/O interrupt: +1 kind (INT, NMI, SMI, ExtINT), +2 flags
 *      (polarity, trigger), +4 source bus, +5 source IRQ, +6 I/O APIC
 *      id, +7 its pin
 *
 * A default configuration (feature 1 non-zero) is two processors with
 * APIC ids 0 and 1 at the default address, as the specification says.
 * The I/O APICs and the interrupt entries go to kernel/smp/io_apic.c;
 * the local interrupt entries (type 4) are not needed: CPU 0's LINT0 and
 * LINT1 are set up as every PC wires them (apic.c).
 */
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/io_apic.h"
#include "kernel/smp/mpparse.h"
#include "mm/phys/page.h"

#define BIOS_ROM_START 0xF0000u
#define BIOS_ROM_SIZE 0x10000u
#define BDA_BASE_MEM_KB 0x413 /* the BIOS data area's base-memory size */
#define MPF_SIZE 16
#define MPC_HEADER_SIZE 44

enum { MP_PROCESSOR, MP_BUS, MP_IOAPIC, MP_INTSRC, MP_LINTSRC };
#define CPU_ENABLED 1

struct mpf_intel {
	char signature[4]; /* "_MP_" */
	u32 physptr; /* the configuration table, 0 for none */
	u8 length; /* in 16-byte units: 1 */
	u8 specification; /* 1 = 1.1, 4 = 1.4 */
	u8 checksum;
	u8 feature1; /* 0: table present; 1..7: default config */
	u8 feature2;
	u8 feature3[3];
} __packed;

struct mp_config_table {
	char signature[4]; /* "PCMP" */
	u16 length; /* the base table, header included */
	u8 spec;
	u8 checksum;
	char oem[8];
	char productid[12];
	u32 oemptr;
	u16 oemsize;
	u16 oemcount; /* the number of entries */
	u32 lapic; /* the local APIC's physical address */
	u32 reserved;
} __packed;

struct mpc_config_processor {
	u8 type;
	u8 apicid;
	u8 apicver;
	u8 cpuflag;
	u32 cpufeature[2];
	u32 reserved[2];
} __packed;

struct mpc_config_bus {
	u8 type;
	u8 busid;
	char bustype[6];
} __packed;

struct mpc_config_ioapic {
	u8 type;
	u8 apicid;
	u8 apicver;
	u8 flags; /* bit 0: usable */
	u32 apicaddr;
} __packed;

struct mpc_config_intsrc {
	u8 type;
	u8 irqtype;
	u16 irqflag;
	u8 srcbus;
	u8 srcbusirq;
	u8 dstapic;
	u8 dstirq;
} __packed;

/* Bus ids whose interrupts are ISA's (edge, active high by default). */
static u32 isa_buses[256 / 32];

_Static_assert(sizeof(struct mpf_intel) == MPF_SIZE, "MPS 4.1");
_Static_assert(sizeof(struct mp_config_table) == MPC_HEADER_SIZE, "MPS 4.2");
_Static_assert(sizeof(struct mpc_config_processor) == 20, "MPS 4.3.1");

u8 mp_checksum(const void *p, u32 len)
{
	const u8 *b = p;
	u8 sum = 0;

	while (len--)
		sum += *b++;
	return sum;
}

u32 mp_scan(u32 phys, u32 size, const char *sig, u32 sigsize, u32 len)
{
	u32 a;

	for (a = ALIGN_UP(phys, 16); a + len <= phys + size; a += 16) {
		const u8 *p = __va(a);

		if (!memcmp(p, sig, sigsize) && mp_checksum(p, len) == 0)
			return a;
	}
	return 0;
}

u32 bios_ebda_start(void)
{
	return (u32) * (u16 *)__va(0x40E) << 4;
}

static u32 find_mpf(void)
{
	u32 ebda = bios_ebda_start();
	u32 base_end = (u32) * (u16 *)__va(BDA_BASE_MEM_KB) << 10;
	u32 found = 0;

	if (ebda)
		found = mp_scan(ebda, 1024, "_MP_", 4, MPF_SIZE);
	if (!found && base_end >= 1024)
		found = mp_scan(base_end - 1024, 1024, "_MP_", 4, MPF_SIZE);
	if (!found)
		found = mp_scan(BIOS_ROM_START, BIOS_ROM_SIZE, "_MP_", 4,
				MPF_SIZE);
	return found;
}

static void read_bus(const struct mpc_config_bus *b)
{
	if (!memcmp(b->bustype, "ISA", 3) || !memcmp(b->bustype, "EISA", 4))
		isa_buses[b->busid / 32] |= 1u << (b->busid % 32);
}

static void read_ioapic(const struct mpc_config_ioapic *io)
{
	if (io->flags & 1)
		mp_register_ioapic(io->apicid, io->apicaddr, MP_GSI_NEXT);
}

static void read_intsrc(const struct mpc_config_intsrc *m)
{
	bool isa = (isa_buses[m->srcbus / 32] >> (m->srcbus % 32)) & 1;

	mp_save_irq(m->irqtype, isa, m->srcbusirq, m->dstapic, m->dstirq,
		    m->irqflag);
}

/* The entries of a checked table; false if one has an unknown type. */
static bool read_entries(const struct mp_config_table *mpc)
{
	const u8 *p = (const u8 *)(mpc + 1);
	const u8 *end = (const u8 *)mpc + mpc->length;

	while (p < end) {
		const struct mpc_config_processor *proc = (const void *)p;

		switch (*p) {
		case MP_PROCESSOR:
			if (p + sizeof(*proc) > end)
				return false;
			mp_register_lapic(proc->apicid,
					  proc->cpuflag & CPU_ENABLED);
			p += sizeof(*proc);
			break;
		case MP_BUS:
			read_bus((const void *)p);
			p += 8;
			break;
		case MP_IOAPIC:
			read_ioapic((const void *)p);
			p += 8;
			break;
		case MP_INTSRC:
			read_intsrc((const void *)p);
			p += 8;
			break;
		case MP_LINTSRC:
			p += 8;
			break;
		default:
			printk("mp: unknown entry type %u, table ignored\n",
			       *p);
			return false;
		}
	}
	return true;
}

static bool read_config_table(u32 phys)
{
	struct mp_config_table *mpc = bt_ioremap(phys, MPC_HEADER_SIZE);
	u32 length;
	bool ok;

	if (!mpc || memcmp(mpc->signature, "PCMP", 4)) {
		bt_iounmap(mpc, MPC_HEADER_SIZE);
		printk("mp: no configuration table at 0x%08x\n", phys);
		return false;
	}
	length = mpc->length;
	bt_iounmap(mpc, MPC_HEADER_SIZE);
	mpc = bt_ioremap(phys, length);
	if (!mpc || length < MPC_HEADER_SIZE || mp_checksum(mpc, length)) {
		bt_iounmap(mpc, length);
		printk("mp: configuration table checksum error\n");
		return false;
	}
	mp_lapic_addr = mpc->lapic;
	ok = read_entries(mpc);
	bt_iounmap(mpc, length);
	return ok;
}

bool mp_parse(void)
{
	u32 phys = find_mpf();
	const struct mpf_intel *mpf;

	if (!phys)
		return false;
	mpf = __va(phys);
	printk("mp: floating pointer at 0x%08x, MPS 1.%d\n", phys,
	       mpf->specification);
	if (mpf->feature1) {
		printk("mp: default configuration %u\n", mpf->feature1);
		mp_lapic_addr = APIC_DEFAULT_PHYS_BASE;
		mp_register_lapic(0, true);
		mp_register_lapic(1, true);
		/* The specification's default I/O APIC: id 2, ISA IRQs on
		 * their own pins. */
		mp_register_ioapic(2, IO_APIC_DEFAULT_PHYS_BASE, 0);
		return true;
	}
	return mpf->physptr && read_config_table(mpf->physptr);
}
