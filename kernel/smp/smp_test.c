/*
 * kernel/smp/smp_test.c - the processors that smp_init() started.
 *
 * Each test runs on any number of CPUs: with only CPU 0 online (a 386,
 * -smp 1, nosmp) the ones about APs skip, saying why, and the rest check
 * what one CPU still promises (its own area, calls to itself, the errors).
 */
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/process/task.h"
#include "kernel/sched/sched.h"
#include "kernel/smp/apic.h"
#include "kernel/smp/mpparse.h"
#include "kernel/smp/percpu.h"
#include "kernel/smp/smp.h"
#include "kernel/time/timer.h"
#include "mm/phys/page.h"

struct who {
	int cpu;
	struct cpu_area *area;
	int calls;
};

static void record_cpu(void *info)
{
	struct who *w = info;

	w->cpu = smp_processor_id();
	w->area = this_cpu_area();
	w->calls++;
}

static bool need_aps(void)
{
	if (num_online_cpus() > 1)
		return true;
	ktest_skip("only CPU 0 online");
	return false;
}

KTEST(smp_call_function_single_answers_with_its_own_cpu_id)
{
	struct who w;
	int cpu;

	if (!need_aps())
		return;
	for_each_online_cpu(cpu) {
		w.cpu = -1;
		w.area = NULL;
		w.calls = 0;
		KEXPECT_EQ(smp_call_function_single(cpu, record_cpu, &w, 1), 0);
		KEXPECT_EQ(w.cpu, cpu);
		KEXPECT_TRUE(w.area == cpu_area(cpu));
		KEXPECT_EQ(w.calls, 1);
	}
}

static void record_slot(void *info)
{
	struct who *slots = info;

	record_cpu(&slots[smp_processor_id()]);
}

KTEST(smp_call_function_reaches_every_other_cpu_once)
{
	struct who slots[NR_CPUS];
	int cpu;

	if (!need_aps())
		return;
	memset(slots, 0, sizeof(slots));
	KEXPECT_EQ(smp_call_function(record_slot, slots, 1), 0);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		bool other = cpu != 0 && cpu_isset(cpu, cpu_online_map);

		KEXPECT_EQ(slots[cpu].calls, other ? 1 : 0);
		if (other)
			KEXPECT_EQ(slots[cpu].cpu, cpu);
	}
}

/* Without wait the call returns once taken; the function still runs. */
KTEST(smp_call_function_without_wait_still_runs)
{
	static struct who w;
	u32 start;

	if (!need_aps())
		return;
	w.cpu = -1;
	w.calls = 0;
	KEXPECT_EQ(smp_call_function_single(1, record_cpu, &w, 0), 0);
	start = jiffies;
	while (((volatile struct who *)&w)->calls == 0 && jiffies - start < HZ)
		schedule();
	KEXPECT_EQ(((volatile struct who *)&w)->calls, 1);
	KEXPECT_EQ(((volatile struct who *)&w)->cpu, 1);
}

KTEST(smp_call_function_single_on_self_and_offline)
{
	struct who w = { -1, NULL, 0 };

	KEXPECT_EQ(smp_call_function_single(0, record_cpu, &w, 1), 0);
	KEXPECT_EQ(w.cpu, 0);
	KEXPECT_TRUE(w.area == cpu_area(0));
	KEXPECT_EQ(w.calls, 1);
	KEXPECT_EQ(smp_call_function_single(NR_CPUS, record_cpu, &w, 1),
		   -ENXIO);
	KEXPECT_EQ(smp_call_function_single(-1, record_cpu, &w, 1), -ENXIO);
	if (num_online_cpus() < NR_CPUS)
		KEXPECT_EQ(smp_call_function_single(NR_CPUS - 1, record_cpu, &w,
						    1),
			   -ENXIO);
	KEXPECT_EQ(w.calls, 1);
}

KTEST(smp_each_ap_local_timer_ticks)
{
	u32 before[NR_CPUS];
	u32 start = jiffies;
	int cpu;
	bool all;

	if (!need_aps())
		return;
	for_each_online_cpu(cpu)
		before[cpu] = cpu_area(cpu)->apic_timer_irqs;
	/* Up to 5 s of ticks: an AP's host thread may be descheduled. */
	do {
		schedule();
		all = true;
		for_each_online_cpu(cpu)
			if (cpu &&
			    cpu_area(cpu)->apic_timer_irqs - before[cpu] < 3)
				all = false;
	} while (!all && jiffies - start < 5 * HZ);
	for_each_online_cpu(cpu)
		if (cpu)
			KEXPECT_GE(cpu_area(cpu)->apic_timer_irqs - before[cpu],
				   3);
	KEXPECT_GT(apic_timer_count_per_tick(), 0);
}

static bool overlap(u32 a, u32 alen, u32 b, u32 blen)
{
	return a < b + blen && b < a + alen;
}

KTEST(smp_per_cpu_areas_are_distinct)
{
	int a, b;

	KEXPECT_TRUE(cpu_area(0) != NULL);
	KEXPECT_EQ(cpu_area(0)->cpu, 0);
	KEXPECT_TRUE(cpu_area(0)->gdt == boot_gdt);
	KEXPECT_TRUE(cpu_area(0)->tss == &cpu_tss);
	KEXPECT_EQ(smp_processor_id(), 0);
	KEXPECT_TRUE(cpu_isset(0, cpu_online_map));
	if (!need_aps())
		return;
	for_each_online_cpu(a) {
		struct cpu_area *x = cpu_area(a);

		KEXPECT_EQ(x->cpu, a);
		KEXPECT_TRUE(x->online);
		if (a != 0) {
			KEXPECT_TRUE(x->gdt == x->gdt_table);
			KEXPECT_TRUE(x->tss == &x->tss_table);
			KEXPECT_TRUE(x->idle != NULL);
			KEXPECT_EQ(x->stack_top, task_stack_top(x->idle));
			KEXPECT_EQ(x->idle->cpu, a);
			KEXPECT_TRUE(x->idle->flags & PF_IDLE);
		}
		for_each_online_cpu(b) {
			struct cpu_area *y = cpu_area(b);

			if (b <= a)
				continue;
			KEXPECT_NE(x->apicid, y->apicid);
			KEXPECT_FALSE(overlap(
				(u32)x->gdt, GDT_ENTRIES * sizeof(*x->gdt),
				(u32)y->gdt, GDT_ENTRIES * sizeof(*y->gdt)));
			KEXPECT_FALSE(overlap((u32)x->tss, sizeof(*x->tss),
					      (u32)y->tss, sizeof(*y->tss)));
			KEXPECT_FALSE(overlap((u32)x, sizeof(*x), (u32)y,
					      sizeof(*y)));
			KEXPECT_NE(x->stack_top, y->stack_top);
		}
	}
}

/* The tables' checksum rule and the 16-byte scan, on a made-up table. */
KTEST(smp_mp_scan_needs_signature_alignment_and_checksum)
{
	static u8 area[64] __attribute__((aligned(16)));
	u32 phys = __pa(area);

	memset(area, 0, sizeof(area));
	memcpy(area + 16, "_MP_", 4);
	area[16 + 10] = 0;
	area[16 + 10] = (u8)-mp_checksum(area + 16, 16);
	KEXPECT_EQ(mp_checksum(area + 16, 16), 0);
	KEXPECT_EQ(mp_scan(phys, sizeof(area), "_MP_", 4, 16), phys + 16);
	area[16 + 5]++;
	KEXPECT_EQ(mp_scan(phys, sizeof(area), "_MP_", 4, 16), 0);
	area[16 + 5]--;
	memmove(area + 20, area + 16, 16);
	memset(area + 16, 0, 4);
	KEXPECT_EQ(mp_scan(phys, sizeof(area), "_MP_", 4, 16), 0);
}
