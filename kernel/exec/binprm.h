/*
 * kernel/exec/binprm.h - an exec in progress (struct linux_binprm, as Linux).
 *
 * The argument and environment strings are copied out of the old address
 * space into up to MAX_ARG_PAGES pages before it is destroyed.  They fill
 * the pages from the top down: first the file name (AT_EXECFN), then envp,
 * then argv, so argv[0] ends lowest, at offset p.  Those pages later become
 * the top of the new stack as they are (kernel/exec/exec_args.c), and the
 * loader writes argc, the pointer arrays and the auxv just below them.
 */
#ifndef KERNEL_EXEC_BINPRM_H
#define KERNEL_EXEC_BINPRM_H

#include "kernel/types.h"

struct file;
struct page;

#define MAX_ARG_PAGES	32		/* 128 KiB of strings, as Linux 2.6 */
#define ARG_AREA	(MAX_ARG_PAGES * PAGE_SIZE)
#define BINPRM_BUF_SIZE	128		/* head of the file, for the formats */
#define MAX_SCRIPT_DEPTH 4		/* #! chains longer than this: ELOOP */

struct linux_binprm {
	struct page *page[MAX_ARG_PAGES];
	unsigned long p;		/* offset of the lowest string byte */
	unsigned long env_p;		/* offset of the first envp string */
	unsigned long exec_p;		/* offset of the file name string */
	int argc, envc;
	struct file *file;		/* what is being executed now */
	const char *filename;		/* the path exec was given */
	char buf[BINPRM_BUF_SIZE];	/* the first bytes of file */
	int depth;			/* #! interpreters followed */
	bool mm_replaced;		/* past the point of no return */
	/* Set by the ELF loader for the auxiliary vector: the program's
	 * entry point and mapped program headers, the interpreter's base
	 * (AT_BASE, 0 without one), and PT_GNU_STACK's verdict. */
	unsigned long entry, phdr_addr, phnum, interp_base;
	bool exec_stack;
	bool secureexec;		/* AT_SECURE: the ids changed */
};

/* Copy one kernel string (with its NUL) below p. 0 or -E2BIG/-ENOMEM. */
int copy_string_kernel(struct linux_binprm *bprm, const char *s);
/* Copy count strings from argv (user or kernel pointers) below p, last
 * first, so argv[0] ends lowest. */
int copy_strings(struct linux_binprm *bprm, int count,
		 char *const *argv, bool from_user);
/* Number of entries before the NULL; -EFAULT or -E2BIG. */
int count_strings(char *const *argv, bool from_user);
/* Drop the lowest string (argv[0]) for a #! script. */
void remove_arg_zero(struct linux_binprm *bprm);
/* Free the argument pages still owned by bprm. */
void free_arg_pages(struct linux_binprm *bprm);

/* In the new, current mm: the stack VMA with the argument pages, then
 * argc/argv/envp/auxv below them.  Returns the initial esp or -errno. */
long setup_stack(struct linux_binprm *bprm);

/* Open path for exec: a regular file with an execute bit.  0 with a
 * reference in *res, or -errno. */
int open_exec_file(const char *path, struct file **res);
/* Open path for exec into bprm->file and read bprm->buf. */
int open_exec(struct linux_binprm *bprm, const char *path);
/* The formats: -ENOEXEC when the file is not theirs. */
int load_elf_binary(struct linux_binprm *bprm);
int load_script(struct linux_binprm *bprm);
/* Try the formats in turn (kernel/exec/exec.c). */
int search_binary_handler(struct linux_binprm *bprm);
/* Replace current's address space with a new empty one; the point of no
 * return for the loaders. */
int exec_mmap(struct linux_binprm *bprm);

#endif
