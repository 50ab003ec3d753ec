/*
 * kernel/drivers/pci.h - the PCI bus: configuration space and the devices
 * found on it, with Linux 2.6's names.
 *
 * A PCI function answers to a bus number, a device (slot) number and a
 * function number; its 256-byte configuration space says who it is
 * (vendor, device, class) and where it decodes (the base address
 * registers, BARs).  The PC reaches configuration space through
 * "configuration mechanism #1": write the function's address to port
 * 0xCF8 (CONFIG_ADDRESS), then read or write the dword at 0xCFC
 * (CONFIG_DATA).  A 386 or 486 with only an ISA bus has no such ports;
 * pci_init() finds that out and leaves pci_present false, and every caller
 * (the IDE driver's bus-master DMA) then does what it did before PCI.
 *
 * pci_init() scans bus 0 and the buses behind PCI-to-PCI bridges once at
 * boot, records each function as a struct pci_dev (its BARs sized as
 * Linux does it), and prints one line per function.  Drivers then find
 * devices with pci_get_class() or pci_get_device().  /proc/bus/pci/devices
 * (pci_proc.c) lists them in Linux's format.
 */
#ifndef KERNEL_DRIVERS_PCI_H
#define KERNEL_DRIVERS_PCI_H

#include "kernel/types.h"

/* Configuration space registers (type 0 and common header). */
#define PCI_VENDOR_ID 0x00
#define PCI_DEVICE_ID 0x02
#define PCI_COMMAND 0x04
#define PCI_COMMAND_IO 0x1		/* decode I/O space */
#define PCI_COMMAND_MEMORY 0x2		/* decode memory space */
#define PCI_COMMAND_MASTER 0x4		/* may start bus cycles (DMA) */
#define PCI_STATUS 0x06
#define PCI_CLASS_REVISION 0x08		/* class << 8 | revision */
#define PCI_HEADER_TYPE 0x0e		/* bit 7: multi-function device */
#define PCI_HEADER_TYPE_NORMAL 0
#define PCI_HEADER_TYPE_BRIDGE 1
#define PCI_BASE_ADDRESS_0 0x10		/* six of them in a type 0 header */
#define PCI_BASE_ADDRESS_SPACE_IO 0x1
#define PCI_BASE_ADDRESS_MEM_TYPE_64 0x4
#define PCI_BASE_ADDRESS_IO_MASK (~0x3u)
#define PCI_BASE_ADDRESS_MEM_MASK (~0xfu)
#define PCI_SECONDARY_BUS 0x19		/* bridges: the bus behind it */
#define PCI_ROM_ADDRESS 0x30		/* type 0 */
#define PCI_ROM_ADDRESS1 0x38		/* type 1 (bridge) */
#define PCI_ROM_ADDRESS_MASK (~0x7ffu)
#define PCI_INTERRUPT_LINE 0x3c

/* 24-bit class codes (class, subclass, programming interface). */
#define PCI_CLASS_STORAGE_IDE 0x0101
#define PCI_CLASS_DISPLAY_VGA 0x0300
#define PCI_CLASS_BRIDGE_HOST 0x0600
#define PCI_CLASS_BRIDGE_PCI 0x0604

#define PCI_VENDOR_ID_INTEL 0x8086

#define PCI_DEVFN(slot, func) ((((slot) & 0x1f) << 3) | ((func) & 0x07))
#define PCI_SLOT(devfn) (((devfn) >> 3) & 0x1f)
#define PCI_FUNC(devfn) ((devfn) & 0x07)

/* BARs 0-5 and the expansion ROM, as /proc/bus/pci/devices has them. */
#define PCI_NUM_RESOURCES 7
#define PCI_ROM_RESOURCE 6

#define IORESOURCE_IO 0x100
#define IORESOURCE_MEM 0x200

struct resource {
	u32 start, end;		/* end inclusive */
	/* IORESOURCE_IO or _MEM, and in the low four bits the BAR's own
	 * type bits, which /proc/bus/pci/devices shows. */
	u32 flags;		/* 0: the BAR is not implemented */
};

struct pci_dev {
	u8 bus, devfn;
	u16 vendor, device;
	u32 class;		/* class << 16 | subclass << 8 | prog-if */
	u8 revision, hdr_type;
	u8 irq;			/* the line the BIOS routed, 0 for none */
	struct resource resource[PCI_NUM_RESOURCES];
	const char *driver;	/* the name of the driver that took it, or NULL */
};

#define PCI_MAX_DEVICES 64

/* True once pci_init() found configuration mechanism #1 working. */
extern bool pci_present;
extern struct pci_dev pci_devices[PCI_MAX_DEVICES];
extern int pci_nr_devices;

void pci_init(void);

struct seq_buf;
/* The text of /proc/bus/pci/devices (pci_proc.c). */
void pci_proc_devices_show(struct seq_buf *m);

/* Configuration space of a function by address.  Without PCI, reads give
 * all ones (as an empty slot does) and writes do nothing. */
u32 pci_bus_read_config_dword(u8 bus, u8 devfn, u8 where);
void pci_bus_write_config_dword(u8 bus, u8 devfn, u8 where, u32 val);

u8 pci_read_config_byte(const struct pci_dev *dev, u8 where);
u16 pci_read_config_word(const struct pci_dev *dev, u8 where);
u32 pci_read_config_dword(const struct pci_dev *dev, u8 where);
void pci_write_config_byte(const struct pci_dev *dev, u8 where, u8 val);
void pci_write_config_word(const struct pci_dev *dev, u8 where, u16 val);
void pci_write_config_dword(const struct pci_dev *dev, u8 where, u32 val);

/* The next device after from (NULL: the first) whose class and subclass
 * are class16 (PCI_CLASS_STORAGE_IDE), whatever its programming interface;
 * NULL when there is none.  (Linux's pci_get_class compares all 24 bits;
 * IDE functions differ in theirs, so Mapback's leaves them out.) */
struct pci_dev *pci_get_class(u16 class16, struct pci_dev *from);
/* The same, by vendor and device ID. */
struct pci_dev *pci_get_device(u16 vendor, u16 device, struct pci_dev *from);
/* Let the device start bus cycles of its own (DMA). */
void pci_set_master(struct pci_dev *dev);

static inline u32 pci_resource_start(const struct pci_dev *dev, int bar)
{
	return dev->resource[bar].start;
}

static inline u32 pci_resource_len(const struct pci_dev *dev, int bar)
{
	const struct resource *r = &dev->resource[bar];

	return r->flags ? r->end - r->start + 1 : 0;
}

#endif
