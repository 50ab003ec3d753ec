/*
 * proc_cpuinfo.c - /proc/cpuinfo: an entry per online CPU in Linux 6.1's
 * i386 format, each from that CPU's own CPUID.
 *
 * As many entries as online CPUs (sysconf, /proc/stat's cpuN lines),
 * "processor" numbering them from 0; each has the fields below.  APIC ids
 * are distinct; in each package (physical id) as many entries as its
 * "siblings", as many distinct core ids as its "cpu cores".  Pinned to
 * each CPU in turn, the CPUID instruction run there gives that entry's
 * vendor, family, model, stepping and initial APIC id.
 */
#include "tests/tap.h"

#define MAX_CPUS 32

static const char *const fields[] = {
	"processor",	 "vendor_id",	 "cpu family",
	"model",	 "model name",	 "stepping",
	"physical id",	 "siblings",	 "core id",
	"cpu cores",	 "apicid",	 "initial apicid",
	"fpu",		 "cpuid level",	 "wp",
	"flags",	 "clflush size", "cache_alignment",
	"address sizes",
};

struct entry {
	char vendor[16];
	int processor, family, model, stepping;
	int phys, siblings, core, cores, apicid, initial_apicid, cpuid_level;
	int nfields;
};

static char buf[65536];
static struct entry cpus[MAX_CPUS];

/* The value after "name\t...: " in the entry at e, as text, or NULL. */
static const char *field(const char *e, const char *end, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = e; p && p < end; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (strncmp(p, name, len) || (p[len] != '\t' && p[len] != ':'))
			continue;
		p += len + strspn(p + len, "\t");
		return !strncmp(p, ": ", 2) ? p + 2 :
		       !strncmp(p, ":", 1)  ? p + 1 :
					      NULL;
	}
	return NULL;
}

static int int_field(const char *e, const char *end, const char *name)
{
	const char *v = field(e, end, name);

	return v ? atoi(v) : -1;
}

static int parse(void)
{
	const char *e = buf, *end;
	int n = 0;
	size_t i;

	if (!read_proc("/proc/cpuinfo", buf, sizeof(buf)))
		return -1;
	while (*e && n < MAX_CPUS) {
		struct entry *c = &cpus[n++];
		const char *v;

		end = strstr(e, "\n\n");
		end = end ? end + 1 : e + strlen(e);
		for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
			c->nfields += field(e, end, fields[i]) != NULL;
		c->processor = int_field(e, end, "processor");
		v = field(e, end, "vendor_id");
		if (v)
			sscanf(v, "%15s", c->vendor);
		c->family = int_field(e, end, "cpu family");
		c->model = int_field(e, end, "model");
		c->stepping = int_field(e, end, "stepping");
		c->phys = int_field(e, end, "physical id");
		c->siblings = int_field(e, end, "siblings");
		c->core = int_field(e, end, "core id");
		c->cores = int_field(e, end, "cpu cores");
		c->apicid = int_field(e, end, "apicid");
		c->initial_apicid = int_field(e, end, "initial apicid");
		c->cpuid_level = int_field(e, end, "cpuid level");
		e = end + strspn(end, "\n");
	}
	return n;
}

/* Only where the entry's "cpuid level" is not -1 (a 386 or an early 486
 * has no CPUID); tools/check-386.sh allows the instruction here alone. */
__attribute__((noinline)) static void
test_cpuid(unsigned leaf, unsigned *a, unsigned *b, unsigned *c, unsigned *d)
{
	__asm__ volatile("cpuid"
			 : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			 : "a"(leaf), "c"(0));
}

/* Pinned to cpu, does CPUID there agree with its entry? */
static int cpuid_matches(int cpu)
{
	const struct entry *c = &cpus[cpu];
	unsigned a, b, cx, d, family, model;
	char vendor[13];
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || sched_getcpu() != cpu)
		return 0;
	test_cpuid(0, &a, &b, &cx, &d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &cx, 4);
	vendor[12] = '\0';
	test_cpuid(1, &a, &b, &cx, &d);
	family = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family >= 6)
		model += ((a >> 16) & 0xf) << 4;
	if (strcmp(vendor, c->vendor) || (int)family != c->family ||
	    (int)model != c->model || (int)(a & 0xf) != c->stepping ||
	    (int)(b >> 24) != c->initial_apicid) {
		diag("CPU %d: CPUID says %s %u/%u/%u apic %u", cpu, vendor,
		     family, model, a & 0xf, b >> 24);
		return 0;
	}
	return 1;
}

int main(void)
{
	int n = parse(), i, j, bad = 0, in_pkg, cores, nfields;

	nfields = (int)(sizeof(fields) / sizeof(fields[0]));
	ok(n >= 1, "/proc/cpuinfo has %d entries", n);
	if (n < 1)
		return done_testing();
	is(n, sysconf(_SC_NPROCESSORS_ONLN), "one per online CPU");
	for (i = 0; i < n; i++)
		bad += cpus[i].processor != i;
	is(bad, 0, "processor numbers them 0..%d", n - 1);
	bad = 0;
	for (i = 0; i < n; i++)
		if (cpus[i].nfields != nfields) {
			diag("entry %d has %d of the %d fields", i,
			     cpus[i].nfields, nfields);
			bad++;
		}
	is(bad, 0, "every entry has Linux's fields");
	bad = 0;
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			bad += cpus[i].apicid == cpus[j].apicid;
	is(bad, 0, "APIC ids are distinct");
	bad = 0;
	for (i = 0; i < n; i++)
		bad += cpus[i].apicid != cpus[i].initial_apicid;
	is(bad, 0, "apicid is the initial APIC id");
	bad = 0;
	for (i = 0; i < n; i++) {
		in_pkg = cores = 0;
		for (j = 0; j < n; j++) {
			int k;

			if (cpus[j].phys != cpus[i].phys)
				continue;
			in_pkg++;
			for (k = 0; k < j; k++)
				if (cpus[k].phys == cpus[j].phys &&
				    cpus[k].core == cpus[j].core)
					break;
			cores += k == j;
		}
		if (in_pkg != cpus[i].siblings || cores != cpus[i].cores) {
			diag("CPU %d: package %d has %d CPUs, %d cores; "
			     "siblings %d, cpu cores %d",
			     i, cpus[i].phys, in_pkg, cores, cpus[i].siblings,
			     cpus[i].cores);
			bad++;
		}
	}
	is(bad, 0, "siblings and cpu cores count each package's CPUs, cores");
	for (i = 0; i < n; i++) {
		if (cpus[i].cpuid_level < 1)
			skip("CPU's own CPUID", "no CPUID leaf 1");
		else
			ok(cpuid_matches(i),
			   "CPU %d: its entry is its own CPUID", i);
	}
	return done_testing();
}
