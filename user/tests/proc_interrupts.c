/*
 * proc_interrupts.c - /proc/interrupts in Linux's layout.
 *
 * The first line names a column per online CPU, CPU0 first and in order;
 * every line after it is "LABEL:" and then one count per CPU (a device
 * IRQ's number, or LOC, CAL and the other per-CPU interrupt kinds), except
 * ERR and MIS, which hold one total.  IRQ 0 is the timer, an edge
 * through the I/O APIC ("IO-APIC   2-edge      timer" on QEMU, whose
 * PIT is on pin 2) or the 8259 ("XT-PIC"), and LOC (local timer), CAL
 * (function calls) and ERR are there; a second read never shows a count
 * smaller than the first.
 */
#include "tests/tap.h"

#define MAX_LINES 256

struct line {
	char label[16];
	int columns;
	unsigned long long total;
	int timer;
	char chip[16], flow[16];
	int hwirq;
};

static char buf[65536];
static struct line lines[2][MAX_LINES];

static int count_cpus(const char *header)
{
	int n = 0, want = 0, cpu;
	const char *p = header;

	while ((p = strstr(p, "CPU")) && p < header + strcspn(header, "\n")) {
		if (sscanf(p, "CPU%d", &cpu) != 1 || cpu != want)
			return -1;
		want++;
		n++;
		p += 3;
	}
	return n;
}

/* One line after the header into l; 0 if it has no label. */
static int parse_line(char *s, struct line *l)
{
	char *colon = strchr(s, ':'), *p, *end;
	size_t len;

	if (!colon)
		return 0;
	p = s + strspn(s, " ");
	len = (size_t)(colon - p);
	if (len > sizeof(l->label) - 1)
		len = sizeof(l->label) - 1;
	memcpy(l->label, p, len);
	l->label[len] = '\0';
	l->columns = 0;
	l->total = 0;
	p = colon + 1;
	for (;;) {
		unsigned long long v;

		p += strspn(p, " ");
		if (*p < '0' || *p > '9')
			break;
		v = strtoull(p, &end, 10);
		if (*end != ' ' && *end != '\0')
			break;
		l->total += v;
		l->columns++;
		p = end;
	}
	l->timer = strstr(p, "timer") != NULL;
	l->chip[0] = l->flow[0] = '\0';
	l->hwirq = -1;
	sscanf(p, "%15s %d-%15s", l->chip, &l->hwirq, l->flow);
	return 1;
}

static int read_table(struct line *out, int *ncpus)
{
	char *s, *nl;
	int n = 0;

	if (!read_proc("/proc/interrupts", buf, sizeof(buf)))
		return -1;
	*ncpus = count_cpus(buf);
	s = strchr(buf, '\n');
	while (s && *++s && n < MAX_LINES) {
		nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		n += parse_line(s, &out[n]);
		s = nl;
	}
	return n;
}

static const struct line *find(const struct line *t, int n, const char *label)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(t[i].label, label))
			return &t[i];
	return NULL;
}

int main(void)
{
	int n0, n1, cpus0, cpus1, i, bad = 0;
	const struct line *l;

	n0 = read_table(lines[0], &cpus0);
	ok(n0 > 0, "/proc/interrupts reads (%d lines)", n0);
	if (n0 <= 0)
		return done_testing();
	ok(cpus0 >= 1, "header names CPU0.. in order (%d CPUs)", cpus0);
	for (i = 0; i < n0; i++) {
		int single = !strcmp(lines[0][i].label, "ERR") ||
			     !strcmp(lines[0][i].label, "MIS");

		if (lines[0][i].columns != (single ? 1 : cpus0)) {
			diag("line %s has %d counts", lines[0][i].label,
			     lines[0][i].columns);
			bad++;
		}
	}
	is(bad, 0, "every line has one count per CPU (ERR and MIS one)");
	l = find(lines[0], n0, "0");
	ok(l && l->timer, "IRQ 0 is the timer");
	ok(l && (!strcmp(l->chip, "IO-APIC") || !strcmp(l->chip, "XT-PIC")) &&
		   !strcmp(l->flow, "edge") && l->hwirq >= 0,
	   "IRQ 0 comes through the IO-APIC or the XT-PIC, edge (%s %d-%s)",
	   l ? l->chip : "", l ? l->hwirq : -1, l ? l->flow : "");
	ok(find(lines[0], n0, "LOC") != NULL, "LOC line");
	ok(find(lines[0], n0, "CAL") != NULL, "CAL line");
	ok(find(lines[0], n0, "ERR") != NULL, "ERR line");

	n1 = read_table(lines[1], &cpus1);
	is(cpus1, cpus0, "the same CPUs on a second read");
	bad = 0;
	for (i = 0; i < n0; i++) {
		l = find(lines[1], n1, lines[0][i].label);
		if (!l || l->total < lines[0][i].total) {
			diag("line %s went from %llu to %llu",
			     lines[0][i].label, lines[0][i].total,
			     l ? l->total : 0ULL);
			bad++;
		}
	}
	is(bad, 0, "no count goes down between two reads");
	return done_testing();
}
