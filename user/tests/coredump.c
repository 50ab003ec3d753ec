/*
 * coredump.c - core dumps, as Linux 6.1 writes them.
 *
 * In a fresh directory under /tmp, with RLIMIT_CORE unlimited, forked
 * children die of signals and the parent reads what they leave:
 * SIGSEGV from a real fault (WCOREDUMP, an ELF32 ET_CORE for EM_386: a
 * PT_NOTE whose NT_PRSTATUS has the child's pid, the signal and an
 * eip/esp inside its mappings, NT_PRPSINFO, NT_SIGINFO with the fault
 * address, NT_AUXV, NT_FILE naming the program; one PT_LOAD per VMA,
 * page-aligned, the anonymous pattern at its p_vaddr and the untouched
 * page after it as zeros, the program's ELF header page, none of a
 * MADV_DONTDUMP mapping's bytes, NT_PRFPREG
 * with the x87 registers); abort
 * (SIGABRT) named by a pattern of %e %s %% and core_uses_pid; a fault in
 * a second thread (two NT_PRSTATUS, the faulting thread's first); no file
 * and no core bit with RLIMIT_CORE 0 or below a page, after
 * PR_SET_DUMPABLE 0, or for SIGKILL; a limit of two pages cuts the file
 * short but keeps the bit; an old symlink named like the core is replaced,
 * never followed; the file is mode 0600.  /proc/sys/kernel/core_pattern
 * and core_uses_pid are put back at the end.
 *
 * Standalone: NT_FILE must name the program, /tests/coredump, and Mapback
 * names a file with several hard links (the multi-call program's, in
 * user/tests/multicall/multicall.c) by the first of them in its directory.
 */
#include <elf.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "tests/tap.h"

#define PAGE 4096
#define PATTERN_WORDS (PAGE / 4)
#define FAULT_ADDR 0x10 /* a page nothing maps */

/* i386's NT_PRSTATUS and NT_PRPSINFO (32-bit timevals: libc's differ). */
struct core_prstatus {
	int32_t si_signo, si_code, si_errno;
	int16_t pr_cursig;
	uint32_t pr_sigpend, pr_sighold;
	int32_t pr_pid, pr_ppid, pr_pgrp, pr_sid;
	int32_t times[8];
	uint32_t pr_reg[17]; /* ebx ... eip = [12], esp = [15] */
	int32_t pr_fpvalid;
};

struct core_prpsinfo {
	char pr_state, pr_sname, pr_zomb, pr_nice;
	uint32_t pr_flag;
	uint16_t pr_uid, pr_gid;
	int32_t pr_pid, pr_ppid, pr_pgrp, pr_sid;
	char pr_fname[16];
	char pr_psargs[80];
};

struct core {
	unsigned char *buf;
	size_t size;
	Elf32_Ehdr *eh;
	Elf32_Phdr *ph;
};

static char old_pattern[256], old_uses_pid[32];
static uint32_t *map; /* the pattern page, then an untouched page */
static uint32_t *nodump; /* written, but MADV_DONTDUMP */
static volatile int *volatile fault_ptr = (volatile int *)FAULT_ADDR;

static int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

static int write_text(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

static int set_pattern(const char *pattern, int uses_pid)
{
	return write_text("/proc/sys/kernel/core_pattern", pattern) ||
	       write_text("/proc/sys/kernel/core_uses_pid",
			  uses_pid ? "1\n" : "0\n");
}

/* A child that dies of sig after setting its core limit (-1: as is). */
static pid_t crash(int sig, long limit, int undumpable)
{
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	if (limit >= 0) {
		struct rlimit rl = { (rlim_t)limit, RLIM_INFINITY };

		setrlimit(RLIMIT_CORE, &rl);
	}
	if (undumpable)
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	for (int i = 0; i < PATTERN_WORDS; i++)
		map[i] = nodump[i] = 0xc0de0000u + i;
	if (sig == SIGSEGV)
		*fault_ptr = 1;
	else if (sig == SIGABRT)
		abort();
	else
		raise(sig);
	_exit(99);
}

static void *fault_thread(void *arg)
{
	(void)arg;
	*fault_ptr = 2;
	return NULL;
}

/* A child of two threads: the second one faults, the main one waits. */
static pid_t crash_in_thread(void)
{
	pid_t pid = fork();
	pthread_t t;

	if (pid != 0)
		return pid;
	if (pthread_create(&t, NULL, fault_thread, NULL))
		_exit(2);
	for (;;)
		pause();
}

static int wait_child(pid_t pid)
{
	int status = 0;

	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

static int load_core(const char *name, struct core *c)
{
	struct stat st;
	size_t got = 0;
	int fd = open(name, O_RDONLY);

	memset(c, 0, sizeof(*c));
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || st.st_size < (off_t)sizeof(Elf32_Ehdr) ||
	    !(c->buf = malloc(st.st_size))) {
		close(fd);
		return -1;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, c->buf + got, st.st_size - got);

		if (n <= 0)
			break;
		got += n;
	}
	close(fd);
	c->size = got;
	c->eh = (Elf32_Ehdr *)c->buf;
	if (c->eh->e_phoff + (size_t)c->eh->e_phnum * sizeof(Elf32_Phdr) >
	    c->size)
		return -1;
	c->ph = (Elf32_Phdr *)(c->buf + c->eh->e_phoff);
	return 0;
}

/* The nth note of type type (0: the first), its descriptor and size. */
static void *find_note(struct core *c, uint32_t type, int nth, uint32_t *sz)
{
	Elf32_Phdr *note = &c->ph[0];
	size_t off = note->p_offset, end = off + note->p_filesz;

	if (note->p_type != PT_NOTE || end > c->size)
		return NULL;
	while (off + sizeof(Elf32_Nhdr) <= end) {
		Elf32_Nhdr *n = (Elf32_Nhdr *)(c->buf + off);
		size_t desc = off + sizeof(*n) + ((n->n_namesz + 3) & ~3u);

		if (desc + n->n_descsz > end)
			return NULL;
		if (n->n_type == type && nth-- == 0) {
			if (sz)
				*sz = n->n_descsz;
			return c->buf + desc;
		}
		off = desc + ((n->n_descsz + 3) & ~3u);
	}
	return NULL;
}

static int count_notes(struct core *c, uint32_t type)
{
	int n = 0;

	while (find_note(c, type, n, NULL))
		n++;
	return n;
}

/* The PT_LOAD covering addr, or NULL. */
static Elf32_Phdr *load_at(struct core *c, uint32_t addr)
{
	for (int i = 1; i < c->eh->e_phnum; i++) {
		Elf32_Phdr *p = &c->ph[i];

		if (p->p_type == PT_LOAD && addr >= p->p_vaddr &&
		    addr - p->p_vaddr < p->p_memsz)
			return p;
	}
	return NULL;
}

static void check_header(struct core *c)
{
	Elf32_Ehdr *eh = c->eh;
	int loads = 0, aligned = 1, inside = 1;

	ok(!memcmp(eh->e_ident, ELFMAG, SELFMAG) &&
		   eh->e_ident[EI_CLASS] == ELFCLASS32 &&
		   eh->e_ident[EI_DATA] == ELFDATA2LSB,
	   "ELF32 little-endian header");
	is(eh->e_type, ET_CORE, "e_type ET_CORE");
	is(eh->e_machine, EM_386, "e_machine EM_386");
	is(eh->e_phentsize, sizeof(Elf32_Phdr), "e_phentsize");
	is(c->ph[0].p_type, PT_NOTE, "the first program header is PT_NOTE");
	for (int i = 1; i < eh->e_phnum; i++) {
		Elf32_Phdr *p = &c->ph[i];

		loads += p->p_type == PT_LOAD;
		aligned &= p->p_offset % PAGE == 0 && p->p_vaddr % PAGE == 0 &&
			   p->p_filesz <= p->p_memsz;
		inside &= p->p_offset + p->p_filesz <= c->size;
	}
	is(loads, eh->e_phnum - 1, "every other header is PT_LOAD");
	ok(aligned, "PT_LOADs page-aligned, p_filesz <= p_memsz");
	ok(inside, "every PT_LOAD's bytes are in the file");
}

static void check_prstatus(struct core *c, pid_t pid, int sig)
{
	uint32_t sz = 0;
	struct core_prstatus *s = find_note(c, NT_PRSTATUS, 0, &sz);
	Elf32_Phdr *text, *stack;

	is(sz, sizeof(*s), "NT_PRSTATUS is i386's 144 bytes");
	if (!s || sz != sizeof(*s))
		return;
	is(s->pr_pid, pid, "pr_pid is the child");
	is(s->pr_ppid, getpid(), "pr_ppid is us");
	is(s->pr_cursig, sig, "pr_cursig is the signal");
	is(s->si_signo, sig, "pr_info.si_signo is the signal");
	text = load_at(c, s->pr_reg[12]);
	stack = load_at(c, s->pr_reg[15]);
	ok(text && (text->p_flags & PF_X), "eip %#x in an executable PT_LOAD",
	   s->pr_reg[12]);
	ok(stack && (stack->p_flags & PF_W), "esp %#x in a writable PT_LOAD",
	   s->pr_reg[15]);
	is(s->pr_reg[13] & 3, 3, "xcs is a user selector");
	is(s->pr_fpvalid, 1, "pr_fpvalid: an NT_PRFPREG follows");
}

/* NT_PRFPREG: the x87 registers in FNSAVE's layout, one per thread. */
static void check_fpregs(struct core *c, int threads)
{
	uint32_t sz = 0;
	uint32_t *fp = find_note(c, NT_PRFPREG, 0, &sz);

	is(count_notes(c, NT_PRFPREG), threads, "one NT_PRFPREG per thread");
	is(sz, 108, "NT_PRFPREG is i386's 108-byte user_i387_struct");
	ok(fp && (fp[0] & 0xffff) == 0x37f,
	   "its control word is the initial 0x37f");
}

static void check_other_notes(struct core *c, pid_t pid)
{
	uint32_t sz = 0;
	struct core_prpsinfo *ps = find_note(c, NT_PRPSINFO, 0, &sz);
	uint32_t *auxv, *files;
	int pagesz = 0, named = 0;

	is(sz, sizeof(*ps), "NT_PRPSINFO is i386's 124 bytes");
	ok(ps && ps->pr_pid == pid && !strcmp(ps->pr_fname, "coredump"),
	   "psinfo: pid and fname 'coredump'");
	ok(ps && strstr(ps->pr_psargs, "coredump") != NULL,
	   "psinfo: psargs name the program");
	auxv = find_note(c, NT_AUXV, 0, &sz);
	for (uint32_t i = 0; auxv && i + 1 < sz / 4; i += 2)
		pagesz |= auxv[i] == AT_PAGESZ && auxv[i + 1] == PAGE;
	ok(pagesz, "NT_AUXV holds AT_PAGESZ 4096");
	ok(auxv && sz >= 8 && auxv[sz / 4 - 2] == AT_NULL,
	   "NT_AUXV ends with AT_NULL");
	files = find_note(c, NT_FILE, 0, &sz);
	ok(files && sz >= 8 && files[1] == PAGE && sz >= 8 + 12 * files[0],
	   "NT_FILE: count, page size 4096, the ranges");
	if (files && sz >= 8 + 12 * files[0]) {
		char *name = (char *)(files + 2 + 3 * files[0]);
		char *end = (char *)files + sz;

		for (uint32_t i = 0; i < files[0] && name < end; i++) {
			const char *base = strrchr(name, '/');

			named |= base && !strcmp(base, "/coredump");
			name += strlen(name) + 1;
		}
	}
	ok(named, "NT_FILE names the program");
}

/* The anonymous mapping may have merged with a neighbour: its bytes are
 * at their distance from the PT_LOAD's p_vaddr. */
static void check_memory(struct core *c)
{
	uint32_t addr = (uint32_t)(uintptr_t)map;
	Elf32_Phdr *p = load_at(c, addr);
	const uint32_t *data, *zero;
	int same = 1, zeros = 1, elf_page = 0;
	uint32_t off;

	if (!ok(p && p->p_filesz == p->p_memsz && p->p_flags == (PF_R | PF_W) &&
			addr + 2 * PAGE <= p->p_vaddr + p->p_memsz,
		"the mapping's PT_LOAD: RW, dumped whole") &&
	    p)
		diag("map %#x: PT_LOAD vaddr %#x memsz %#x filesz %#x flags %u",
		     addr, p->p_vaddr, p->p_memsz, p->p_filesz, p->p_flags);
	if (!p || p->p_filesz != p->p_memsz)
		return;
	off = p->p_offset + (addr - p->p_vaddr);
	if (off + 2 * PAGE > c->size)
		return;
	data = (const uint32_t *)(c->buf + off);
	zero = data + PATTERN_WORDS;
	for (int i = 0; i < PATTERN_WORDS; i++) {
		same &= data[i] == 0xc0de0000u + i;
		zeros &= zero[i] == 0;
	}
	ok(same, "the pattern is at its address's place in the file");
	ok(zeros, "the untouched page reads as zeros");
	for (int i = 1; i < c->eh->e_phnum; i++) {
		Elf32_Phdr *q = &c->ph[i];

		elf_page |= !(q->p_flags & PF_W) && q->p_filesz == PAGE &&
			    q->p_offset + 4 <= c->size &&
			    !memcmp(c->buf + q->p_offset, ELFMAG, SELFMAG);
	}
	ok(elf_page, "the program's ELF header page is dumped");
	p = load_at(c, (uint32_t)(uintptr_t)nodump);
	ok(p && p->p_filesz == 0 && p->p_memsz == PAGE,
	   "a MADV_DONTDUMP mapping: its PT_LOAD holds no bytes");
}

static void check_siginfo(struct core *c, int sig, int code, uint32_t addr)
{
	uint32_t sz = 0;
	int32_t *si = find_note(c, NT_SIGINFO, 0, &sz);

	is(sz, 128, "NT_SIGINFO is a 128-byte siginfo");
	ok(si && si[0] == sig && si[2] == code, "siginfo: signal %d code %d",
	   sig, code);
	if (addr)
		ok(si && (uint32_t)si[3] == addr, "siginfo: si_addr");
}

static void test_segv(off_t *full_size)
{
	char name[64];
	struct core c;
	struct stat st;
	int status;
	pid_t pid;

	set_pattern("core.%p\n", 0);
	pid = crash(SIGSEGV, -1, 0);
	status = wait_child(pid);
	is_signal(status, SIGSEGV, "SIGSEGV: killed by the signal");
	ok(WCOREDUMP(status), "SIGSEGV: WCOREDUMP");
	snprintf(name, sizeof(name), "core.%d", pid);
	ok(stat(name, &st) == 0 && S_ISREG(st.st_mode) &&
		   (st.st_mode & 0777) == 0600,
	   "%s: a regular file, mode 0600", name);
	*full_size = st.st_size;
	if (load_core(name, &c)) {
		ok(0, "read %s", name);
		free(c.buf);
		return;
	}
	check_header(&c);
	check_prstatus(&c, pid, SIGSEGV);
	is(count_notes(&c, NT_PRSTATUS), 1, "one thread, one NT_PRSTATUS");
	check_fpregs(&c, 1);
	check_other_notes(&c, pid);
	check_siginfo(&c, SIGSEGV, SEGV_MAPERR, FAULT_ADDR);
	check_memory(&c);
	free(c.buf);
	unlink(name);
}

static void test_abort_name(void)
{
	char name[64];
	struct core c;
	int status;
	pid_t pid;

	set_pattern("%e-%s-%%\n", 1);
	pid = crash(SIGABRT, -1, 0);
	status = wait_child(pid);
	is_signal(status, SIGABRT, "abort: killed by SIGABRT");
	ok(WCOREDUMP(status), "abort: WCOREDUMP");
	snprintf(name, sizeof(name), "coredump-%d-%%.%d", SIGABRT, pid);
	if (load_core(name, &c)) {
		ok(0, "pattern '%%e-%%s-%%%%' + core_uses_pid names %s", name);
		free(c.buf);
		return;
	}
	ok(1, "pattern '%%e-%%s-%%%%' + core_uses_pid names %s", name);
	check_prstatus(&c, pid, SIGABRT);
	check_siginfo(&c, SIGABRT, SI_TKILL, 0);
	free(c.buf);
	unlink(name);
}

static void test_thread(void)
{
	struct core_prstatus *first, *second;
	char name[64];
	struct core c;
	int status;
	pid_t pid;

	set_pattern("core.%p\n", 0);
	pid = crash_in_thread();
	status = wait_child(pid);
	is_signal(status, SIGSEGV, "thread fault: the process dies of SIGSEGV");
	ok(WCOREDUMP(status), "thread fault: WCOREDUMP");
	snprintf(name, sizeof(name), "core.%d", pid);
	if (load_core(name, &c)) {
		ok(0, "thread fault: %s", name);
		free(c.buf);
		return;
	}
	is(count_notes(&c, NT_PRSTATUS), 2, "two threads, two NT_PRSTATUS");
	check_fpregs(&c, 2);
	first = find_note(&c, NT_PRSTATUS, 0, NULL);
	second = find_note(&c, NT_PRSTATUS, 1, NULL);
	ok(first && first->pr_pid != pid && first->pr_cursig == SIGSEGV,
	   "the faulting thread's status comes first");
	ok(second && second->pr_pid == pid && second->pr_cursig == SIGSEGV,
	   "then the main thread's, with the same pr_cursig");
	free(c.buf);
	unlink(name);
}

/* No file, no core bit. */
static void test_no_core(const char *what, int sig, long limit, int undumpable)
{
	struct stat st;
	char name[64];
	int status;
	pid_t pid;

	pid = crash(sig, limit, undumpable);
	status = wait_child(pid);
	is_signal(status, sig, "%s: killed by signal %d", what, sig);
	ok(status != -1 && !WCOREDUMP(status), "%s: no WCOREDUMP", what);
	snprintf(name, sizeof(name), "core.%d", pid);
	ok(stat(name, &st) == -1 && errno == ENOENT, "%s: no core file", what);
}

static void test_truncated(off_t full_size)
{
	struct stat st;
	char name[64];
	int status;
	pid_t pid;

	set_pattern("core.%p\n", 0);
	pid = crash(SIGSEGV, 2 * PAGE, 0);
	status = wait_child(pid);
	ok(status != -1 && WCOREDUMP(status),
	   "RLIMIT_CORE of 2 pages: WCOREDUMP still set");
	snprintf(name, sizeof(name), "core.%d", pid);
	if (stat(name, &st))
		st.st_size = -1;
	ok(st.st_size >= (off_t)sizeof(Elf32_Ehdr) && st.st_size < full_size,
	   "the file is cut short (%ld of %ld bytes)", (long)st.st_size,
	   (long)full_size);
	unlink(name);
}

static void test_symlink(void)
{
	struct stat st, vt;
	int status, fd;

	set_pattern("core\n", 0);
	fd = open("victim", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	close(fd);
	ok_sys(symlink("victim", "core"), "a symlink named 'core'");
	status = wait_child(crash(SIGSEGV, -1, 0));
	ok(status != -1 && WCOREDUMP(status), "core over a symlink: WCOREDUMP");
	ok(lstat("core", &st) == 0 && S_ISREG(st.st_mode),
	   "the symlink was replaced by the core file");
	ok(stat("victim", &vt) == 0 && vt.st_size == 0,
	   "the link's target was not written");
	unlink("core");
	unlink("victim");
}

static void test_sysctl(void)
{
	char buf[256];

	ok(write_text("/proc/sys/kernel/core_pattern", "core.%p.%e\n") == 0 &&
		   read_text("/proc/sys/kernel/core_pattern", buf,
			     sizeof(buf)) == 0 &&
		   !strcmp(buf, "core.%p.%e\n"),
	   "core_pattern reads back what was written");
	ok(write_text("/proc/sys/kernel/core_uses_pid", "1\n") == 0 &&
		   read_text("/proc/sys/kernel/core_uses_pid", buf,
			     sizeof(buf)) == 0 &&
		   !strcmp(buf, "1\n"),
	   "core_uses_pid reads back 1");
	is(prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), 1, "PR_GET_DUMPABLE is 1");
	is_errno(prctl(PR_SET_DUMPABLE, 2, 0, 0, 0), EINVAL,
		 "PR_SET_DUMPABLE 2: EINVAL");
}

int main(void)
{
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
	char dir[64];
	off_t full_size = 0;

	if (read_text("/proc/sys/kernel/core_pattern", old_pattern,
		      sizeof(old_pattern)) ||
	    read_text("/proc/sys/kernel/core_uses_pid", old_uses_pid,
		      sizeof(old_uses_pid))) {
		ok(0, "read /proc/sys/kernel/core_pattern and core_uses_pid");
		return done_testing();
	}
	snprintf(dir, sizeof(dir), "/tmp/coredump.%d", getpid());
	must(mkdir(dir, 0755));
	must(chdir(dir));
	must(setrlimit(RLIMIT_CORE, &rl));
	map = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	must(map == MAP_FAILED ? -1 : 0);
	nodump = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	must(nodump == MAP_FAILED ? -1 : 0);
	must(madvise(nodump, PAGE, MADV_DONTDUMP));

	test_sysctl();
	test_segv(&full_size);
	test_abort_name();
	test_thread();
	set_pattern("core.%p\n", 0);
	test_no_core("RLIMIT_CORE 0", SIGSEGV, 0, 0);
	test_no_core("RLIMIT_CORE below a page", SIGSEGV, PAGE - 1, 0);
	test_no_core("PR_SET_DUMPABLE 0", SIGSEGV, -1, 1);
	test_no_core("SIGKILL", SIGKILL, -1, 0);
	test_truncated(full_size);
	test_symlink();

	write_text("/proc/sys/kernel/core_pattern", old_pattern);
	write_text("/proc/sys/kernel/core_uses_pid", old_uses_pid);
	chdir("/tmp");
	rmdir(dir);
	return done_testing();
}
