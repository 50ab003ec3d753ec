/*
 * kernel/drivers/pci.c - configuration mechanism #1 and the boot-time scan
 * of the PCI buses (see pci.h).
 *
 * Configuration mechanism #1 is a pair of 32-bit ports: CONFIG_ADDRESS at
 * 0xCF8 takes bit 31 (enable), the bus, the devfn and the dword-aligned
 * register; CONFIG_DATA at 0xCFC then reads or writes that dword (a byte or
 * word access at 0xCFC + offset reaches part of it).  Because the address
 * and the data are two accesses, every access runs with interrupts off.
 *
 * Detecting it is Linux's pci_check_type1(): on an ISA-only PC nothing
 * latches a dword written to 0xCF8, so reading back what was written fails;
 * and because some old chipsets latch it anyway, bus 0 must also hold a
 * host bridge, a VGA card or an Intel or Compaq device (pci_sanity_check).
 */
#include "kernel/drivers/pci.h"
#include "kernel/cpu/io.h"
#include "kernel/printk.h"

#define PCI_CONF1_ADDRESS 0xCF8
#define PCI_CONF1_DATA 0xCFC
#define PCI_CONF1_ENABLE 0x80000000u

#define PCI_VENDOR_ID_COMPAQ 0x0e11

bool pci_present;
struct pci_dev pci_devices[PCI_MAX_DEVICES];
int pci_nr_devices;

static u32 conf1_address(u8 bus, u8 devfn, u8 where)
{
	return PCI_CONF1_ENABLE | (u32)bus << 16 | (u32)devfn << 8 |
	       (where & 0xfc);
}

static u32 conf1_read(u8 bus, u8 devfn, u8 where, int size)
{
	u32 flags = irq_save(), v;

	outl(PCI_CONF1_ADDRESS, conf1_address(bus, devfn, where));
	if (size == 1)
		v = inb(PCI_CONF1_DATA + (where & 3));
	else if (size == 2)
		v = inw(PCI_CONF1_DATA + (where & 2));
	else
		v = inl(PCI_CONF1_DATA);
	irq_restore(flags);
	return v;
}

static void conf1_write(u8 bus, u8 devfn, u8 where, int size, u32 v)
{
	u32 flags = irq_save();

	outl(PCI_CONF1_ADDRESS, conf1_address(bus, devfn, where));
	if (size == 1)
		outb(PCI_CONF1_DATA + (where & 3), (u8)v);
	else if (size == 2)
		outw(PCI_CONF1_DATA + (where & 2), (u16)v);
	else
		outl(PCI_CONF1_DATA, v);
	irq_restore(flags);
}

u32 pci_bus_read_config_dword(u8 bus, u8 devfn, u8 where)
{
	return pci_present ? conf1_read(bus, devfn, where, 4) : 0xffffffffu;
}

void pci_bus_write_config_dword(u8 bus, u8 devfn, u8 where, u32 val)
{
	if (pci_present)
		conf1_write(bus, devfn, where, 4, val);
}

u8 pci_read_config_byte(const struct pci_dev *dev, u8 where)
{
	return pci_present ? (u8)conf1_read(dev->bus, dev->devfn, where, 1) : 0xff;
}

u16 pci_read_config_word(const struct pci_dev *dev, u8 where)
{
	return pci_present ? (u16)conf1_read(dev->bus, dev->devfn, where, 2) : 0xffff;
}

u32 pci_read_config_dword(const struct pci_dev *dev, u8 where)
{
	return pci_bus_read_config_dword(dev->bus, dev->devfn, where);
}

void pci_write_config_byte(const struct pci_dev *dev, u8 where, u8 val)
{
	if (pci_present)
		conf1_write(dev->bus, dev->devfn, where, 1, val);
}

void pci_write_config_word(const struct pci_dev *dev, u8 where, u16 val)
{
	if (pci_present)
		conf1_write(dev->bus, dev->devfn, where, 2, val);
}

void pci_write_config_dword(const struct pci_dev *dev, u8 where, u32 val)
{
	pci_bus_write_config_dword(dev->bus, dev->devfn, where, val);
}

/*
 * Detection.
 */

/* Bus 0 of a real PCI system has a host bridge or a VGA card, or at least
 * an Intel or Compaq device. */
static bool pci_sanity_check(void)
{
	unsigned int devfn;
	u32 id, class;

	for (devfn = 0; devfn < 0x100; devfn++) {
		id = conf1_read(0, (u8)devfn, PCI_VENDOR_ID, 4);
		class = conf1_read(0, (u8)devfn, PCI_CLASS_REVISION, 4) >> 16;
		if (class == PCI_CLASS_BRIDGE_HOST || class == PCI_CLASS_DISPLAY_VGA ||
		    (id & 0xffff) == PCI_VENDOR_ID_INTEL ||
		    (id & 0xffff) == PCI_VENDOR_ID_COMPAQ)
			return true;
	}
	return false;
}

static bool pci_check_type1(void)
{
	u32 flags = irq_save(), saved;
	bool works = false;

	outb(PCI_CONF1_ADDRESS + 3, 0x01);	/* mechanism #2's enable off */
	saved = inl(PCI_CONF1_ADDRESS);
	outl(PCI_CONF1_ADDRESS, PCI_CONF1_ENABLE);
	if (inl(PCI_CONF1_ADDRESS) == PCI_CONF1_ENABLE)
		works = pci_sanity_check();
	outl(PCI_CONF1_ADDRESS, saved);
	irq_restore(flags);
	return works;
}

/*
 * Sizing the BARs: write all ones, read back which bits stuck (the low
 * ones that do not are the size), put the address back.  Decoding is off
 * meanwhile so the device never answers at the all-ones address.
 */

/* The size - 1 of a BAR whose address bits are mask, from what it read
 * back (maxbase); 0 for a BAR that is not there. */
static u32 pci_size(u32 base, u32 maxbase, u32 mask)
{
	u32 size = mask & maxbase;

	if (!size)
		return 0;
	size = (size & ~(size - 1)) - 1;	/* lowest set bit, minus one */
	if (base == maxbase && ((base | size) & mask) != mask)
		return 0;
	return size;
}

static void pci_read_bar(struct pci_dev *dev, int i, u8 reg, bool rom)
{
	struct resource *r = &dev->resource[i];
	u32 l, sz, mask, size;

	l = pci_read_config_dword(dev, reg);
	pci_write_config_dword(dev, reg, rom ? ~1u : ~0u);
	sz = pci_read_config_dword(dev, reg);
	pci_write_config_dword(dev, reg, l);
	if (!sz || sz == 0xffffffffu)
		return;
	if (rom) {
		mask = PCI_ROM_ADDRESS_MASK;
		r->flags = IORESOURCE_MEM | (l & 1);	/* bit 0: enabled */
	} else if (l & PCI_BASE_ADDRESS_SPACE_IO) {
		mask = PCI_BASE_ADDRESS_IO_MASK & 0xffff;
		r->flags = IORESOURCE_IO | (l & 0x3);
	} else {
		mask = PCI_BASE_ADDRESS_MEM_MASK;
		r->flags = IORESOURCE_MEM | (l & 0xf);
	}
	size = pci_size(l, sz, mask);
	if (!size) {
		r->flags = 0;
		return;
	}
	r->start = l & mask;
	r->end = r->start + size;
}

static void pci_read_bases(struct pci_dev *dev, int nr_bars, u8 rom_reg)
{
	u16 cmd = pci_read_config_word(dev, PCI_COMMAND);
	int i;

	pci_write_config_word(dev, PCI_COMMAND,
			      cmd & ~(PCI_COMMAND_IO | PCI_COMMAND_MEMORY));
	for (i = 0; i < nr_bars; i++) {
		pci_read_bar(dev, i, (u8)(PCI_BASE_ADDRESS_0 + 4 * i), false);
		/* A 64-bit BAR takes the next one for its high half; a
		 * 32-bit CPU leaves that half alone. */
		if ((dev->resource[i].flags & IORESOURCE_MEM) &&
		    (dev->resource[i].flags & PCI_BASE_ADDRESS_MEM_TYPE_64))
			i++;
	}
	pci_read_bar(dev, PCI_ROM_RESOURCE, rom_reg, true);
	pci_write_config_word(dev, PCI_COMMAND, cmd);
}

/*
 * The scan.
 */

static void pci_scan_bus(u8 bus);

static void pci_setup_device(u8 bus, u8 devfn, u32 id)
{
	struct pci_dev *dev;
	u32 class_rev;

	if (pci_nr_devices == PCI_MAX_DEVICES) {
		printk("pci 0000:%02x:%02x.%d: more than %d devices, ignored\n",
		       bus, PCI_SLOT(devfn), PCI_FUNC(devfn), PCI_MAX_DEVICES);
		return;
	}
	dev = &pci_devices[pci_nr_devices++];
	dev->bus = bus;
	dev->devfn = devfn;
	dev->vendor = (u16)id;
	dev->device = (u16)(id >> 16);
	class_rev = pci_read_config_dword(dev, PCI_CLASS_REVISION);
	dev->class = class_rev >> 8;
	dev->revision = (u8)class_rev;
	dev->hdr_type = pci_read_config_byte(dev, PCI_HEADER_TYPE) & 0x7f;
	dev->irq = pci_read_config_byte(dev, PCI_INTERRUPT_LINE);
	if (dev->irq == 0xff)
		dev->irq = 0;		/* not routed */
	if (dev->hdr_type == PCI_HEADER_TYPE_NORMAL)
		pci_read_bases(dev, 6, PCI_ROM_ADDRESS);
	else if (dev->hdr_type == PCI_HEADER_TYPE_BRIDGE)
		pci_read_bases(dev, 2, PCI_ROM_ADDRESS1);
	printk("pci 0000:%02x:%02x.%d: [%04x:%04x] type %02x class 0x%06x\n",
	       bus, PCI_SLOT(devfn), PCI_FUNC(devfn), dev->vendor, dev->device,
	       dev->hdr_type, dev->class);
	/* The buses behind a bridge are numbered upwards by the BIOS; a
	 * number not above ours would loop. */
	if (dev->hdr_type == PCI_HEADER_TYPE_BRIDGE) {
		u8 secondary = pci_read_config_byte(dev, PCI_SECONDARY_BUS);

		if (secondary > bus)
			pci_scan_bus(secondary);
	}
}

static void pci_scan_bus(u8 bus)
{
	unsigned int devfn;
	u32 id;
	u8 hdr;

	for (devfn = 0; devfn < 0x100; devfn++) {
		id = pci_bus_read_config_dword(bus, (u8)devfn, PCI_VENDOR_ID);
		if ((id & 0xffff) == 0xffff || (id & 0xffff) == 0) {
			if (PCI_FUNC(devfn) == 0)
				devfn += 7;	/* no function 0: an empty slot */
			continue;
		}
		pci_setup_device(bus, (u8)devfn, id);
		/* Functions 1-7 exist only on a multi-function device. */
		hdr = (u8)(pci_bus_read_config_dword(bus, (u8)devfn,
						     PCI_HEADER_TYPE & ~3) >> 16);
		if (PCI_FUNC(devfn) == 0 && !(hdr & 0x80))
			devfn += 7;
	}
}

void pci_init(void)
{
	if (!pci_check_type1()) {
		printk("PCI: no configuration mechanism #1, no PCI bus\n");
		return;
	}
	pci_present = true;
	printk("PCI: Using configuration type 1 for base access\n");
	pci_scan_bus(0);
}

/*
 * Finding devices.
 */

static struct pci_dev *pci_next(struct pci_dev *from)
{
	return from ? from + 1 : pci_devices;
}

struct pci_dev *pci_get_class(u16 class16, struct pci_dev *from)
{
	struct pci_dev *dev;

	for (dev = pci_next(from); dev < pci_devices + pci_nr_devices; dev++)
		if (dev->class >> 8 == class16)
			return dev;
	return NULL;
}

struct pci_dev *pci_get_device(u16 vendor, u16 device, struct pci_dev *from)
{
	struct pci_dev *dev;

	for (dev = pci_next(from); dev < pci_devices + pci_nr_devices; dev++)
		if (dev->vendor == vendor && dev->device == device)
			return dev;
	return NULL;
}

void pci_set_master(struct pci_dev *dev)
{
	u16 cmd = pci_read_config_word(dev, PCI_COMMAND);

	if (!(cmd & PCI_COMMAND_MASTER))
		pci_write_config_word(dev, PCI_COMMAND, cmd | PCI_COMMAND_MASTER);
}
