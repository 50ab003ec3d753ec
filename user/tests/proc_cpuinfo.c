/*
 * proc_cpuinfo.c - /proc/cpuinfo: an entry per online CPU in Linux 6.1's
 * i386 format, each from that CPU's own CPUID.
 *
 * As many entries as online CPUs (sysconf, /proc/stat's cpuN lines),
 * "processor" numbering them from 0; each has the fields below.  APIC ids
 * are distinct; in each package (physical id) as many entries as its
 * "siblings", as many distinct core ids as its "cpu cores".  Each entry's
 * initial APIC id (what CPUID leaf 1 says on that CPU) is its APIC id, so
 * each CPU's entry comes from that CPU's own CPUID; all are one model
 * (QEMU's CPUs are).
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
	int phys, siblings, core, cores, apicid, initial_apicid;
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
		e = end + strspn(end, "\n");
	}
	return n;
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
	for (i = 1; i < n; i++)
		bad += strcmp(cpus[i].vendor, cpus[0].vendor) ||
		       cpus[i].family != cpus[0].family ||
		       cpus[i].model != cpus[0].model ||
		       cpus[i].stepping != cpus[0].stepping;
	is(bad, 0, "every CPU is a %s family %d model %d", cpus[0].vendor,
	   cpus[0].family, cpus[0].model);
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
	return done_testing();
}
