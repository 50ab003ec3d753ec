/*
 * kernel/cpu/nmi.c - what a non-maskable interrupt does: show where each
 * CPU is and what every task waits in, then carry on.
 *
 * Mapback never asks for an NMI.  One comes from the hardware (a memory
 * parity error on an old PC) or from whoever runs the machine: QEMU's
 * monitor command `nmi` raises the boot CPU's NMI line, and
 * tools/qemu-watchdog.py does that to a test boot that hung, so the log
 * says which tasks were waiting for what.
 *
 * The CPU the NMI came to prints its registers and backtrace and every
 * task (kernel/sched/show_state.c), then sends an NMI to each other CPU
 * (an APIC IPI; only the boot CPU's line is wired), marking it in
 * nmi_asked; a CPU that finds its mark prints its own registers and
 * backtrace only.  Each CPU's part ends with "---[ end NMI on CPUn ]---".
 *
 * The handler runs without the big kernel lock (kernel/cpu/trap.c) and
 * takes no lock the interrupted code might hold: an NMI arrives in the
 * middle of anything, interrupts-off sections included.  The CPUs print
 * one at a time under nmi_print_lock, a bare xchg word only NMI handlers
 * take (a CPU holds off a second NMI until the first's iretd, so it never
 * spins on itself).  The interrupted code may have been between writing
 * the APIC's destination register and its command register: the sender
 * puts the destination back before it returns.
 */
#include "kernel/cpu/nmi.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/percpu.h"
#include "kernel/smp/smp.h"

static volatile u32 nmi_print_lock;
static volatile bool nmi_asked[NR_CPUS];

static void nmi_other_cpus(int self)
{
	u32 icr2 = apic_read(APIC_ICR2);
	int cpu;

	for_each_online_cpu(cpu) {
		if (cpu == self)
			continue;
		nmi_asked[cpu] = true;
		apic_send_ipi(cpu_area(cpu)->apicid, APIC_DM_NMI);
	}
	apic_write(APIC_ICR2, icr2);
}

static void nmi(struct trapframe *tf)
{
	int cpu = smp_processor_id();
	bool asked = nmi_asked[cpu];

	nmi_asked[cpu] = false;
	while (xchg(&nmi_print_lock, 1))
		cpu_relax();
	printk(KERN_EMERG "NMI received on CPU%d\n", cpu);
	show_regs(tf);
	if (!user_mode(tf))
		dump_backtrace(tf->ebp);
	if (!asked)
		show_state();
	printk("---[ end NMI on CPU%d ]---\n", cpu);
	xchg(&nmi_print_lock, 0);
	if (!asked && lapic_enabled)
		nmi_other_cpus(cpu);
}

void nmi_init(void)
{
	set_trap_handler(T_NMI, nmi);
}
