/*
 * fs/proc/bus.c - /proc/bus: the buses' own files; today /proc/bus/pci
 * (kernel/drivers/pci_proc.c).  On a PC without PCI the directory is there
 * and `devices` is empty, as Linux has it when its PCI scan finds nothing.
 */
#include "fs/proc/procfs.h"
#include "kernel/drivers/pci.h"

static void pci_devices_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	pci_proc_devices_show(m);
}

static const struct proc_entry proc_bus_pci_entries[] = {
	PROC_FILE("devices", 0444, pci_devices_show),
};

const struct proc_dir proc_bus_pci_dir = {
	proc_bus_pci_entries, ARRAY_SIZE(proc_bus_pci_entries), &proc_bus_dir,
	PROC_BUS_PCI_INO, NULL
};

static const struct proc_entry proc_bus_entries[] = {
	PROC_DIR("pci", &proc_bus_pci_dir),
};

const struct proc_dir proc_bus_dir = {
	proc_bus_entries, ARRAY_SIZE(proc_bus_entries), NULL, PROC_BUS_INO, NULL
};
