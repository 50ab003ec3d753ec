/*
 * kernel/smp/apic.h - the local APIC: each processor's own interrupt
 * controller, its timer, and the inter-processor interrupts (IPIs).
 *
 * Every CPU's local APIC answers at the same physical address (0xFEE00000
 * unless the firmware says otherwise), mapped uncached at the fixmap slot
 * FIX_APIC_BASE; each CPU sees its own there.  Registers are 32 bits on a
 * 16-byte stride and are read and written whole (the Pentium's APIC has
 * an erratum with narrower accesses).
 *
 * On the boot CPU the 8259 stays the source of every device interrupt:
 * LINT0 is ExtINT ("virtual wire"), so an IRQ goes 8259 -> LINT0 -> CPU
 * as it did with the APIC off, is acknowledged at the 8259 as before and
 * needs no APIC EOI.  The vectors the APIC itself delivers (timer,
 * call-function, reschedule, error, spurious) are above the 8259's, as Linux puts
 * them, and each but the spurious one ends with apic_eoi().
 */
#ifndef KERNEL_SMP_APIC_H
#define KERNEL_SMP_APIC_H

#include "kernel/types.h"

/* Vectors, as Linux i386's. */
#define LOCAL_TIMER_VECTOR 0xEF
#define CALL_FUNCTION_VECTOR 0xFB
#define RESCHEDULE_VECTOR 0xFC
#define ERROR_APIC_VECTOR 0xFE
#define SPURIOUS_APIC_VECTOR 0xFF
_Static_assert((SPURIOUS_APIC_VECTOR & 0x0F) == 0x0F,
	       "a P6's spurious vector has its low four bits set");

#define APIC_DEFAULT_PHYS_BASE 0xFEE00000u

/* Register offsets. */
#define APIC_ID 0x20
#define APIC_LVR 0x30 /* version: 0x0X an 82489DX, 0x1X integrated */
#define APIC_TASKPRI 0x80
#define APIC_EOI 0xB0
#define APIC_LDR 0xD0
#define APIC_DFR 0xE0
#define APIC_SPIV 0xF0
#define APIC_ESR 0x280
#define APIC_ICR 0x300
#define APIC_ICR2 0x310
#define APIC_LVTT 0x320
#define APIC_LVTPC 0x340
#define APIC_LVT0 0x350
#define APIC_LVT1 0x360
#define APIC_LVTERR 0x370
#define APIC_TMICT 0x380
#define APIC_TMCCT 0x390
#define APIC_TDCR 0x3E0

/* Bits. */
#define APIC_SPIV_APIC_ENABLED (1u << 8)
#define APIC_LVT_MASKED (1u << 16)
#define APIC_LVT_TIMER_PERIODIC (1u << 17)
#define APIC_LVT_LEVEL_TRIGGER (1u << 15)
#define APIC_DM_FIXED 0x000
#define APIC_DM_NMI 0x400
#define APIC_DM_INIT 0x500
#define APIC_DM_STARTUP 0x600
#define APIC_DM_EXTINT 0x700
#define APIC_ICR_BUSY (1u << 12)
#define APIC_INT_ASSERT (1u << 14)
#define APIC_INT_LEVELTRIG (1u << 15)
#define APIC_TDR_DIV_16 0x3

#define GET_APIC_ID(x) (((x) >> 24) & 0xFF)
#define SET_APIC_DEST_FIELD(x) ((u32)(x) << 24)
#define GET_APIC_VERSION(x) ((x)&0xFF)
#define APIC_INTEGRATED(ver) ((ver)&0xF0)

/* The local APIC's physical address and whether it is mapped and on. */
extern u32 mp_lapic_addr;
extern bool lapic_enabled;

u32 apic_read(u32 reg);
void apic_write(u32 reg, u32 v);

static inline void apic_eoi(void)
{
	apic_write(APIC_EOI, 0);
}

/* This CPU's local APIC id (from its ID register). */
u8 read_apic_id(void);

/* Map the local APIC at mp_lapic_addr and install the APIC vectors'
 * handlers; the boot CPU, once. */
void apic_map(void);

/*
 * Enable this CPU's local APIC: spurious vector, task priority 0, error
 * vector.  On the boot CPU LINT0 is ExtINT (the 8259) and LINT1 NMI; on
 * an AP both are masked, so device interrupts reach CPU 0 only.
 */
void setup_local_APIC(bool bsp);

/* Count the timer's decrements over 10 ms (the boot CPU, once); every
 * CPU's timer runs at that bus clock. */
void calibrate_APIC_clock(void);
/* Start this CPU's timer: periodic, HZ a second, LOCAL_TIMER_VECTOR. */
void setup_APIC_timer(void);
/* Decrements per tick that calibrate_APIC_clock measured (0: never). */
u32 apic_timer_count_per_tick(void);

/* Send vector (or INIT, STARTUP: the delivery mode is in low) to the CPU
 * whose APIC id is apicid, and wait until the APIC has sent it. */
void apic_send_ipi(u8 apicid, u32 low);
/* Wait for the interrupt command register to be idle; false after a
 * bounded wait (the IPI was never accepted). */
bool apic_wait_icr_idle(void);

#endif
