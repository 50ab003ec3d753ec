/*
 * fs/proc/cpuinfo.c - /proc/cpuinfo: an entry per online CPU, in the
 * order and format of Linux 6.1's i386 show_cpuinfo
 * (arch/x86/kernel/cpu/proc.c), from what each CPU's CPUID said
 * (struct cpu_area's cpu_data: CPU 0's read at boot, an AP's when it
 * started, kernel/smp/smpboot.c).
 *
 *   processor       : 1
 *   vendor_id       : GenuineIntel
 *   ...
 *   physical id     : 0           the package, from the APIC id
 *   siblings        : 2           online CPUs in that package
 *   core id         : 1
 *   cpu cores       : 2           cores of the package online
 *   apicid          : 1
 *   initial apicid  : 1           the APIC id CPUID leaf 1 gives
 *
 * Left out, as Mapback does not know them: microcode (an MSR), cache size
 * (CPUID leaf 4's caches), the flags of CPUID's ECX and extended leaves
 * and Linux's own (only leaf 1's EDX is named), the bugs, and "cpu MHz"
 * and "bogomips" without a measured TSC.
 */
#include "fs/proc/procfs.h"
#include "kernel/cpu/cpu.h"
#include "kernel/smp/percpu.h"
#include "kernel/time/timer.h"
#include "kernel/time/tsc.h"

static const char *const cpu_flag_names[32] = {
	"fpu",	"vme",	 "de",	 "pse",	    "tsc",  "msr", "pae",  "mce",
	"cx8",	"apic",	 NULL,	 "sep",	    "mtrr", "pge", "mca",  "cmov",
	"pat",	"pse36", "pn",	 "clflush", NULL,   "dts", "acpi", "mmx",
	"fxsr", "sse",	 "sse2", "ss",	    "ht",   "tm",  "ia64", "pbe",
};

static const struct cpuinfo_x86 *cpu_data(int cpu)
{
	return &cpu_area(cpu)->cpu_data;
}

/* Online CPUs in cpu's package, and the distinct cores among them
 * (Linux's topology_core_cpumask weight and booted_cores). */
static void package_counts(int cpu, int *siblings, int *cores)
{
	const struct cpuinfo_x86 *c = cpu_data(cpu), *o, *p;
	int i, j;

	*siblings = *cores = 0;
	for_each_online_cpu(i) {
		o = cpu_data(i);
		if (o->phys_proc_id != c->phys_proc_id)
			continue;
		(*siblings)++;
		for (j = 0; j < i; j++) {
			p = cpu_data(j);
			if (cpu_isset(j, cpu_online_map) &&
			    p->phys_proc_id == o->phys_proc_id &&
			    p->cpu_core_id == o->cpu_core_id)
				break;
		}
		if (j == i)
			(*cores)++;
	}
}

static void show_core(struct seq_buf *m, int cpu)
{
	const struct cpuinfo_x86 *c = cpu_data(cpu);
	int siblings, cores;

	package_counts(cpu, &siblings, &cores);
	seq_printf(m, "physical id\t: %d\n", c->phys_proc_id);
	seq_printf(m, "siblings\t: %d\n", siblings);
	seq_printf(m, "core id\t\t: %d\n", c->cpu_core_id);
	seq_printf(m, "cpu cores\t: %d\n", cores);
	seq_printf(m, "apicid\t\t: %d\n", cpu_area(cpu)->apicid);
	seq_printf(m, "initial apicid\t: %d\n", c->initial_apicid);
}

/* The 386's and early Pentiums' bugs Linux names are never checked
 * here: they read "no", as on every CPU since. */
static void show_misc(struct seq_buf *m, const struct cpuinfo_x86 *c)
{
	const char *fpu = boot_cpu.has_fpu ? "yes" : "no";

	seq_printf(m, "fdiv_bug\t: no\nf00f_bug\t: no\ncoma_bug\t: no\n");
	seq_printf(m, "fpu\t\t: %s\nfpu_exception\t: %s\n", fpu, fpu);
	seq_printf(m, "cpuid level\t: %d\n", c->cpuid_level);
	seq_printf(m, "wp\t\t: %s\n", boot_cpu.has_wp ? "yes" : "no");
}

/* The TSC's rate in kHz, 0 when it was not measured. */
static u32 tsc_khz(void)
{
	return tsc_cycles_per_tick() / (1000 / HZ);
}

static void show_cpu(struct seq_buf *m, int cpu)
{
	const struct cpuinfo_x86 *c = cpu_data(cpu);
	u32 khz = tsc_khz(), lpj = khz * (1000 / HZ);
	int i;

	seq_printf(m, "processor\t: %d\n", cpu);
	seq_printf(m, "vendor_id\t: %s\n",
		   c->vendor[0] ? c->vendor : "unknown");
	seq_printf(m, "cpu family\t: %d\n", c->family);
	seq_printf(m, "model\t\t: %d\n", c->model);
	seq_printf(m, "model name\t: %s\n",
		   c->model_id[0] ? c->model_id : "unknown");
	seq_printf(m, "stepping\t: %d\n", c->stepping);
	if (c->has_tsc && khz)
		seq_printf(m, "cpu MHz\t\t: %u.%03u\n", khz / 1000, khz % 1000);
	show_core(m, cpu);
	show_misc(m, c);
	seq_puts(m, "flags\t\t:");
	for (i = 0; i < 32; i++)
		if ((c->x86_capability & (1u << i)) && cpu_flag_names[i])
			seq_printf(m, " %s", cpu_flag_names[i]);
	seq_puts(m, "\nbugs\t\t:\n");
	if (khz)
		seq_printf(m, "bogomips\t: %u.%02u\n", lpj / (500000 / HZ),
			   (lpj / (5000 / HZ)) % 100);
	seq_printf(m, "clflush size\t: %d\n", c->clflush_size);
	seq_printf(m, "cache_alignment\t: %d\n", c->clflush_size);
	seq_printf(m, "address sizes\t: %d bits physical, %d bits virtual\n",
		   c->phys_bits, c->virt_bits);
	seq_puts(m, "power management:\n\n");
}

void proc_cpuinfo_show(struct seq_buf *m, struct task_struct *t)
{
	int cpu;

	(void)t;
	for_each_online_cpu(cpu)
		show_cpu(m, cpu);
}
