/*
 * kernel/smp/io_apic.c - routing the ISA interrupts through the I/O APIC
 * to CPU 0 (see kernel/smp/io_apic.h), as Linux's io_apic.c.
 *
 * The parsers tell where each I/O APIC is and how the ISA IRQs reach it.
 * An ISA IRQ n is global system interrupt (GSI) n, edge-triggered and
 * active high, unless a table says otherwise: an ACPI interrupt source
 * override, or an MP table I/O interrupt entry.  QEMU's firmware says
 * "ISA IRQ 0 is GSI 2" in both (the PIT is wired to pin 2, where the
 * 8259's cascade would be).  A GSI a table names for one source is never
 * also given to another IRQ by default, so IRQ 2 (the cascade, which no
 * device raises) gets no pin there.
 *
 *   IDE disk  --IRQ 14-->  I/O APIC pin 14: vector 0x2E, fixed, physical,
 *                          destination = CPU 0's APIC id
 *             --message--> CPU 0's local APIC: IRR, then ISR bit 0x2E
 *             --INTR-->    CPU 0: IDT[0x2E] -> trap() -> ack (EOI to the
 *                          local APIC) -> ide_irq_primary()
 *
 * Each I/O APIC's registers are reached through an index (IOREGSEL) and
 * a window (IOWIN); the pair is written with interrupts off so nothing
 * moves the index between the two accesses.
 */
#include "kernel/smp/io_apic.h"
#include "kernel/cmdline.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/drivers/pic.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/percpu.h"
#include "kernel/time/delay.h"
#include "kernel/time/timer.h"
#include "mm/phys/fixmap.h"

KERNEL_PARAM("noapic", "leave every IRQ on the 8259, not the I/O APIC");

#define CASCADE_IRQ 2
#define MAX_GSI 256
#define TIMER_VECTOR (IRQ_BASE + 0)
/* Linux's check_timer waits for ticks over 10 ticks' time; one is enough
 * here, since it waits in the local APIC's IRR. */
#define TIMER_CHECK_MS (5 * 1000 / HZ)

struct io_apic {
	volatile u32 *regs; /* IOREGSEL; IOWIN is regs[4] (+0x10) */
	u32 phys;
	u32 gsi_base;
	u8 id, version, nr_pins;
};

/* How an ISA IRQ reaches a GSI, and whether a table said so. */
struct isa_route {
	u32 gsi;
	u16 flags;
	bool listed;
};

int nr_ioapics;
bool io_apic_in_use;
static struct io_apic ioapics[MAX_IO_APICS];
static struct isa_route isa_routes[NR_IRQS];
static u32 gsi_listed[MAX_GSI / 32];
static int nr_pci_irqs;
/* Where each IRQ moved to the I/O APIC is: its chip's ops need it. */
static int irq_apic[NR_IRQS], irq_pin[NR_IRQS];
static u32 routed_irqs;

u32 io_apic_read(int apic, u32 reg)
{
	u32 flags = irq_save(), v;

	ioapics[apic].regs[0] = reg;
	v = ioapics[apic].regs[4];
	irq_restore(flags);
	return v;
}

static void io_apic_write(int apic, u32 reg, u32 v)
{
	u32 flags = irq_save();

	ioapics[apic].regs[0] = reg;
	ioapics[apic].regs[4] = v;
	irq_restore(flags);
}

void mp_register_ioapic(u8 id, u32 address, u32 gsi_base)
{
	int n = nr_ioapics;
	enum fixed_addresses idx =
		(enum fixed_addresses)(FIX_IO_APIC_BASE_0 + n);
	struct io_apic *a = &ioapics[n];
	u32 ver;

	if (n == MAX_IO_APICS) {
		printk("io_apic: more than %d I/O APICs, id %u ignored\n",
		       MAX_IO_APICS, id);
		return;
	}
	set_fixmap_nocache(idx, address & PAGE_MASK);
	a->regs = (volatile u32 *)(fix_to_virt(idx) + (address & ~PAGE_MASK));
	a->phys = address;
	a->id = id;
	nr_ioapics++;
	ver = io_apic_read(n, IO_APIC_VERSION);
	a->version = ver & 0xFF;
	a->nr_pins = ((ver >> 16) & 0xFF) + 1;
	if (gsi_base == MP_GSI_NEXT)
		gsi_base =
			n ? ioapics[n - 1].gsi_base + ioapics[n - 1].nr_pins :
			    0;
	a->gsi_base = gsi_base;
	printk("io_apic: I/O APIC id %u at 0x%08x, version 0x%02x, %u pins, "
	       "GSI %u-%u\n",
	       id, address, a->version, a->nr_pins, gsi_base,
	       gsi_base + a->nr_pins - 1);
}

static void list_gsi(u32 gsi)
{
	if (gsi < MAX_GSI)
		gsi_listed[gsi / 32] |= 1u << (gsi % 32);
}

static bool gsi_is_listed(u32 gsi)
{
	return gsi < MAX_GSI && (gsi_listed[gsi / 32] >> (gsi % 32)) & 1;
}

static const char *polarity_name(u16 flags)
{
	return (flags & MP_IRQPOL_MASK) == MP_IRQPOL_ACTIVE_LOW ? "low" :
								  "high";
}

static const char *trigger_name(u16 flags)
{
	return (flags & MP_IRQTRIG_MASK) == MP_IRQTRIG_LEVEL ? "level" : "edge";
}

static void set_isa_route(u8 irq, u32 gsi, u16 flags)
{
	list_gsi(gsi);
	if (irq >= NR_IRQS)
		return;
	isa_routes[irq].gsi = gsi;
	isa_routes[irq].flags = flags;
	isa_routes[irq].listed = true;
}

void mp_override_legacy_irq(u8 isa_irq, u32 gsi, u16 flags)
{
	printk("io_apic: ISA IRQ %u is GSI %u, %s, %s\n", isa_irq, gsi,
	       trigger_name(flags), polarity_name(flags));
	set_isa_route(isa_irq, gsi, flags);
}

static int apic_by_id(u8 id)
{
	int i;

	if (id == 0xFF && nr_ioapics)
		return 0;
	for (i = 0; i < nr_ioapics; i++)
		if (ioapics[i].id == id)
			return i;
	return -1;
}

void mp_save_irq(u8 irqtype, bool isa, u8 srcirq, u8 dstapic, u8 pin, u16 flags)
{
	int apic = apic_by_id(dstapic);
	u32 gsi;

	if (apic < 0) {
		printk("io_apic: an interrupt entry names I/O APIC %u, which "
		       "is not listed\n",
		       dstapic);
		return;
	}
	gsi = ioapics[apic].gsi_base + pin;
	if (irqtype == MP_INT && isa)
		set_isa_route(srcirq, gsi, flags);
	else
		list_gsi(gsi);
	if (irqtype == MP_INT && !isa)
		nr_pci_irqs++;
}

void mp_reset_ioapics(void)
{
	int i;

	for (i = 0; i < nr_ioapics; i++)
		clear_fixmap((enum fixed_addresses)(FIX_IO_APIC_BASE_0 + i));
	nr_ioapics = nr_pci_irqs = 0;
	memset(isa_routes, 0, sizeof(isa_routes));
	memset(gsi_listed, 0, sizeof(gsi_listed));
}

static bool gsi_to_pin(u32 gsi, int *apic, int *pin)
{
	int i;

	for (i = 0; i < nr_ioapics; i++) {
		if (gsi >= ioapics[i].gsi_base &&
		    gsi < ioapics[i].gsi_base + ioapics[i].nr_pins) {
			*apic = i;
			*pin = gsi - ioapics[i].gsi_base;
			return true;
		}
	}
	return false;
}

bool isa_irq_route(int irq, int *apic, int *pin, u16 *flags)
{
	const struct isa_route *r = &isa_routes[irq];
	u32 gsi = r->listed ? r->gsi : (u32)irq;

	if (irq == CASCADE_IRQ || (!r->listed && gsi_is_listed(gsi)))
		return false;
	*flags = r->flags;
	return gsi_to_pin(gsi, apic, pin);
}

/* Fixed delivery, physical destination, masked: unmask_IO_APIC_irq opens
 * it once the IRQ has a handler. */
static u32 entry_low(int irq, u16 flags)
{
	u32 low = (IRQ_BASE + irq) | IO_APIC_MASKED;

	if ((flags & MP_IRQPOL_MASK) == MP_IRQPOL_ACTIVE_LOW)
		low |= IO_APIC_ACTIVE_LOW;
	if ((flags & MP_IRQTRIG_MASK) == MP_IRQTRIG_LEVEL)
		low |= IO_APIC_LEVEL;
	return low;
}

static void set_masked(int irq, bool masked)
{
	u32 reg = IO_APIC_REDTBL(irq_pin[irq]);
	u32 flags = irq_save();
	u32 low = io_apic_read(irq_apic[irq], reg);

	low = masked ? low | IO_APIC_MASKED : low & ~IO_APIC_MASKED;
	io_apic_write(irq_apic[irq], reg, low);
	irq_restore(flags);
}

static void mask_IO_APIC_irq(int irq)
{
	set_masked(irq, true);
}

static void unmask_IO_APIC_irq(int irq)
{
	set_masked(irq, false);
}

/* EOI before the handler, as for the 8259: a level-triggered line that is
 * still asserted then comes again once the handler has run. */
static bool ack_APIC_irq(int irq)
{
	(void)irq;
	apic_eoi();
	return true;
}

static const struct irq_chip ioapic_chip = {
	.name = "IO-APIC",
	.unmask = unmask_IO_APIC_irq,
	.mask = mask_IO_APIC_irq,
	.ack = ack_APIC_irq,
};

/* Every pin masked and pointing nowhere, whatever the BIOS left. */
static void clear_IO_APIC(void)
{
	int apic, pin;

	for (apic = 0; apic < nr_ioapics; apic++) {
		for (pin = 0; pin < ioapics[apic].nr_pins; pin++) {
			io_apic_write(apic, IO_APIC_REDTBL(pin),
				      IO_APIC_MASKED);
			io_apic_write(apic, IO_APIC_REDTBL(pin) + 1, 0);
		}
	}
}

bool timer_irq_works(void)
{
	u32 reg = APIC_IRR + (TIMER_VECTOR / 32) * 0x10;
	u32 bit = 1u << (TIMER_VECTOR % 32);
	int ms;

	for (ms = 0; ms < TIMER_CHECK_MS; ms++) {
		if (apic_read(reg) & bit)
			return true;
		mdelay(1);
	}
	return (apic_read(reg) & bit) != 0;
}

static void route_isa_irqs(u8 dest)
{
	int irq, apic, pin;
	u16 flags;

	for (irq = 0; irq < NR_IRQS; irq++) {
		if (!isa_irq_route(irq, &apic, &pin, &flags))
			continue;
		irq_apic[irq] = apic;
		irq_pin[irq] = pin;
		io_apic_write(apic, IO_APIC_REDTBL(pin) + 1,
			      SET_APIC_DEST_FIELD(dest));
		io_apic_write(apic, IO_APIC_REDTBL(pin), entry_low(irq, flags));
		set_irq_chip(irq, &ioapic_chip, pin,
			     (flags & MP_IRQTRIG_MASK) == MP_IRQTRIG_LEVEL ?
				     "fasteoi" :
				     "edge");
		routed_irqs |= 1u << irq;
	}
}

/* Back to the 8259 on CPU 0's LINT0 (virtual wire), as without an I/O
 * APIC. */
static void disable_IO_APIC(void)
{
	int irq;

	for (irq = 0; irq < NR_IRQS; irq++)
		if (routed_irqs & (1u << irq))
			set_irq_chip(irq, &i8259A_chip, irq, "edge");
	routed_irqs = 0;
	clear_IO_APIC();
	apic_write(APIC_LVT0, APIC_DM_EXTINT);
	io_apic_in_use = false;
}

void setup_IO_APIC(void)
{
	u32 all_isa = ((1u << NR_IRQS) - 1) & ~(1u << CASCADE_IRQ);
	u8 dest = cpu_area(0)->apicid;

	if (!nr_ioapics) {
		printk("io_apic: none listed, IRQs stay on the 8259\n");
		return;
	}
	if (cmdline_has("noapic") || cmdline_has("nosmp")) {
		printk("io_apic: off (%s), IRQs stay on the 8259\n",
		       cmdline_has("noapic") ? "noapic" : "nosmp");
		return;
	}
	clear_IO_APIC();
	route_isa_irqs(dest);
	/* The 8259 keeps LINT0 only for ISA IRQs no pin takes. */
	if (routed_irqs == all_isa) {
		pic_mask_all();
		apic_write(APIC_LVT0, APIC_DM_EXTINT | APIC_LVT_MASKED);
	}
	io_apic_in_use = true;
	printk("io_apic: ISA IRQs 0x%04x to CPU 0 (APIC id %u), IRQ 0 at pin "
	       "%d; %d PCI interrupt entries\n",
	       routed_irqs, dest, irq_pin[0], nr_pci_irqs);
	if (!(routed_irqs & 1) || !timer_irq_works()) {
		printk("io_apic: no timer tick through the I/O APIC in %d ms; "
		       "every IRQ back on the 8259\n",
		       TIMER_CHECK_MS);
		disable_IO_APIC();
	}
}
