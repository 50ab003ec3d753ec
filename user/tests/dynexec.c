/*
 * dynexec.c - execve of dynamically linked and position-independent
 * programs: PT_INTERP, ET_DYN, the auxiliary vector, /proc/self/exe.
 *
 * The programs run are dyn/probe.c, linked against musl's libc.so, which
 * is also the interpreter /lib/ld-musl-i386.so.1: probe-dyn (ET_EXEC with
 * PT_INTERP), probe-pie (a PIE: ET_DYN with PT_INTERP), and ld.so itself
 * run as a command (ET_DYN without PT_INTERP) loading probe-dyn.  Each
 * checks its auxv, /proc/self/auxv and /proc/self/exe from the inside and
 * prints one line through libc.so's stdio, which this side compares.
 *
 * Then the errors, with small ELF files made here: an interpreter that is
 * missing (ENOENT), a directory (EACCES), not an ELF file (ELIBBAD), a
 * PT_INTERP not NUL-terminated (ENOEXEC), all returned by execve with the
 * caller intact; and an interpreter too large for the address space,
 * found only once the old image is gone: the process dies of SIGSEGV.
 */
#include <elf.h>
#include <signal.h>
#include <stddef.h>
#include <sys/stat.h>
#include "tests/tap.h"

#define LIBEXEC "/usr/libexec/mapback"
#define LDSO "/lib/ld-musl-i386.so.1"

extern char **environ;

/*
 * Run argv[0] (after chdir(dir) when dir is set) with stdout to a pipe;
 * its output in out, its wait status returned.
 */
static int run(const char *dir, char **argv, char *out, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int fd[2];
	pid_t pid;

	must(pipe(fd));
	pid = must(fork());
	if (pid == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		if (dir && chdir(dir))
			_exit(126);
		execve(argv[0], argv, environ);
		_exit(127);
	}
	close(fd[1]);
	while (len + 1 < size && (n = read(fd[0], out + len, size - 1 - len)) > 0)
		len += n;
	out[len] = 0;
	close(fd[0]);
	return wait_for(pid);
}

static void test_probe(const char *dir, char **argv, const char *want,
		       const char *what)
{
	char out[128];
	int status = run(dir, argv, out, sizeof(out));

	is_exit(status, 0, "%s: checks pass (exit = first failed check)", what);
	ok(!strcmp(out, want), "%s: prints its line through libc.so", what);
	if (strcmp(out, want))
		diag("got \"%.60s\"", out);
}

static void test_programs(void)
{
	char *dyn[] = { LIBEXEC "/probe-dyn", "exec", LIBEXEC "/probe-dyn",
			LIBEXEC "/probe-dyn", NULL };
	char *pie[] = { LIBEXEC "/probe-pie", "pie", LIBEXEC "/probe-pie",
			LIBEXEC "/probe-pie", NULL };
	char *rel[] = { "./probe-pie", "pie", LIBEXEC "/probe-pie",
			"./probe-pie", NULL };
	char *direct[] = { LDSO, LIBEXEC "/probe-dyn", "direct", LDSO, LDSO,
			   NULL };

	test_probe(NULL, dyn, "probe exec ok\n", "dynamic ET_EXEC");
	test_probe(NULL, pie, "probe pie ok\n", "PIE");
	test_probe(LIBEXEC, rel, "probe pie ok\n",
		   "PIE by relative path, /proc/self/exe absolute");
	test_probe(NULL, direct, "probe direct ok\n", "ld.so run as a command");
}

/* ---- the errors ---- */

#define TEXT_VA	0x08048000u

/* An i386 ELF header with n program headers right after it. */
static void elf_header(Elf32_Ehdr *eh, int type, unsigned entry, int n)
{
	memset(eh, 0, sizeof(*eh));
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS32;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = type;
	eh->e_machine = EM_386;
	eh->e_version = EV_CURRENT;
	eh->e_entry = entry;
	eh->e_phoff = sizeof(*eh);
	eh->e_ehsize = sizeof(*eh);
	eh->e_phentsize = sizeof(Elf32_Phdr);
	eh->e_phnum = n;
}

static int write_file(const char *name, const void *data, size_t len)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0755);

	if (fd < 0)
		return -1;
	if (write(fd, data, len) != (ssize_t)len) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/*
 * A program that is never entered: one PT_LOAD over the whole file and a
 * PT_INTERP naming interp (with its NUL when terminate is set).
 */
static int make_program(const char *name, const char *interp, int terminate)
{
	struct {
		Elf32_Ehdr eh;
		Elf32_Phdr ph[2];
		char path[64];
	} f;
	size_t len = strlen(interp) + (terminate ? 1 : 0);

	memset(&f, 0, sizeof(f));
	elf_header(&f.eh, ET_EXEC, TEXT_VA, 2);
	f.ph[0].p_type = PT_INTERP;
	f.ph[0].p_offset = offsetof(__typeof__(f), path);
	f.ph[0].p_vaddr = TEXT_VA + f.ph[0].p_offset;
	f.ph[0].p_filesz = f.ph[0].p_memsz = len;
	f.ph[0].p_flags = PF_R;
	f.ph[1].p_type = PT_LOAD;
	f.ph[1].p_vaddr = TEXT_VA;
	f.ph[1].p_filesz = f.ph[1].p_memsz = sizeof(f);
	f.ph[1].p_flags = PF_R | PF_X;
	f.ph[1].p_align = 4096;
	memcpy(f.path, interp, strlen(interp));
	if (!terminate)
		memset(f.path + strlen(interp), 'x', sizeof(f.path) - strlen(interp));
	return write_file(name, &f, sizeof(f));
}

/* A well-formed ET_DYN interpreter whose one segment is 3.5 GiB. */
static int make_huge_interp(const char *name)
{
	struct {
		Elf32_Ehdr eh;
		Elf32_Phdr ph;
	} f;

	elf_header(&f.eh, ET_DYN, 0, 1);
	memset(&f.ph, 0, sizeof(f.ph));
	f.ph.p_type = PT_LOAD;
	f.ph.p_filesz = sizeof(f);
	f.ph.p_memsz = 0xe0000000u;
	f.ph.p_flags = PF_R | PF_W;
	f.ph.p_align = 4096;
	return write_file(name, &f, sizeof(f));
}

static int spawn(const char *path)
{
	char *argv[] = { (char *)path, NULL };
	pid_t pid = fork();

	if (pid == 0) {
		execve(path, argv, environ);
		_exit(100 + errno);
	}
	return wait_for(pid);
}

static void test_errors(void)
{
	static const char junk[] = "This is not an ELF file, but it is longer "
		"than an ELF header, so the kernel reads all of that.\n";
	char *argv[] = { "x", NULL };
	char cwd[200], interp[300];

	must(getcwd(cwd, sizeof(cwd)) ? 0 : -1);
	must(make_program("dyn-noent", "/nonexistent/ld.so", 1));
	is_errno(execve("./dyn-noent", argv, environ), ENOENT,
		 "missing interpreter: ENOENT, caller intact");

	must(make_program("dyn-dir", "/tmp", 1));
	is_errno(execve("./dyn-dir", argv, environ), EACCES,
		 "interpreter is a directory: EACCES");

	must(write_file("dyn-junk-ld", junk, sizeof(junk) - 1));
	snprintf(interp, sizeof(interp), "%s/dyn-junk-ld", cwd);
	must(make_program("dyn-junk", interp, 1));
	is_errno(execve("./dyn-junk", argv, environ), ELIBBAD,
		 "interpreter not ELF: ELIBBAD");

	must(make_program("dyn-nonul", LDSO, 0));
	is_errno(execve("./dyn-nonul", argv, environ), ENOEXEC,
		 "PT_INTERP without its NUL: ENOEXEC");

	must(make_huge_interp("dyn-huge-ld"));
	snprintf(interp, sizeof(interp), "%s/dyn-huge-ld", cwd);
	must(make_program("dyn-huge", interp, 1));
	is_signal(spawn("./dyn-huge"), SIGSEGV,
		  "interpreter that does not fit: SIGSEGV after the point of no return");

	unlink("dyn-noent");
	unlink("dyn-dir");
	unlink("dyn-junk-ld");
	unlink("dyn-junk");
	unlink("dyn-nonul");
	unlink("dyn-huge-ld");
	unlink("dyn-huge");
}

int main(void)
{
	/* `make test-host` runs this outside the test root; check-initramfs
	 * makes sure the test root has it. */
	if (access(LDSO, X_OK) == 0)
		test_programs();
	else
		skip("the dynamically linked programs", LDSO " is not here");
	test_errors();
	return done_testing();
}
