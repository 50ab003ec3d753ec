/*
 * kernbench.c - a small parallel C build, in the manner of Bligh's
 * kernbench: `make -jN` (BENCH_MAKE_JOBS, default 4; run-bench gives
 * the machine's CPUs in its -smp columns) with tcc compiling and linking
 * a multi-file program, BENCH_BUILDS times (default 3), `make clean`
 * between.
 *
 * It needs Debian's make and tcc (dynamically linked, glibc): from the
 * real-userland initramfs (docs/userland.md), booted by run-bench with
 * BENCH_INITRAMFS=build/userland-initramfs.cpio, it finds them in its
 * root.  Otherwise, when TEST_USERLAND_DEV names a disk holding that
 * userland in its first partition (tools/mkuserland-disk.sh; run-bench
 * attaches it as hdd), it mounts it, with /proc inside, and chroots
 * there: then every program, header and library comes from ext2 through
 * the page cache, and the build's files go to the disk.  Without either
 * it says so and prints no figures.
 * Each build is a few dozen processes: make, its shells, tcc reading
 * glibc's headers from the page cache, ld.so mapping libc into each of
 * them: shared file pages in many address spaces at once.
 *
 * With BENCH_KERNBENCH_WARMUP=1 one build and clean run first, untimed.
 *
 * Figures: ticks_per_build (the builds only, not the cleans) and the page
 * faults taken by the whole run; and the whole run as a pressure.h phase
 * named BENCH_KERNBENCH_PHASE (default "run"): busy instructions, wall
 * time, pgpgin, pgpgout, and the root disk's requests and their size.
 */
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "bench/pressure.h"

#define NAME "kernbench"
#define LOOP "pgfault rmap_pte_chains"
#define DIR "/tmp/kernbench"
#define NR_UNITS 8
#define ROOT "/mnt/userland"

static void put_file(const char *name, const char *text)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), DIR "/%s", name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		bench_fail(NAME, path);
	close(fd);
}

/* unitN.c: a few functions over strings and numbers, with libc headers. */
static void make_project(void)
{
	char name[16], text[1024], objs[256] = "", mk[768];
	int i;

	if (mkdir(DIR, 0755) < 0)
		bench_fail(NAME, "mkdir " DIR);
	put_file("units.h", "long unit_sum(int n, long x);\n");
	for (i = 0; i < NR_UNITS; i++) {
		snprintf(name, sizeof(name), "unit%d.c", i);
		snprintf(text, sizeof(text),
			 "#include <stdio.h>\n#include <stdlib.h>\n"
			 "#include <string.h>\n#include \"units.h\"\n"
			 "static long mix%d(long x)\n{\n"
			 "\tchar buf[32];\n\tsnprintf(buf, sizeof(buf), \"%%ld\", x);\n"
			 "\treturn x * %d + (long)strlen(buf);\n}\n"
			 "long unit%d(long x)\n{\n\tint i;\n"
			 "\tfor (i = 0; i < %d; i++)\n\t\tx = mix%d(x) %% 1000003;\n"
			 "\treturn x;\n}\n",
			 i, i + 3, i, i + 10, i);
		put_file(name, text);
		snprintf(objs + strlen(objs), sizeof(objs) - strlen(objs),
			 " unit%d.o", i);
	}
	snprintf(text, sizeof(text), "#include <stdio.h>\n#include \"units.h\"\n");
	for (i = 0; i < NR_UNITS; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 "long unit%d(long x);\n", i);
	snprintf(text + strlen(text), sizeof(text) - strlen(text),
		 "long unit_sum(int n, long x)\n{\n"
		 "\tlong (*f[])(long) = {");
	for (i = 0; i < NR_UNITS; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 " unit%d,", i);
	snprintf(text + strlen(text), sizeof(text) - strlen(text),
		 " };\n\twhile (n--)\n\t\tx = f[n %% %d](x);\n\treturn x;\n}\n"
		 "int main(void)\n{\n\tprintf(\"%%ld\\n\", unit_sum(64, 1));\n"
		 "\treturn 0;\n}\n", NR_UNITS);
	put_file("main.c", text);
	snprintf(mk, sizeof(mk),
		 "OBJS = main.o%s\nprog: $(OBJS)\n\ttcc -o $@ $(OBJS)\n"
		 "%%.o: %%.c units.h\n\ttcc -O2 -c $<\n"
		 "clean:\n\trm -f prog $(OBJS)\n", objs);
	put_file("Makefile", mk);
}

static void run(char *const argv[])
{
	char *envp[] = { "PATH=/usr/bin:/bin", NULL };
	pid_t pid = fork();

	if (pid < 0)
		bench_fail(NAME, "fork");
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (chdir(DIR) < 0)
			_exit(126);
		dup2(null, 1);
		execve(argv[0], argv, envp);
		_exit(127);
	}
	if (bench_wait(pid) != 0)
		bench_fail(NAME, argv[0]);
}

static void mount_on(const char *what, const char *dir, const char *type)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		bench_fail(NAME, dir);
	if (mount(what, dir, type, 0, NULL) < 0)
		bench_fail(NAME, dir);
}

/* A node at ROOT's path for dev: the one dev names now (type 0), or a
 * new one.  The kernels name disks apart (Linux's sdb1 is Mapback's
 * hdd1); inside the root the benchmark finds its disk by the same name. */
static void copy_node(const char *dev, mode_t type, dev_t rdev)
{
	char path[96];
	struct stat st;

	if (!type) {
		if (stat(dev, &st) < 0)
			bench_fail(NAME, dev);
		type = st.st_mode & S_IFMT;
		rdev = st.st_rdev;
	}
	snprintf(path, sizeof(path), ROOT "%s", dev);
	unlink(path);
	if (mknod(path, type | 0600, rdev) < 0)
		bench_fail(NAME, path);
}

/* The userland disk (TEST_USERLAND_DEV) as the root: its name, whose
 * requests /proc/diskstats counts, or NULL if none was given. */
static const char *chroot_disk(void)
{
	const char *dev = getenv("TEST_USERLAND_DEV");
	char part[40];

	if (!dev || strlen(dev) + 2 > sizeof(part))
		return NULL;
	snprintf(part, sizeof(part), "%s1", dev);
	if (mkdir("/mnt", 0755) < 0 && errno != EEXIST)
		bench_fail(NAME, "mkdir /mnt");
	mount_on(part, ROOT, "ext2");
	mount_on("proc", ROOT "/proc", "proc");
	copy_node(dev, 0, 0);
	copy_node(part, 0, 0);
	copy_node("/dev/null", S_IFCHR, makedev(1, 3));
	if (chroot(ROOT) < 0 || chdir("/") < 0)
		bench_fail(NAME, "chroot " ROOT);
	return dev;
}

int main(void)
{
	char jobs[16];
	char *build[] = { "/usr/bin/make", "-s", jobs, NULL };
	char *clean[] = { "/usr/bin/make", "-s", "clean", NULL };
	char *prog[] = { DIR "/prog", NULL };
	long i, builds = bench_env("BENCH_BUILDS", 3);
	const char *phase = getenv("BENCH_KERNBENCH_PHASE");
	struct bench_counters before, after;
	uint64_t ticks = 0;
	const char *disk = NULL;
	struct phase ph;

	snprintf(jobs, sizeof(jobs), "-j%ld", bench_env("BENCH_MAKE_JOBS", 4));
	if ((access("/usr/bin/tcc", X_OK) || access("/usr/bin/make", X_OK)) &&
	    !(disk = chroot_disk())) {
		say("kernbench: no /usr/bin/tcc or make here: no figures\n");
		return 0;
	}
	make_project();
	/* BENCH_KERNBENCH_WARMUP=1: one build first, outside the figures, as
	 * Bligh's kernbench does, so that the timed builds find make, tcc,
	 * the headers and libc in the page cache and measure the CPUs, not
	 * the disk (the columns of several CPUs; the small-memory runs keep
	 * the cold start, where the disk is the point). */
	if (bench_env("BENCH_KERNBENCH_WARMUP", 0)) {
		run(build);
		run(clean);
	}
	sync();
	bench_snapshot(&before);
	phase_begin_on(&ph, NAME, phase ? phase : "run", disk);
	for (i = 0; i < builds; i++) {
		uint64_t t0 = bench_rdtsc();

		run(build);
		ticks += bench_rdtsc() - t0;
		run(prog);
		run(clean);
	}
	sync(); /* what the builds wrote is on the disk */
	phase_end(&ph);
	bench_snapshot(&after);
	bench_print(NAME, "ticks_per_build", ticks / builds);
	bench_print_delta(NAME, "", LOOP, &before, &after);
	return 0;
}
