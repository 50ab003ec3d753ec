/*
 * fs/coredump.h - core dumps: the file a fatal signal leaves behind.
 *
 * A signal whose default action is "core" (SIGQUIT, SIGILL, SIGTRAP,
 * SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGXCPU, SIGXFSZ, SIGSYS) reaches
 * do_coredump in the thread that took it, before the group exits.  That
 * thread stops the others (each sends itself to sleep in do_exit through
 * coredump_task_exit, its registers still on its kernel stack), names and
 * opens the file, and has the ELF writer (kernel/exec/binfmt_elf_core.c)
 * fill it through dump_emit, dump_skip and dump_user_range.  When a core
 * was written the group's wait status gets WCOREFLAG.  docs/syscalls.md
 * ("Core dumps") draws the file.
 */
#ifndef FS_COREDUMP_H
#define FS_COREDUMP_H

#include "fs/stat.h"
#include "kernel/signal/signal.h"
#include "kernel/types.h"

struct file;
struct task_struct;
struct trapframe;

/* /proc/sys/kernel/core_pattern and core_uses_pid (fs/proc/proc_sysctl.c). */
#define CORENAME_MAX_SIZE 128
extern char core_pattern[CORENAME_MAX_SIZE];
extern int core_uses_pid;

/* A thread that checked in, on its own stack, until the dump is done. */
struct core_thread {
	struct task_struct *task; /* NULL: go on exiting */
	struct core_thread *next;
};

/* signal->core_state while a thread of the group dumps. */
struct core_state {
	int nr_threads; /* threads still to check in */
	struct core_thread dumper; /* .task dumps, .next lists the rest */
};

/* One VMA as the dump sees it, taken under mmap_sem before writing. */
struct core_vma_metadata {
	unsigned long start, end, flags, pgoff;
	struct file *file; /* referenced, or NULL */
	unsigned long dump_size; /* bytes of it the file holds */
	unsigned int name_len; /* NT_FILE: the path with its NUL */
};

struct coredump_params {
	const struct ksiginfo *siginfo;
	struct trapframe *regs; /* the dumping thread's user registers */
	struct file *file;
	unsigned long limit; /* RLIMIT_CORE */
	unsigned long mm_flags;
	loff_t pos; /* where the next byte goes */
	u64 written; /* bytes written: what the limit counts */
	loff_t to_skip; /* a hole still to leave before pos */
	int vma_count;
	struct core_vma_metadata *vma_meta;
	unsigned long vma_data_size; /* the dump_sizes added up */
};

/* The default action of a core signal, called by do_signal before the
 * group exits.  Returns with the group ending; may write nothing. */
void do_coredump(const struct ksiginfo *siginfo);

/* do_exit: if a thread of t's group is dumping, wait until it is done. */
void coredump_task_exit(struct task_struct *t);

/* Write nr bytes at the file position; false (stop) past RLIMIT_CORE, on
 * a write error or when SIGKILL came. */
bool dump_emit(struct coredump_params *cprm, const void *addr, size_t nr);
/* Leave a hole of nr bytes (made when the next byte is written). */
void dump_skip(struct coredump_params *cprm, size_t nr);
void dump_skip_to(struct coredump_params *cprm, loff_t pos);
void dump_align(struct coredump_params *cprm, int align);
/* The dumping process's memory [start, start + len), a page at a time:
 * untouched anonymous pages are holes, swapped pages are read back. */
bool dump_user_range(struct coredump_params *cprm, unsigned long start,
		     unsigned long len);

/* A buffer of size bytes (pages past one page: the VMA and thread
 * tables can be long), and its release; NULL when out of memory. */
void *core_alloc(u32 size);
void core_free(void *p, u32 size);

/* The ELF writer: true once the notes were collected (Linux's
 * has_dumped), even if the limit then cut the file short. */
bool elf_core_dump(struct coredump_params *cprm);

#endif
