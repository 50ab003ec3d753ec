/*
 * kernel/smp/smpboot.c - finding the processors and starting the APs.
 *
 * smp_init() on the boot CPU, with interrupts off:
 *   1. the MADT or the MP table lists the local APIC ids (mpparse.h);
 *      without a local APIC (CPUID) there is nothing to do: a 386 or 486
 *      runs as before;
 *   2. the boot CPU's APIC is mapped and enabled, the 8259 on LINT0, and
 *      its timer calibrated (apic.c);
 *   3. each AP (up to maxcpus=, none with nosmp) gets a cpu_area (its
 *      GDT and TSS, percpu.h) and an idle task, on whose stack it
 *      starts, and is woken by INIT, STARTUP,
 *      STARTUP (the MP specification's "universal start-up algorithm",
 *      with its 10 ms and 200 us waits) into the trampoline
 *      (trampoline.asm), which brings it to start_secondary() below with
 *      paging on;
 *   4. the boot CPU waits (at most 5 s) for it to call in, then for it to
 *      be online: its own GDT, TSS, IDT and page directory loaded, its
 *      APIC enabled and its timer ticking;
 *   5. the ISA IRQs move to the I/O APIC, still to CPU 0 (io_apic.h).
 *
 * The trampoline turns paging on with a start-up page directory: the
 * kernel's entries plus the first 4 MiB at address 0, so the instruction
 * after the one that sets CR0.PG, at the trampoline's physical address,
 * is still mapped.  start_secondary() moves to swapper_pg_dir at once, and
 * the start-up directory is freed when every AP has done so.  The
 * kernel's own directory never gets the identity mapping.
 *
 * An AP then takes the big kernel lock and enters its idle task's loop
 * (kernel/sched/idle.c): from there it runs tasks like CPU 0.
 */
#include "kernel/smp/smpboot.h"
#include "kernel/cmdline.h"
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/doublefault.h"
#include "kernel/cpu/gdt.h"
#include "kernel/cpu/idt.h"
#include "kernel/cpu/io.h"
#include "kernel/locking/kernel_lock.h"
#include "kernel/process/kstack.h"
#include "kernel/process/task.h"
#include "kernel/sched/idle.h"
#include "kernel/sched/sched.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/io_apic.h"
#include "kernel/smp/mpparse.h"
#include "kernel/smp/percpu.h"
#include "kernel/smp/smp.h"
#include "kernel/time/delay.h"
#include "mm/phys/gfp.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/pgtable.h"

KERNEL_PARAM("nosmp", "start no processor but the boot one");
KERNEL_PARAM("maxcpus", "start at most this many processors, e.g. maxcpus=2");

#define CR0_TS (1u << 3)
#define CMOS_ADDR 0x70
#define CMOS_DATA 0x71
#define CMOS_SHUTDOWN 0x0F
#define SHUTDOWN_JMP_467 0x0A /* warm reset: jump to the vector at 40:67 */
#define WARM_RESET_VECTOR 0x467
#define CALLIN_WAIT_US 5000000 /* Linux's 5 s for an AP to call in */
#define ONLINE_WAIT_US 1000000

/* struct trampoline_params in kernel/smp/trampoline.asm. */
struct trampoline_params {
	u32 cr3;
	u32 stack;
	u32 arg;
	u32 entry;
};

extern char trampoline_start[], trampoline_end[], trampoline_params[];
extern char boot_stack_top[];

static struct cpu_area boot_cpu_area = { .gdt = boot_gdt, .tss = &cpu_tss };
struct cpu_area *cpu_areas[NR_CPUS] = { &boot_cpu_area };
cpumask_t cpu_present_map = 1;
volatile cpumask_t cpu_online_map = 1;

/* What the tables listed, and each CPU's APIC id both ways. */
static u8 table_apicids[MAX_APICS];
static int nr_table_apicids, nr_disabled;
static u8 apicid_to_cpu[256];

/* The boot CPU's CR0, which each AP takes (CR0.TS aside). */
static u32 boot_cr0;

void mp_register_lapic(u8 apicid, bool enabled)
{
	if (!enabled)
		nr_disabled++;
	else if (nr_table_apicids < MAX_APICS)
		table_apicids[nr_table_apicids++] = apicid;
}

int hard_smp_processor_id(void)
{
	return lapic_enabled ? apicid_to_cpu[read_apic_id()] : 0;
}

int num_online_cpus(void)
{
	int cpu, n = 0;

	for_each_online_cpu(cpu)
		n++;
	return n;
}

int nr_cpu_ids(void)
{
	int n = 1;

	while (n < NR_CPUS && (cpu_present_map >> n))
		n++;
	return n;
}

/* How many CPUs to run, the boot one included: maxcpus=, nosmp. */
static int cpu_limit(void)
{
	const char *arg = cmdline_get("maxcpus");
	int n = NR_CPUS;

	if (cmdline_has("nosmp"))
		return 1;
	if (arg) {
		n = 0;
		while (*arg >= '0' && *arg <= '9')
			n = n * 10 + (*arg++ - '0');
		n = max(min(n, NR_CPUS), 1);
	}
	return n;
}

void __noreturn start_secondary(struct cpu_area *area);

/* On the AP's idle task's stack, interrupts off.  Once online it waits
 * for the big kernel lock (answering function calls meanwhile) and
 * becomes an ordinary CPU of the scheduler. */
void __noreturn start_secondary(struct cpu_area *area)
{
	write_cr3(__pa(swapper_pg_dir));
	gdt_init_cpu(area->gdt, area->tss, area->stack_top);
	doublefault_init_cpu(area);
	idt_load();
	write_cr0(boot_cr0 & ~CR0_TS);
	if (boot_cpu.has_fxsr)
		cpu_enable_fxsr();
	identify_cpu(&area->cpu_data);
	area->callin = 1;
	setup_local_APIC(false);
	setup_APIC_timer();
	area->online = 1;
	lock_kernel();
	cpu_idle();
}

/* The start-up directory: swapper_pg_dir's entries, and its first 4 MiB
 * of the direct map at 0 too, where the trampoline runs. */
static pgd_t *startup_pgdir(void)
{
	pgd_t *pgd = (pgd_t *)__get_free_page(GFP_KERNEL);

	if (!pgd)
		return NULL;
	memcpy(pgd, swapper_pg_dir, PAGE_SIZE);
	pgd[0] = swapper_pg_dir[pgd_index(PAGE_OFFSET)];
	return pgd;
}

/* The MP specification's start-up: CMOS shutdown code 0x0A and the warm
 * reset vector make a CPU that resets jump to the trampoline. */
static void set_warm_reset(u32 start)
{
	outb(CMOS_ADDR, CMOS_SHUTDOWN);
	outb(CMOS_DATA, start ? SHUTDOWN_JMP_467 : 0);
	*(volatile u16 *)__va(WARM_RESET_VECTOR) = 0;
	*(volatile u16 *)__va(WARM_RESET_VECTOR + 2) = start >> 4;
}

/* INIT (assert, then de-assert), then two STARTUPs, as Linux's
 * wakeup_secondary_cpu; false if the APIC reported a send error. */
static bool wakeup_secondary_cpu(u8 apicid, u32 start)
{
	u32 err = 0;
	int i;

	apic_write(APIC_ESR, 0);
	apic_send_ipi(apicid,
		      APIC_INT_LEVELTRIG | APIC_INT_ASSERT | APIC_DM_INIT);
	mdelay(10);
	apic_send_ipi(apicid, APIC_INT_LEVELTRIG | APIC_DM_INIT);
	for (i = 0; i < 2; i++) {
		apic_write(APIC_ESR, 0);
		apic_send_ipi(apicid, APIC_DM_STARTUP | (start >> 12));
		udelay(200);
		apic_write(APIC_ESR, 0);
		err |= apic_read(APIC_ESR) & 0xEF;
	}
	return err == 0;
}

/* Wait up to usecs for *flag; true if it was set. */
static bool wait_for(volatile int *flag, u32 usecs)
{
	while (!*flag && usecs >= 100) {
		udelay(100);
		usecs -= 100;
	}
	return *flag != 0;
}

/* The area and the idle task of CPU cpu (set in cpu_areas[cpu]). */
static struct cpu_area *alloc_cpu_area(int cpu, u8 apicid)
{
	struct cpu_area *area = (struct cpu_area *)__get_free_page(GFP_KERNEL);
	struct task_struct *idle;

	if (!area)
		return NULL;
	memset(area, 0, sizeof(*area));
	area->cpu = cpu;
	area->apicid = apicid;
	area->gdt = area->gdt_table;
	area->tss = &area->tss_table;
	if (!doublefault_alloc_cpu(area)) {
		free_page((unsigned long)area);
		return NULL;
	}
	cpu_areas[cpu] = area;
	idle = fork_idle(cpu);
	if (!idle) {
		cpu_areas[cpu] = NULL;
		kstack_free(area->doublefault_stack);
		free_page((unsigned long)area);
		return NULL;
	}
	area->stack_top = task_stack_top(idle);
	return area;
}

/* Start CPU cpu at APIC id apicid; true when it is online.  An AP that
 * never answers keeps its area and start-up directory: it may still
 * wake up and use them. */
static bool do_boot_cpu(int cpu, u8 apicid, pgd_t *pgd)
{
	struct trampoline_params *params =
		__va(TRAMPOLINE_BASE + (trampoline_params - trampoline_start));
	struct cpu_area *area = alloc_cpu_area(cpu, apicid);

	if (!area) {
		printk("smp: no memory for CPU%d\n", cpu);
		return false;
	}
	apicid_to_cpu[apicid] = cpu;
	params->cr3 = __pa(pgd);
	params->stack = area->stack_top;
	params->arg = (u32)area;
	params->entry = (u32)start_secondary;
	if (!wakeup_secondary_cpu(apicid, TRAMPOLINE_BASE))
		printk("smp: CPU%d (APIC id %u): APIC send error\n", cpu,
		       apicid);
	if (!wait_for(&area->callin, CALLIN_WAIT_US)) {
		printk("smp: CPU%d (APIC id %u) not responding\n", cpu, apicid);
		return false;
	}
	if (!wait_for(&area->online, ONLINE_WAIT_US)) {
		printk("smp: CPU%d (APIC id %u) stuck\n", cpu, apicid);
		return false;
	}
	cpu_online_map |= cpumask_of(cpu);
	return true;
}

static void smp_boot_cpus(int limit)
{
	pgd_t *pgd = startup_pgdir();
	int i, cpu = 1;
	bool all = true;

	if (!pgd) {
		printk("smp: no memory for the start-up directory\n");
		return;
	}
	memcpy(__va(TRAMPOLINE_BASE), trampoline_start,
	       trampoline_end - trampoline_start);
	boot_cr0 = read_cr0();
	set_warm_reset(TRAMPOLINE_BASE);
	for (i = 0; i < nr_table_apicids && cpu < limit; i++) {
		if (table_apicids[i] == boot_cpu_area.apicid)
			continue;
		cpu_present_map |= cpumask_of(cpu);
		if (!do_boot_cpu(cpu, table_apicids[i], pgd))
			all = false;
		cpu++;
	}
	set_warm_reset(0);
	if (all)
		free_page((unsigned long)pgd);
}

/* The tables' list, or none if a parser gave up half-way. */
static bool find_cpus(void)
{
	if (acpi_boot_init())
		return true;
	nr_table_apicids = nr_disabled = 0;
	mp_reset_ioapics();
	if (mp_parse())
		return true;
	nr_table_apicids = nr_disabled = 0;
	mp_reset_ioapics();
	mp_lapic_addr = APIC_DEFAULT_PHYS_BASE;
	return false;
}

void smp_init(void)
{
	int limit = cpu_limit();

	boot_cpu_area.gdt = boot_gdt;
	boot_cpu_area.tss = &cpu_tss;
	boot_cpu_area.stack_top = (u32)boot_stack_top;
	boot_cpu_area.callin = boot_cpu_area.online = 1;
	boot_cpu_area.cpu_data = boot_cpu;
	if (!boot_cpu.has_apic) {
		printk("smp: no local APIC, one CPU\n");
		return;
	}
	if (!find_cpus())
		printk("smp: no MADT or MP table, one CPU\n");
	apic_map();
	lapic_enabled = true;
	boot_cpu_area.apicid = read_apic_id();
	apicid_to_cpu[boot_cpu_area.apicid] = 0;
	setup_local_APIC(true);
	calibrate_APIC_clock();
	printk("smp: %d CPUs listed (%d disabled), boot CPU APIC id %u, "
	       "local APIC at 0x%08x\n",
	       nr_table_apicids, nr_disabled, boot_cpu_area.apicid,
	       mp_lapic_addr);
	if (limit > 1 && nr_table_apicids > 1)
		smp_boot_cpus(limit);
	printk("smp: %d CPU%s online\n", num_online_cpus(),
	       num_online_cpus() > 1 ? "s" : "");
	setup_IO_APIC();
}
