/*
 * dyn/probe.c - the program user/tests/dynexec.c runs to look at exec's
 * work from the inside.  It is linked dynamically against musl's libc.so
 * (PT_INTERP /lib/ld-musl-i386.so.1) twice: as a fixed-address program
 * (probe-dyn, ET_EXEC) and as a PIE (probe-pie, ET_DYN); both are
 * installed in /usr/libexec/mapback, not in /tests, since they are not
 * tests themselves.
 *
 *	probe MODE EXE EXECFN
 *
 * MODE is "exec" (the kernel loaded probe and ld.so), "pie" (the same for
 * the PIE) or "direct" (ld.so was exec'd and loaded probe itself); EXE is
 * what readlink("/proc/self/exe") must give, EXECFN what AT_EXECFN must
 * be.  It checks the auxiliary vector (through libc's getauxval and
 * /proc/self/auxv), prints "probe MODE ok" with libc's stdio and exits 0,
 * or exits with the number of the first check that failed.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/utsname.h>
#include <unistd.h>

extern char _start[];
extern Elf32_Dyn _DYNAMIC[];

/* getauxval, but an entry that is not there is ~0. */
static unsigned long aux(unsigned long type)
{
	unsigned long v;

	errno = 0;
	v = getauxval(type);
	return errno == ENOENT ? ~0UL : v;
}

/* The load bias of the program, from its program headers (AT_PHDR). */
static long program_bias(const Elf32_Phdr *ph, int n, unsigned long *dynamic)
{
	long bias = -1;
	int i;

	*dynamic = 0;
	for (i = 0; i < n; i++)
		if (ph[i].p_type == PT_PHDR)
			bias = (unsigned long)ph - ph[i].p_vaddr;
	for (i = 0; i < n && bias != -1; i++)
		if (ph[i].p_type == PT_DYNAMIC)
			*dynamic = ph[i].p_vaddr + bias;
	return bias;
}

/*
 * Where ld.so (libc.so) is mapped, from /proc/self/maps: [*lo, *hi).  (Not
 * dladdr(printf): in a fixed-address program &printf is its own PLT slot.)
 */
static int ldso_range(unsigned long *lo, unsigned long *hi)
{
	char line[320], path[256];
	unsigned long s, e, off;
	FILE *f = fopen("/proc/self/maps", "r");

	*lo = ~0UL;
	*hi = 0;
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &s, &e, &off,
			   path) != 4 || strcmp(path, "/lib/ld-musl-i386.so.1"))
			continue;
		if (s < *lo)
			*lo = s;
		if (e > *hi)
			*hi = e;
	}
	fclose(f);
	return *hi != 0;
}

/* /proc/self/auxv holds the same pairs as the stack, AT_NULL last. */
static int proc_auxv_matches(void)
{
	unsigned long v[128];
	int fd = open("/proc/self/auxv", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, v, sizeof(v));
	int i, pairs;

	if (fd >= 0)
		close(fd);
	if (n <= 0 || n % (2 * sizeof(long)))
		return 0;
	pairs = n / (2 * sizeof(long));
	if (v[2 * pairs - 2] != AT_NULL)
		return 0;
	for (i = 0; i < pairs - 1; i++)
		if (aux(v[2 * i]) != v[2 * i + 1])
			return 0;
	return pairs > 10;
}

/* The [stack] line of /proc/self/maps has perms, e.g. "rw-p". */
static int stack_perms(const char *perms)
{
	char line[256];
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "[stack]"))
			found = strncmp(strchr(line, ' ') + 1, perms, 4) == 0;
	fclose(f);
	return found;
}

static int exe_opens_as_elf(void)
{
	char magic[4];
	int fd = open("/proc/self/exe", O_RDONLY);
	int ok = fd >= 0 && read(fd, magic, 4) == 4 && !memcmp(magic, ELFMAG, 4);

	if (fd >= 0)
		close(fd);
	return ok;
}

static int random_bytes_set(const unsigned char *r)
{
	int i, any = 0;

	for (i = 0; i < 16; i++)
		any |= r[i];
	return any != 0;
}

static int check(int argc, char **argv)
{
	const char *mode = argv[1];
	int direct = !strcmp(mode, "direct"), pie = !strcmp(mode, "pie");
	const Elf32_Phdr *ph = (const Elf32_Phdr *)aux(AT_PHDR);
	unsigned long dynamic, at_entry = aux(AT_ENTRY), at_base = aux(AT_BASE);
	unsigned long lo, hi;
	struct utsname u;
	char exe[256];
	ssize_t n;
	long bias;
	char *p;

	if (argc != 4)
		return 1;
	if (aux(AT_PAGESZ) != 4096 || aux(AT_PHENT) != sizeof(Elf32_Phdr))
		return 2;
	if (aux(AT_UID) != getuid() || aux(AT_EUID) != geteuid() ||
	    aux(AT_GID) != getgid() || aux(AT_EGID) != getegid())
		return 3;
	if (aux(AT_SECURE) != 0 || aux(AT_FLAGS) != 0 || aux(AT_CLKTCK) != 100 ||
	    aux(AT_HWCAP) == ~0UL)
		return 4;
	if (aux(AT_RANDOM) == ~0UL || !random_bytes_set((void *)aux(AT_RANDOM)))
		return 5;
	if (aux(AT_EXECFN) == ~0UL || strcmp((char *)aux(AT_EXECFN), argv[3]))
		return 6;
	if (uname(&u) || aux(AT_PLATFORM) == ~0UL ||
	    strcmp((char *)aux(AT_PLATFORM), u.machine))
		return 7;
	if (!ldso_range(&lo, &hi))
		return 8;
	if (direct) {
		/* The kernel ran ld.so as the program: no interpreter. */
		if (at_base != 0 || at_entry < lo || at_entry >= hi)
			return 9;
	} else {
		/* AT_BASE: where the kernel put the interpreter. */
		if (at_base != lo || at_entry != (unsigned long)_start)
			return 10;
		bias = program_bias(ph, aux(AT_PHNUM), &dynamic);
		if (dynamic != (unsigned long)_DYNAMIC)
			return 11;
		if (pie ? (bias == 0 || bias % 4096) : bias != 0)
			return 12;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n < 0)
		return 13;
	exe[n] = 0;
	if (strcmp(exe, argv[2]))
		return 14;
	if (!exe_opens_as_elf())		/* the link is followed, too */
		return 18;
	if (!proc_auxv_matches())
		return 15;
	if (!stack_perms("rw-p"))	/* PT_GNU_STACK without PF_X */
		return 16;
	p = malloc(200000);		/* the heap works after a PIE, too */
	if (!p)
		return 17;
	memset(p, 1, 200000);
	free(p);
	printf("probe %s ok\n", mode);
	return 0;
}

int main(int argc, char **argv)
{
	int r = argc > 1 ? check(argc, argv) : 1;

	fflush(stdout);
	return r;
}
