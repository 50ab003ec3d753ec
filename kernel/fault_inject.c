/*
 * kernel/fault_inject.c - run-time fault injection (kernel/fault_inject.h).
 *
 * should_fail() checks, in Linux's order: the attribute is on, the task
 * is one of the chosen (task_filter), budget left, the interval, the
 * probability.  Only a call that passes the filter is counted, so with
 * the filter on, the kernel's own allocations (boot, kswapd, init) never
 * move the count and a run is repeatable.  Counters change with
 * interrupts off: interrupt handlers allocate too.
 */
#include "kernel/lib/seq_buf.h"
#include "kernel/cmdline.h"
#include "kernel/errno.h"
#include "kernel/fault_inject.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/printk.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"

KERNEL_PARAM("fail_page_alloc",
	     "fail page allocations once init runs: interval[,probability%[,times[,task_filter]]]");
KERNEL_PARAM("failslab", "the same for slab/kmalloc allocations");
KERNEL_PARAM("fail_make_request", "the same for block requests (-EIO)");
KERNEL_PARAM("fault_inject_seed", "seed of fault injection's random numbers");

struct fault_attr fail_page_alloc = { .name = "fail_page_alloc" };
struct fault_attr failslab = { .name = "failslab" };
struct fault_attr fail_make_request = { .name = "fail_make_request" };

static struct fault_attr *const attrs[] = {
	&fail_page_alloc, &failslab, &fail_make_request,
};

/* The boot options, applied by fault_inject_start. */
static struct fault_attr boot_attrs[ARRAY_SIZE(attrs)];
static u32 rnd_state = 1;

static u32 fault_random(void)
{
	u32 x = rnd_state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return rnd_state = x;
}

void fault_attr_config(struct fault_attr *attr, u32 interval,
		       u32 probability, s32 times, bool task_filter)
{
	u32 flags = irq_save();

	attr->interval = interval;
	attr->probability = probability > 100 ? 100 : probability;
	attr->times = times;
	attr->task_filter = task_filter;
	attr->calls = 0;
	irq_restore(flags);
}

void fault_attr_set(struct fault_attr *attr, u32 interval)
{
	fault_attr_config(attr, interval, 100, -1, false);
}

/* The nth call is the first to reach the interval; the budget of one
 * keeps the later multiples from failing. */
void fault_attr_fail_nth(struct fault_attr *attr, u32 nth)
{
	fault_attr_config(attr, nth, 100, 1, false);
}

/* "a[,b[,c[,d]]]" or "a [b [c [d]]]": up to four numbers, the first
 * unsigned, times may be -1.  Returns how many, -1 if malformed. */
static int parse_fields(const char *s, size_t n, long out[4])
{
	size_t i = 0;
	int count = 0;

	while (i < n && count < 4) {
		bool neg = false, digits = false;
		long v = 0;

		while (i < n && (s[i] == ' ' || s[i] == ',' || s[i] == '\t' ||
				 s[i] == '\n'))
			i++;
		if (i == n)
			break;
		if (s[i] == '-') {
			neg = true;
			i++;
		}
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			v = v * 10 + (s[i++] - '0');
			digits = true;
		}
		if (!digits || v > 0x7fffffff)
			return -1;
		out[count++] = neg ? -v : v;
	}
	while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t'))
		i++;
	return i == n ? count : -1;
}

int fault_attr_parse(struct fault_attr *attr, const char *buf, size_t n)
{
	long f[4] = { 0, 100, -1, 0 };
	int count = parse_fields(buf, n, f);

	if (count < 1 || f[0] < 0 || f[1] < 0 || f[1] > 100 || f[2] < -1 ||
	    f[3] < 0 || f[3] > 1)
		return -EINVAL;
	fault_attr_config(attr, (u32)f[0], (u32)f[1], (s32)f[2], f[3]);
	return 0;
}

void fault_attr_show(struct seq_buf *m, const struct fault_attr *attr)
{
	seq_printf(m, "interval %u probability %u times %d task_filter %d calls %u failures %u\n",
		   attr->interval, attr->probability, attr->times,
		   attr->task_filter, attr->calls, attr->failures);
}

void fault_inject_init(void)
{
	const char *s;
	unsigned int i;

	rnd_state = (u32)cmdline_get_long("fault_inject_seed", 1) ?: 1;
	for (i = 0; i < ARRAY_SIZE(attrs); i++) {
		boot_attrs[i] = *attrs[i];
		s = cmdline_get(attrs[i]->name);
		if (!s)
			continue;
		if (fault_attr_parse(&boot_attrs[i], s, strlen(s)))
			printk("%s=%s: want interval[,probability[,times[,task_filter]]], ignored\n",
			       attrs[i]->name, s);
	}
}

void fault_inject_start(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(attrs); i++) {
		struct fault_attr *b = &boot_attrs[i];

		if (!b->interval)
			continue;
		fault_attr_config(attrs[i], b->interval, b->probability,
				  b->times, b->task_filter);
		printk("fault injection: %s every %u calls, %u%%, times %d%s\n",
		       b->name, b->interval, b->probability, b->times,
		       b->task_filter ? ", tasks with make-it-fail only" : "");
	}
}

static bool fail_task(const struct fault_attr *attr)
{
	if (!attr->task_filter)
		return true;
	return current && current->make_it_fail && !in_irq();
}

bool should_fail(struct fault_attr *attr)
{
	bool fail = false;
	u32 flags;

	if (!attr->interval || !fail_task(attr))
		return false;
	flags = irq_save();
	if (attr->times != 0 && ++attr->calls % attr->interval == 0 &&
	    (attr->probability >= 100 ||
	     fault_random() % 100 < attr->probability)) {
		fail = true;
		attr->failures++;
		if (attr->times > 0)
			attr->times--;
	}
	irq_restore(flags);
	if (fail && attr->task_filter)
		printk("FAULT_INJECTION: %s failure %u in pid %d (%s)\n",
		       attr->name, attr->failures, current->pid, current->comm);
	return fail;
}
