/*
 * kernel/main.c - kmain, the order in which Mapback comes up.
 *
 * boot/boot.asm enters here on the boot stack with paging on (low 16 MiB
 * mapped twice) and interrupts off.  Each init step below may use only the
 * ones above it.
 */
#include "fs/fs_init.h"
#include "ipc/util.h"
#include "kernel/locking/lockdep.h"
#include "kernel/cmdline.h"
#include "kernel/cpu/doublefault.h"
#include "kernel/cpu/cpu.h"
#include "kernel/drivers/ide.h"
#include "kernel/drivers/pci.h"
#include "kernel/drivers/pic.h"
#include "kernel/drivers/serial.h"
#include "kernel/drivers/vga.h"
#include "kernel/signal/fault_signal.h"
#include "kernel/cpu/fpu.h"
#include "kernel/cpu/nmi.h"
#include "kernel/cpu/gdt.h"
#include "kernel/init.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/multiboot.h"
#include "kernel/cpu/power.h"
#include "kernel/printk.h"
#include "kernel/random.h"
#include "kernel/sched/sched.h"
#include "kernel/smp/smp.h"
#include "kernel/syscall.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "kernel/time/tsc.h"
#include "kernel/version.h"
#include "kernel/cpu/trap.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/vm/memory.h"
#include "mm/mm.h"

static void banner(void)
{
	printk("%s", mapback_banner);
	if (boot_info.loader_name[0])
		printk("Booted by: %s\n", boot_info.loader_name);
	printk("Command line: %s\n", boot_info.cmdline);
	if (boot_info.cmdline_truncated)
		printk(KERN_WARNING "Command line: longer than %d bytes, the "
		       "rest is ignored\n", CMDLINE_MAX - 1);
}

void kmain(u32 magic, u32 mbi_phys)
{
	serial_init();
	vga_init();
	gdt_init();
	trap_init();
	doublefault_init();
	multiboot_init(magic, mbi_phys);
	cmdline_init(boot_info.cmdline);
	printk_setup();
	ktest_mode = cmdline_has("ktest");

	banner();
	multiboot_print_memory_map();
	mm_init();
	sched_init();
	lockdep_init();
	syscall_init();
	fault_signal_init();
	nmi_init();
	cmdline_report_unknown();
	cpu_init();
	fpu_init();
	test_wp_bit();
	vm_init();
	rmap_init();
	swap_cache_init();
	pic_init();
	timer_init();
	tsc_init();
	smp_init();
	time_init();
	random_init();
	sti();
	pci_init();
	ide_init();
	fs_init();
	ipc_init();

	rest_init();
}
