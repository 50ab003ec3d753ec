/*
 * kernel/smp/acpi_boot.c - the processors from ACPI's MADT (see
 * kernel/smp/mpparse.h), as Linux's acpi_boot_init finds them.
 *
 * The RSDP ("RSD PTR ") sits on a 16-byte boundary in the first KiB of
 * the EBDA or in the BIOS area 0xE0000-0xFFFFF; it points at the RSDT,
 * a table of 32-bit pointers to every other table.  Each table starts
 * with the same 36-byte header and sums to 0.  The MADT (signature
 * "APIC") holds the local APIC's address and then variable-length
 * entries (type, length, ...):
 *
 *   RSDP               RSDT                    MADT "APIC"
 *   "RSD PTR "         header "RSDT"           header
 *   +16 RSDT --------> +36 u32 table ... ----> +36 local APIC address
 *                                              +40 flags (bit 0: 8259s)
 *                                              +44 type 0, len 8: +3 APIC
 *                                                  id, +4 flags (bit 0
 *                                                  enabled); type 5: a
 *                                                  64-bit APIC address
 *
 * The XSDT (ACPI 2.0's 64-bit pointers) is not needed: on i386 every
 * table the RSDT names is below 4 GiB.  I/O APIC entries (type 1: +2 id,
 * +4 address, +8 first GSI) and interrupt source overrides (type 2: +2
 * bus, +3 ISA IRQ, +4 GSI, +8 flags) go to kernel/smp/io_apic.c.
 */
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/io_apic.h"
#include "kernel/smp/mpparse.h"
#include "mm/phys/page.h"

#define RSDP_LOW_START 0xE0000u
#define RSDP_LOW_SIZE 0x20000u
#define RSDP_V1_SIZE 20
#define HEADER_SIZE 36

enum {
	MADT_LAPIC = 0,
	MADT_IOAPIC = 1,
	MADT_INT_SRC_OVR = 2,
	MADT_LAPIC_OVERRIDE = 5
};
#define MADT_ENABLED 1

struct acpi_rsdp {
	char signature[8]; /* "RSD PTR " */
	u8 checksum; /* the first 20 bytes */
	char oem_id[6];
	u8 revision; /* 0: ACPI 1.0; 2: 2.0 and later */
	u32 rsdt_address;
} __packed;

struct acpi_table_header {
	char signature[4];
	u32 length; /* the whole table, header included */
	u8 revision;
	u8 checksum;
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	u32 creator_id;
	u32 creator_revision;
} __packed;

struct acpi_madt {
	struct acpi_table_header header;
	u32 lapic_address;
	u32 flags;
} __packed;

struct madt_entry {
	u8 type;
	u8 length;
} __packed;

struct madt_lapic {
	struct madt_entry h;
	u8 processor_id;
	u8 apic_id;
	u32 flags;
} __packed;

struct madt_ioapic {
	struct madt_entry h;
	u8 id;
	u8 reserved;
	u32 address;
	u32 gsi_base;
} __packed;

struct madt_int_src_ovr {
	struct madt_entry h;
	u8 bus; /* 0: ISA */
	u8 source_irq;
	u32 gsi;
	u16 flags; /* MP_IRQPOL_*, MP_IRQTRIG_* */
} __packed;

struct madt_lapic_override {
	struct madt_entry h;
	u16 reserved;
	u32 address_lo;
	u32 address_hi;
} __packed;

_Static_assert(sizeof(struct acpi_table_header) == HEADER_SIZE, "ACPI 5.2.6");
_Static_assert(sizeof(struct acpi_madt) == 44, "ACPI 5.2.12");
_Static_assert(sizeof(struct madt_ioapic) == 12, "ACPI 5.2.12.3");
_Static_assert(sizeof(struct madt_int_src_ovr) == 10, "ACPI 5.2.12.5");

static u32 find_rsdp(void)
{
	u32 ebda = bios_ebda_start(), found = 0;

	if (ebda)
		found = mp_scan(ebda, 1024, "RSD PTR ", 8, RSDP_V1_SIZE);
	if (!found)
		found = mp_scan(RSDP_LOW_START, RSDP_LOW_SIZE, "RSD PTR ", 8,
				RSDP_V1_SIZE);
	return found;
}

/* Map the whole table at phys if its signature is sig and it sums to
 * 0; NULL otherwise.  *len gets its length, for bt_iounmap. */
static struct acpi_table_header *map_table(u32 phys, const char *sig, u32 *len)
{
	struct acpi_table_header *h = bt_ioremap(phys, HEADER_SIZE);

	if (!h)
		return NULL;
	*len = h->length;
	if (memcmp(h->signature, sig, 4) || *len < HEADER_SIZE) {
		bt_iounmap(h, HEADER_SIZE);
		return NULL;
	}
	bt_iounmap(h, HEADER_SIZE);
	h = bt_ioremap(phys, *len);
	if (!h)
		printk("acpi: %s at 0x%08x: %u bytes, too long to map\n", sig,
		       phys, *len);
	else if (mp_checksum(h, *len)) {
		printk("acpi: %s at 0x%08x: checksum error\n", sig, phys);
		bt_iounmap(h, *len);
		h = NULL;
	}
	return h;
}

static void parse_madt(const struct acpi_madt *madt)
{
	const u8 *p = (const u8 *)(madt + 1);
	const u8 *end = (const u8 *)madt + madt->header.length;

	mp_lapic_addr = madt->lapic_address;
	while (p + sizeof(struct madt_entry) <= end) {
		const struct madt_entry *e = (const void *)p;

		if (e->length < sizeof(*e) || p + e->length > end)
			break;
		if (e->type == MADT_LAPIC &&
		    e->length >= sizeof(struct madt_lapic)) {
			const struct madt_lapic *l = (const void *)e;

			mp_register_lapic(l->apic_id, l->flags & MADT_ENABLED);
		} else if (e->type == MADT_IOAPIC &&
			   e->length >= sizeof(struct madt_ioapic)) {
			const struct madt_ioapic *io = (const void *)e;

			mp_register_ioapic(io->id, io->address, io->gsi_base);
		} else if (e->type == MADT_INT_SRC_OVR &&
			   e->length >= sizeof(struct madt_int_src_ovr)) {
			const struct madt_int_src_ovr *o = (const void *)e;

			if (o->bus == 0)
				mp_override_legacy_irq(o->source_irq, o->gsi,
						       o->flags);
		} else if (e->type == MADT_LAPIC_OVERRIDE &&
			   e->length >= sizeof(struct madt_lapic_override)) {
			const struct madt_lapic_override *o = (const void *)e;

			if (!o->address_hi)
				mp_lapic_addr = o->address_lo;
		}
		p += e->length;
	}
}

/* The MADT's physical address from the RSDT at rsdt, or 0. */
static u32 find_madt(u32 rsdt)
{
	struct acpi_table_header *h, *t;
	u32 len, n, i, found = 0;
	u32 entries[64];

	h = map_table(rsdt, "RSDT", &len);
	if (!h)
		return 0;
	n = min((len - HEADER_SIZE) / 4, (u32)ARRAY_SIZE(entries));
	memcpy(entries, h + 1, n * 4);
	bt_iounmap(h, len);
	for (i = 0; i < n && !found; i++) {
		t = bt_ioremap(entries[i], HEADER_SIZE);
		if (t && !memcmp(t->signature, "APIC", 4))
			found = entries[i];
		bt_iounmap(t, HEADER_SIZE);
	}
	return found;
}

bool acpi_boot_init(void)
{
	u32 rsdp_phys = find_rsdp(), madt_phys, len;
	const struct acpi_rsdp *rsdp;
	struct acpi_madt *madt;

	if (!rsdp_phys)
		return false;
	rsdp = __va(rsdp_phys);
	printk("acpi: RSDP at 0x%08x, revision %u, RSDT at 0x%08x\n", rsdp_phys,
	       rsdp->revision, rsdp->rsdt_address);
	madt_phys = find_madt(rsdp->rsdt_address);
	if (!madt_phys)
		return false;
	madt = (struct acpi_madt *)map_table(madt_phys, "APIC", &len);
	if (!madt)
		return false;
	printk("acpi: MADT at 0x%08x, local APIC at 0x%08x\n", madt_phys,
	       madt->lapic_address);
	parse_madt(madt);
	bt_iounmap(madt, len);
	return true;
}
