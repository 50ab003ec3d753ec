/*
 * mm/vm/mman.h - the memory system calls' flag values (Linux i386's
 * asm/mman.h and asm-generic/mman-common.h) and their sys_* entry points.
 */
#ifndef MM_VM_MMAN_H
#define MM_VM_MMAN_H

#include "kernel/errno.h"
#include "kernel/types.h"

#define PROT_NONE	0x0
#define PROT_READ	0x1
#define PROT_WRITE	0x2
#define PROT_EXEC	0x4
#define PROT_SEM	0x8
#define PROT_GROWSDOWN	0x01000000
#define PROT_GROWSUP	0x02000000

#define MAP_SHARED	0x01
#define MAP_PRIVATE	0x02
#define MAP_TYPE	0x0f
#define MAP_FIXED	0x10
#define MAP_ANONYMOUS	0x20
#define MAP_GROWSDOWN	0x0100
#define MAP_DENYWRITE	0x0800
#define MAP_EXECUTABLE	0x1000
#define MAP_LOCKED	0x2000
#define MAP_NORESERVE	0x4000
#define MAP_POPULATE	0x8000
#define MAP_NONBLOCK	0x10000
#define MAP_STACK	0x20000		/* accepted, ignored (as Linux) */
#define MAP_FIXED_NOREPLACE 0x100000

#define MS_ASYNC	1
#define MS_INVALIDATE	2
#define MS_SYNC		4

#define MCL_CURRENT	1
#define MCL_FUTURE	2

#define MADV_NORMAL	0
#define MADV_RANDOM	1
#define MADV_SEQUENTIAL	2
#define MADV_WILLNEED	3
#define MADV_DONTNEED	4
#define MADV_FREE	8
#define MADV_DONTFORK	10
#define MADV_DOFORK	11
#define MADV_MERGEABLE	12
#define MADV_UNMERGEABLE 13
#define MADV_HUGEPAGE	14
#define MADV_NOHUGEPAGE	15
#define MADV_DONTDUMP	16
#define MADV_DODUMP	17
#define MADV_WIPEONFORK	18
#define MADV_KEEPONFORK	19
#define MADV_COLD	20
#define MADV_PAGEOUT	21

#define MREMAP_MAYMOVE	1
#define MREMAP_FIXED	2
#define MREMAP_DONTUNMAP 4

/* More VMAs than this in one mm is ENOMEM, as Linux's default. */
#define MAX_MAP_COUNT	65530

struct file;
struct mm_struct;

/* The kernel-side workers (caller holds mm->mmap_sem). */
long do_mmap_pgoff(struct file *file, unsigned long addr, unsigned long len,
		   unsigned long prot, unsigned long flags,
		   unsigned long pgoff);
int do_munmap(struct mm_struct *mm, unsigned long start, unsigned long len);
long do_brk(unsigned long addr, unsigned long len);
bool may_expand_vm(struct mm_struct *mm, unsigned long flags,
		   unsigned long npages);
/* Pages of [start, end) in mm's VMAs whose flags include vm_flags (0:
 * every VMA): those a MAP_FIXED mapping replaces, those already locked. */
unsigned long pages_mapped_in(struct mm_struct *mm, unsigned long start,
			      unsigned long end, unsigned long vm_flags);
/* RLIMIT_MEMLOCK (mm/vm/mlock.c): may the caller lock at all (EPERM
 * if not), and may mm gain npages more with vm_flags (VM_LOCKED ones
 * count against the limit; root is not bound)? */
bool can_do_mlock(void);
bool mlock_future_ok(struct mm_struct *mm, unsigned long vm_flags,
		     unsigned long npages);
unsigned long get_unmapped_area(struct file *file, unsigned long addr,
				unsigned long len, unsigned long pgoff,
				unsigned long flags);
unsigned long calc_vm_flags(unsigned long prot, unsigned long flags);

/* System calls (their numbers are in kernel/syscalls.def). */
struct mmap_arg_struct {
	u32 addr, len, prot, flags, fd, offset;
};
long sys_mmap2(unsigned long addr, unsigned long len, unsigned long prot,
	       unsigned long flags, unsigned long fd, unsigned long pgoff);
long sys_old_mmap(struct mmap_arg_struct *arg);
long sys_munmap(unsigned long addr, unsigned long len);
long sys_mprotect(unsigned long start, unsigned long len, unsigned long prot);
long sys_brk(unsigned long brk);
long sys_mremap(unsigned long addr, unsigned long old_len,
		unsigned long new_len, unsigned long flags,
		unsigned long new_addr);
long sys_msync(unsigned long start, unsigned long len, unsigned long flags);
long sys_madvise(unsigned long start, unsigned long len, unsigned long advice);
/* mm/vm/fadvise.c */
long sys_fadvise64_64(int fd, u32 off_lo, u32 off_hi, u32 len_lo,
		      u32 len_hi, int advice);
long sys_fadvise64(int fd, u32 off_lo, u32 off_hi, u32 len, int advice);
/* mm/vm/readahead.c */
long sys_readahead(int fd, u32 off_lo, u32 off_hi, u32 count);
long sys_mincore(unsigned long start, unsigned long len, unsigned char *vec);
long sys_mlock(unsigned long start, unsigned long len);
long sys_munlock(unsigned long start, unsigned long len);
long sys_mlockall(unsigned long flags);
long sys_munlockall(void);
long sys_remap_file_pages(unsigned long start, unsigned long size,
			  unsigned long prot, unsigned long pgoff,
			  unsigned long flags);

#endif
