/*
 * kernel/drivers/pci_proc.c - /proc/bus/pci/devices, in Linux's format.
 *
 * One line per function, tab-separated, all in hex:
 *
 *	BBDD	VVVVDDDD	IRQ	7 x (start | type bits)	7 x size	driver
 *
 * BB is the bus, DD the devfn, VVVV:DDDD the vendor and device, then the
 * six BARs and the expansion ROM: first each one's address with the BAR's
 * own low bits (1 for I/O space), then each one's size, 0 where there is
 * none; last the name of the driver that took the device, or nothing.
 * pciutils' "proc" access method reads it where there is no sysfs.
 */
#include "kernel/lib/seq_buf.h"
#include "kernel/drivers/pci.h"

void pci_proc_devices_show(struct seq_buf *m)
{
	const struct pci_dev *dev;
	const struct resource *r;
	int i;

	for (dev = pci_devices; dev < pci_devices + pci_nr_devices; dev++) {
		seq_printf(m, "%02x%02x\t%04x%04x\t%x", dev->bus, dev->devfn,
			   dev->vendor, dev->device, dev->irq);
		for (i = 0; i < PCI_NUM_RESOURCES; i++) {
			r = &dev->resource[i];
			seq_printf(m, "\t%16x", r->flags ? r->start | (r->flags & 0xf) : 0);
		}
		for (i = 0; i < PCI_NUM_RESOURCES; i++)
			seq_printf(m, "\t%16x", pci_resource_len(dev, i));
		seq_putc(m, '\t');
		if (dev->driver)
			seq_puts(m, dev->driver);
		seq_putc(m, '\n');
	}
}
