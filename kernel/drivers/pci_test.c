/*
 * kernel/drivers/pci_test.c - tests of the PCI scan and of
 * /proc/bus/pci/devices.  On a PC without PCI (QEMU -M isapc, a 386/486)
 * they check that nothing was found and that configuration reads give
 * what an empty slot gives.
 */
#include "kernel/lib/seq_buf.h"
#include "kernel/drivers/pci.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"

/* Without PCI there are no devices and the accessors are harmless. */
KTEST(pci_absent_is_empty)
{
	if (pci_present) {
		ktest_skip("this PC has PCI");
		return;
	}
	KEXPECT_EQ(pci_nr_devices, 0);
	KEXPECT_EQ(pci_bus_read_config_dword(0, 0, PCI_VENDOR_ID), 0xffffffffu);
	KEXPECT_TRUE(pci_get_class(PCI_CLASS_STORAGE_IDE, NULL) == NULL);
}

/* Every recorded device reads back the same IDs through configuration
 * space, and bus 0 slot 0 is the host bridge (the i440FX on QEMU and
 * Bochs), as the sanity check demands. */
KTEST(pci_scan_matches_config_space)
{
	struct pci_dev *dev, *host;
	int i;

	if (!pci_present) {
		ktest_skip("no PCI on this PC");
		return;
	}
	KASSERT_TRUE(pci_nr_devices > 0);
	for (i = 0; i < pci_nr_devices; i++) {
		dev = &pci_devices[i];
		KEXPECT_EQ(pci_read_config_word(dev, PCI_VENDOR_ID), dev->vendor);
		KEXPECT_EQ(pci_read_config_word(dev, PCI_DEVICE_ID), dev->device);
		KEXPECT_EQ(pci_read_config_dword(dev, PCI_CLASS_REVISION) >> 8,
			   dev->class);
		KEXPECT_EQ(pci_read_config_byte(dev, PCI_CLASS_REVISION),
			   dev->revision);
	}
	host = pci_get_class(PCI_CLASS_BRIDGE_HOST, NULL);
	KASSERT_TRUE(host != NULL);
	KEXPECT_EQ(host->bus, 0);
	KEXPECT_EQ(host->devfn, 0);
	KEXPECT_TRUE(pci_get_device(host->vendor, host->device, NULL) == host);
	/* Searches continue after from and end with NULL. */
	KEXPECT_TRUE(pci_get_device(host->vendor, host->device, host) == NULL ||
		     pci_get_device(host->vendor, host->device, host) > host);
}

/* A config write sticks and reads back at every width: the interrupt
 * line register is scratch for the OS (the BIOS wrote it; we put it back). */
KTEST(pci_config_write_reads_back)
{
	struct pci_dev *dev;
	u8 saved;

	if (!pci_present) {
		ktest_skip("no PCI on this PC");
		return;
	}
	dev = pci_get_class(PCI_CLASS_STORAGE_IDE, NULL);
	if (!dev)
		dev = &pci_devices[0];
	saved = pci_read_config_byte(dev, PCI_INTERRUPT_LINE);
	pci_write_config_byte(dev, PCI_INTERRUPT_LINE, 0x5a);
	KEXPECT_EQ(pci_read_config_byte(dev, PCI_INTERRUPT_LINE), 0x5a);
	KEXPECT_EQ(pci_read_config_dword(dev, PCI_INTERRUPT_LINE) & 0xff, 0x5a);
	pci_write_config_byte(dev, PCI_INTERRUPT_LINE, saved);
	KEXPECT_EQ(pci_read_config_byte(dev, PCI_INTERRUPT_LINE), saved);
}

static int count_char(const char *s, const char *end, char c)
{
	int n = 0;

	for (; s < end; s++)
		n += *s == c;
	return n;
}

/* One line per device of 18 tab-separated fields (address, IDs, IRQ, 7
 * starts, 7 sizes, driver) that begins with the device's bus, devfn and IDs. */
KTEST(pci_proc_devices_format)
{
	static char text[4096];
	struct seq_buf m = { text, sizeof(text), 0 };
	char want[16];
	const char *line, *nl;
	int i;

	pci_proc_devices_show(&m);
	KASSERT_TRUE(!seq_overflow(&m));
	text[m.len] = '\0';
	line = text;
	for (i = 0; i < pci_nr_devices; i++) {
		nl = strchr(line, '\n');
		KASSERT_TRUE(nl != NULL);
		KEXPECT_EQ(count_char(line, nl, '\t'), 17);
		snprintf(want, sizeof(want), "%02x%02x\t%04x%04x", pci_devices[i].bus,
			 pci_devices[i].devfn, pci_devices[i].vendor,
			 pci_devices[i].device);
		KEXPECT_EQ(strncmp(line, want, strlen(want)), 0);
		line = nl + 1;
	}
	KEXPECT_EQ(*line, '\0');
}
