/*
 * kernel/cpu/power.c - how Mapback leaves the machine.
 *
 * test_exit() is for the test harness: it writes a pass/fail code to QEMU's
 * isa-debug-exit device (port 0xf4) and "Shutdown" to Bochs's port 0x8900;
 * on anything else it falls through to a power off.
 *
 * machine_power_off() must end QEMU even without the debug-exit device, and
 * halt cleanly on a real PC: it asks ACPI's PM1a control register for sleep
 * state S5, at the ports where QEMU (0x604) and older QEMU machine types and
 * Bochs (0xB004) put it.  A real PC that ignores both is left halted.
 */
#include "kernel/cpu/power.h"
#include "kernel/cpu/io.h"
#include "kernel/printk.h"

#define QEMU_DEBUG_EXIT 0xF4
#define BOCHS_SHUTDOWN 0x8900
#define ACPI_PM1A_QEMU 0x604
#define ACPI_PM1A_OLD 0xB004
#define ACPI_SLP_EN_S5 0x2000

static void bochs_shutdown(void)
{
	const char *s = "Shutdown";

	while (*s)
		outb(BOCHS_SHUTDOWN, (u8)*s++);
}

void __noreturn machine_halt(void)
{
	cli();
	for (;;)
		hlt();
}

void __noreturn machine_power_off(void)
{
	printk("Power down.\n");
	cli();
	outw(ACPI_PM1A_QEMU, ACPI_SLP_EN_S5);
	outw(ACPI_PM1A_OLD, ACPI_SLP_EN_S5);
	bochs_shutdown();
	machine_halt();
}

void __noreturn machine_restart(void)
{
	int spins;

	printk("Restarting system.\n");
	cli();
	/* Pulse the reset line through the 8042 keyboard controller. */
	for (spins = 0; spins < 100000 && (inb(0x64) & 0x02); spins++)
		;
	outb(0x64, 0xFE);
	machine_halt();
}

void __noreturn test_exit(int code)
{
	outb(QEMU_DEBUG_EXIT, (u8)code);
	machine_power_off();
}
