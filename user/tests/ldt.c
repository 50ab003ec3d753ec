/*
 * ldt.c - modify_ldt: a process's local descriptor table.
 *
 * func 1 (old mode) and 0x11 write one entry from a struct user_desc,
 * func 0 reads the table back (0 bytes before the first write, else the
 * count asked for, zero-filled past the entries), func 2 reads Linux
 * i386's "default LDT" (5 zero entries).  An entry written is a real
 * segment: %fs loaded with its selector (index * 8 + 4 for the LDT, + 3
 * for ring 3) reads memory at its base (QEMU does not check a data
 * segment's limit, so the limit is not asserted).  Errors:
 * ENOSYS for another func, EINVAL for a size other than 16, an entry past
 * 8191 or "conforming code" (contents 3) in old mode or present, EFAULT
 * for the pointer.  A forked child gets a copy of the table; an exec'd
 * program starts with none.  A return to user mode whose %ss names an
 * entry cleared in the meantime cannot load it: SIGILL, as Linux's
 * iret_error; an %fs in the same case comes back null.  A thread
 * spinning on another CPU while the table grows can use the new entry
 * (its CPU loads the new table).  (musl keeps its thread pointer in %gs,
 * so the test uses %fs.)
 */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include "tests/tap.h"

struct ldt_desc {
	unsigned int entry_number;
	unsigned int base_addr;
	unsigned int limit;
	unsigned int seg_32bit : 1;
	unsigned int contents : 2;
	unsigned int read_exec_only : 1;
	unsigned int limit_in_pages : 1;
	unsigned int seg_not_present : 1;
	unsigned int useable : 1;
};

#define LDT_SEL(n) ((n)*8 + 7)

static volatile uint32_t target[2] = { 0x12345678, 0x9abcdef0 };

static long modify_ldt(int func, void *ptr, unsigned long count)
{
	return syscall(SYS_modify_ldt, func, ptr, count);
}

/* Read the word at off through %fs = sel, then put %fs back. */
static uint32_t read_fs(unsigned int sel, unsigned int off)
{
	unsigned int old;
	uint32_t v;

	asm volatile("movw %%fs, %w1\n\t"
		     "movw %w2, %%fs\n\t"
		     "movl %%fs:(%3), %0\n\t"
		     "movw %w1, %%fs"
		     : "=&r"(v), "=&r"(old)
		     : "r"(sel), "r"(off)
		     : "memory");
	return v;
}

/* A 32-bit data segment over target, limit bytes long. */
static struct ldt_desc data_desc(unsigned int entry, unsigned int limit)
{
	struct ldt_desc d;

	memset(&d, 0, sizeof(d));
	d.entry_number = entry;
	d.base_addr = (uint32_t)(uintptr_t)target;
	d.limit = limit;
	d.seg_32bit = 1;
	d.useable = 1;
	return d;
}

/* The 8 bytes Linux stores for data_desc (accessed bit set). */
static uint64_t data_bytes(unsigned int limit, int avl)
{
	uint32_t base = (uint32_t)(uintptr_t)target;
	uint32_t lo = base << 16 | (limit & 0xffff);
	uint32_t hi = (base & 0xff000000) | ((base >> 16) & 0xff) |
		      (limit & 0xf0000) | 0xf300 | (uint32_t)avl << 20 |
		      1u << 22;

	return (uint64_t)hi << 32 | lo;
}

/* Run fn in a child: its wait status. */
static int in_child(int (*fn)(void))
{
	pid_t pid = fork();

	if (pid == 0) {
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		_exit(fn());
	}
	return wait_for(pid);
}

static int child_reads(void)
{
	return read_fs(LDT_SEL(0), 4) == 0x9abcdef0 ? 0 : 1;
}

static int child_not_present(void)
{
	return (int)read_fs(LDT_SEL(2), 0);
}

static int child_empty_entry(void)
{
	return (int)read_fs(LDT_SEL(1), 0);
}

/* Old mode's write that clears entry (base and limit 0). */
static struct ldt_desc clear_desc(unsigned int entry)
{
	struct ldt_desc d;

	memset(&d, 0, sizeof(d));
	d.entry_number = entry;
	return d;
}

/*
 * Run with %ss on LDT entry 4 (flat data) while a system call clears it:
 * the return to user mode cannot load %ss.
 */
static int child_loses_ss(void)
{
	struct ldt_desc d = data_desc(4, 0xfffff), clear = clear_desc(4);
	long ret;

	d.base_addr = 0;
	d.limit_in_pages = 1;
	if (modify_ldt(0x11, &d, sizeof(d)) != 0)
		return 1;
	asm volatile("movl %%ss, %%edi\n\t"
		     "movw %w[sel], %%ss\n\t"
		     "int $0x80\n\t"
		     "movl %%edi, %%ss"
		     : "=a"(ret)
		     : "a"(SYS_modify_ldt), "b"(1), "c"(&clear),
		       "d"(sizeof(clear)), [sel] "S"(LDT_SEL(4))
		     : "edi", "memory");
	return ret == 0 ? 2 : 3;
}

/*
 * Run with %fs on LDT entry 5 while a system call clears it: the return
 * to user mode cannot load %fs again and leaves it null.
 */
static int child_loses_fs(void)
{
	struct ldt_desc d = data_desc(5, 7), clear = clear_desc(5);
	unsigned int fs = 0xffff;
	long ret;

	if (modify_ldt(0x11, &d, sizeof(d)) != 0)
		return 1;
	asm volatile("movw %w[sel], %%fs\n\t"
		     "int $0x80\n\t"
		     "movw %%fs, %w[fs]"
		     : "=a"(ret), [fs] "+r"(fs)
		     : "a"(SYS_modify_ldt), "b"(1), "c"(&clear),
		       "d"(sizeof(clear)), [sel] "S"(LDT_SEL(5))
		     : "memory");
	if (ret != 0)
		return 2;
	return fs == 0 ? 0 : 3;
}

static volatile int spinner_ready, entry_written;
static volatile uint32_t spinner_read;

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set); /* EINVAL with one CPU */
}

/* On CPU 1 if there is one: spin in user mode until entry 6 exists,
 * then read through it (SIGSEGV if this CPU still has the old table). */
static void *spinner(void *arg)
{
	(void)arg;
	pin(1);
	spinner_ready = 1;
	while (!entry_written)
		;
	spinner_read = read_fs(LDT_SEL(6), 0);
	return NULL;
}

/* A thread running while another writes an entry past the table's end
 * uses the new entry: every CPU of the process loads the new table. */
static int child_thread_sees_new_entry(void)
{
	struct ldt_desc d = data_desc(6, 7);
	pthread_t t;

	pin(0);
	if (pthread_create(&t, NULL, spinner, NULL))
		return 1;
	while (!spinner_ready)
		sched_yield();
	if (modify_ldt(0x11, &d, sizeof(d)) != 0)
		return 2;
	entry_written = 1;
	pthread_join(t, NULL);
	return spinner_read == 0x12345678 ? 0 : 3;
}

/* Rewrite entry 0 in the child: the parent's stays. */
static int child_rewrites(void)
{
	struct ldt_desc d = data_desc(0, 3);

	if (modify_ldt(0x11, &d, sizeof(d)) != 0)
		return 1;
	return read_fs(LDT_SEL(0), 0) == 0x12345678 ? 0 : 2;
}

static void test_errors(void)
{
	struct ldt_desc d = data_desc(0, 7);
	uint64_t buf[8];

	is_errno(modify_ldt(3, buf, sizeof(buf)), ENOSYS, "func 3: ENOSYS");
	is_errno(modify_ldt(0x10, buf, sizeof(buf)), ENOSYS,
		 "func 0x10: ENOSYS");
	is_errno(modify_ldt(-1, buf, sizeof(buf)), ENOSYS, "func -1: ENOSYS");
	is_errno(modify_ldt(1, &d, sizeof(d) - 1), EINVAL,
		 "write of 15 bytes: EINVAL");
	is_errno(modify_ldt(0x11, &d, sizeof(d) + 1), EINVAL,
		 "write of 17 bytes: EINVAL");
	is_errno(modify_ldt(1, NULL, sizeof(d)), EFAULT,
		 "write from NULL: EFAULT");
	d.entry_number = 8192;
	is_errno(modify_ldt(0x11, &d, sizeof(d)), EINVAL, "entry 8192: EINVAL");
	d.entry_number = 0;
	d.contents = 3;
	is_errno(modify_ldt(1, &d, sizeof(d)), EINVAL,
		 "contents 3, old mode: EINVAL");
	is_errno(modify_ldt(0x11, &d, sizeof(d)), EINVAL,
		 "contents 3, present: EINVAL");
	is_errno(modify_ldt(2, NULL, 8), EFAULT,
		 "default LDT into NULL: EFAULT");
}

static void test_reads_before_write(void)
{
	uint64_t buf[8];

	memset(buf, 0xff, sizeof(buf));
	is(modify_ldt(0, buf, sizeof(buf)), 0, "read with no LDT: 0 bytes");
	is(buf[0], (uint64_t)-1, "and nothing written");
	is(modify_ldt(2, buf, sizeof(buf)), 40, "default LDT: 40 bytes");
	ok(buf[0] == 0 && buf[4] == 0 && buf[5] == (uint64_t)-1,
	   "five zero entries");
	is(modify_ldt(2, buf, 12), 12, "default LDT, 12 asked: 12");
}

static void test_write_and_use(void)
{
	struct ldt_desc d = data_desc(0, 7);
	uint64_t buf[8];

	is(modify_ldt(1, &d, sizeof(d)), 0, "func 1 writes entry 0");
	memset(buf, 0xff, sizeof(buf));
	is(modify_ldt(0, buf, sizeof(buf)), sizeof(buf),
	   "read back: the count asked for");
	ok(buf[0] == data_bytes(7, 0),
	   "entry 0 as Linux stores it (old mode: no AVL)");
	ok(buf[1] == 0 && buf[7] == 0, "zeros past the entries");
	is_errno(modify_ldt(0, NULL, 16), EFAULT, "read into NULL: EFAULT");

	is(read_fs(LDT_SEL(0), 0), 0x12345678,
	   "%%fs through entry 0 reads at its base");
	is(read_fs(LDT_SEL(0), 4), 0x9abcdef0, "and at base + 4");

	d = data_desc(2, 7);
	d.seg_not_present = 1;
	is(modify_ldt(0x11, &d, sizeof(d)), 0,
	   "func 0x11 writes a not-present entry 2");
	is_signal(in_child(child_not_present), SIGBUS,
		  "loading a not-present segment: SIGBUS");
	is_signal(in_child(child_empty_entry), SIGSEGV,
		  "loading the empty entry 1: SIGSEGV");
	d = data_desc(3, 7);
	is(modify_ldt(0x11, &d, sizeof(d)), 0, "func 0x11 writes entry 3");
	is(modify_ldt(0, buf, 32), 32, "read 4 entries");
	ok(buf[3] == data_bytes(7, 1), "entry 3 keeps its AVL bit");
	d.base_addr = 0;
	d.limit = 0;
	is(modify_ldt(1, &d, sizeof(d)), 0,
	   "old mode, base and limit 0: clears");
	is(modify_ldt(0, buf, 32), 32, "read again");
	is(buf[3], 0, "entry 3 is clear");
}

static void test_fork(const char *self)
{
	uint64_t buf[1];
	pid_t pid;

	is_exit(in_child(child_reads), 0, "a forked child has the entry");
	is_exit(in_child(child_rewrites), 0, "a child may rewrite it");
	is_signal(in_child(child_loses_ss), SIGILL,
		  "returning to an %%ss whose entry was cleared: SIGILL");
	is_exit(in_child(child_loses_fs), 0,
		"returning to an %%fs whose entry was cleared: %%fs is null");
	is_exit(in_child(child_thread_sees_new_entry), 0,
		"a thread on another CPU uses an entry written meanwhile");
	is(modify_ldt(0, buf, 8), 8, "read entry 0");
	ok(buf[0] == data_bytes(7, 0), "the child's write left ours alone");
	pid = fork();
	if (pid == 0) {
		execl(self, self, "exec", (char *)NULL);
		_exit(120);
	}
	is_exit(wait_for(pid), 0, "an exec'd program has no LDT");
}

int main(int argc, char **argv)
{
	uint64_t buf[1];

	if (argc > 1 && !strcmp(argv[1], "exec"))
		return modify_ldt(0, buf, sizeof(buf)) == 0 ? 0 : 1;
	test_errors();
	test_reads_before_write();
	test_write_and_use();
	test_fork(argv[0]);
	return done_testing();
}
