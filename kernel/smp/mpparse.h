/*
 * kernel/smp/mpparse.h - finding the processors in the firmware's tables.
 *
 * Two kinds of table say which processors a PC has and where their local
 * APICs answer: the ACPI MADT (every PC since about 2000;
 * kernel/smp/acpi_boot.c) and, before it, the Intel MultiProcessor
 * Specification's floating pointer and configuration table (Pentium-era
 * boards; kernel/smp/mpparse.c).  smp_init() asks ACPI first, as Linux
 * does, and the MP table only when there is no MADT.  Each parser
 * checks signatures and checksums, sets mp_lapic_addr
 * (kernel/smp/apic.h) and calls mp_register_lapic() for each processor
 * entry, in the table's order.
 */
#ifndef KERNEL_SMP_MPPARSE_H
#define KERNEL_SMP_MPPARSE_H

#include "kernel/types.h"

/* Up to this many processors are remembered from a table. */
#define MAX_APICS 32

/* A processor's local APIC id from a table, and whether the firmware
 * marked it usable (kernel/smp/smpboot.c keeps the list). */
void mp_register_lapic(u8 apicid, bool enabled);

/* Parse the MADT / the MP table; false if there is none or it is bad. */
bool acpi_boot_init(void);
bool mp_parse(void);

/* The sum of len bytes, mod 256: a table is valid when it is 0. */
u8 mp_checksum(const void *p, u32 len);
/* Find the 16-byte aligned signature sig (sigsize bytes) whose first len
 * bytes sum to 0, in [phys, phys + size), which must be in the direct map
 * (the first MiB always is); its physical address or 0. */
u32 mp_scan(u32 phys, u32 size, const char *sig, u32 sigsize, u32 len);
/* The EBDA's physical address (the word at 0x40E), 0 if none. */
u32 bios_ebda_start(void);

/*
 * Map size bytes at physical address phys for reading a table (Linux's
 * bt_ioremap): through the direct map when they are in it, else through
 * the fixmap's boot-time slots, at most NR_FIX_BTMAPS pages at a time;
 * NULL when it does not fit.  bt_iounmap() ends it before the next one.
 */
void *bt_ioremap(u32 phys, u32 size);
void bt_iounmap(void *virt, u32 size);

#endif
