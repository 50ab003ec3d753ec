/*
 * kernel/smp/io_apic.h - the I/O APIC: the interrupt controller that takes
 * the devices' interrupt lines and sends each, as a message, to a local
 * APIC (kernel/smp/apic.h).
 *
 * The firmware's tables say where each I/O APIC answers and how the ISA
 * IRQs reach its pins (the ACPI MADT's types 1 and 2, the MP table's types
 * 2 and 3: kernel/smp/mpparse.h).  setup_IO_APIC() then sends every ISA
 * IRQ n to CPU 0 on vector IRQ_BASE + n, the vector the 8259 used, so
 * trap.c's dispatch and every driver stay as they are: only the IRQ's
 * chip changes (kernel/cpu/trap.h: "IO-APIC" instead of "XT-PIC"), which
 * acks with the local APIC's EOI.  The 8259 is then masked entirely.
 *
 * Device interrupts go to CPU 0 only, as the kernel's SMP design wants
 * (docs/smp.md).  Without an I/O APIC (a 386, a 486, QEMU's -cpu 486 or
 * -M isapc), with `noapic` or `nosmp` (as Linux), or when no timer tick
 * comes through it, every IRQ stays on the 8259.
 *
 * A redirection entry, 64 bits at registers 0x10 + 2 * pin (low word)
 * and 0x11 + 2 * pin (high word):
 *
 *   63      56 55         17 16   15  14  13  12  11  10   8 7        0
 *  +----------+-------------+----+---+---+---+---+---+------+----------+
 *  | dest     |  reserved   |mask|lvl|IRR|low|pnd|log| mode | vector   |
 *  +----------+-------------+----+---+---+---+---+---+------+----------+
 */
#ifndef KERNEL_SMP_IO_APIC_H
#define KERNEL_SMP_IO_APIC_H

#include "kernel/types.h"

#define IO_APIC_DEFAULT_PHYS_BASE 0xFEC00000u

/* Registers, through the index (IOREGSEL, +0x00) and window (IOWIN, +0x10). */
#define IO_APIC_ID 0x00
#define IO_APIC_VERSION 0x01 /* bits 0-7 version, 16-23 pins - 1 */
#define IO_APIC_REDTBL(pin) (0x10 + 2 * (pin))

/* Redirection entry bits (the low word; the destination is the high). */
#define IO_APIC_DEST_LOGICAL (1u << 11)
#define IO_APIC_ACTIVE_LOW (1u << 13)
#define IO_APIC_REMOTE_IRR (1u << 14)
#define IO_APIC_LEVEL (1u << 15)
#define IO_APIC_MASKED (1u << 16)
#define IO_APIC_DM_MASK 0x700u /* 0: fixed */
#define IO_APIC_DEST(high) ((high) >> 24)

/* MP and ACPI interrupt flags (MPS 4.3.4, ACPI 5.2.12.5): bits 0-1
 * polarity, 2-3 trigger; 0 is "as the bus does" (ISA: high, edge). */
#define MP_IRQPOL_MASK 0x3
#define MP_IRQPOL_ACTIVE_LOW 0x3
#define MP_IRQTRIG_MASK 0xC
#define MP_IRQTRIG_LEVEL 0xC

/* The MP table's I/O interrupt kinds (type 3 entries). */
enum { MP_INT, MP_NMI, MP_SMI, MP_EXTINT };

/* An I/O APIC's interrupts start at the previous one's end (the MP
 * table, which gives no base). */
#define MP_GSI_NEXT 0xFFFFFFFFu

/* From the parsers: an I/O APIC (its id, physical address, first global
 * system interrupt), mapped and its pins counted at once. */
void mp_register_ioapic(u8 id, u32 address, u32 gsi_base);
/* ACPI: ISA IRQ isa_irq is global system interrupt gsi, with flags. */
void mp_override_legacy_irq(u8 isa_irq, u32 gsi, u16 flags);
/* The MP table: source IRQ srcirq of an ISA bus (isa) or another bus
 * reaches pin of the I/O APIC with id dstapic (0xFF: the first). */
void mp_save_irq(u8 irqtype, bool isa, u8 srcirq, u8 dstapic, u8 pin,
		 u16 flags);
/* Forget what a parser registered (it gave up half-way). */
void mp_reset_ioapics(void);

/*
 * Route the ISA IRQs through the I/O APIC to CPU 0 (smp_init, interrupts
 * off, the boot CPU's local APIC enabled), mask the 8259 and CPU 0's
 * LINT0, and check that the timer ticks; if not, everything goes back to
 * the 8259 and the log says so.
 */
void setup_IO_APIC(void);

/* True while the ISA IRQs go through the I/O APIC. */
extern bool io_apic_in_use;

/* For the tests: how many I/O APICs, their registers, and where ISA IRQ
 * irq goes (false: nowhere). */
extern int nr_ioapics;
u32 io_apic_read(int apic, u32 reg);
bool isa_irq_route(int irq, int *apic, int *pin, u16 *flags);
/* An IRQ 0 tick arrives at CPU 0's local APIC within a few ticks' time
 * (interrupts off: it waits in the APIC's IRR). */
bool timer_irq_works(void);

#endif
