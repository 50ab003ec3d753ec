/*
 * kernel/cpu/uaccess.h - moving data between the kernel and user memory.
 *
 * Every system call reaches user memory only through these.  They refuse
 * any range that reaches into the kernel (>= USER_END, 0xC0000000), and
 * survive a page fault that the address-space code cannot resolve: the
 * faulting instruction is listed in the exception table (__ex_table), and
 * the fault handler resumes at its fixup, so the copy stops early.
 *
 * copy_from_user / copy_to_user / clear_user return the number of bytes
 * NOT copied (0 on success), as in Linux; callers turn non-zero into
 * -EFAULT.  strncpy_from_user returns the string length, count if no NUL
 * was found in count bytes, or -EFAULT.
 *
 * No access: a present page of a PROT_NONE VMA is mapped supervisor-only,
 * which the kernel's accesses ignore, so the copies check each user
 * page's PTE before touching it and stop at such a page, as a fault
 * would stop them.
 *
 * Write protection: the 386 ignores read-only PTEs in kernel mode (no
 * CR0.WP).  On such a CPU (boot_cpu.has_wp false) copy_to_user and
 * clear_user first ask the address-space code, page by page, to make the
 * destination writable the way a user write fault would (breaking COW):
 * fault_in_user_writeable(uaddr), declared in mm/vm/memory.h (vm), returns
 * 0 or -EFAULT.
 */
#ifndef KERNEL_CPU_UACCESS_H
#define KERNEL_CPU_UACCESS_H

#include "kernel/types.h"
#include "kernel/errno.h"

#define USER_END 0xC0000000UL

/* True if [addr, addr + size) lies wholly in user space. */
static inline bool access_ok(const void *addr, unsigned long size)
{
	unsigned long a = (unsigned long)addr;

	return a <= USER_END && size <= USER_END - a;
}

unsigned long copy_from_user(void *to, const void *from, unsigned long n);
unsigned long copy_to_user(void *to, const void *from, unsigned long n);
unsigned long clear_user(void *to, unsigned long n);
/* Make the user range writable now, page by page, as user write faults
 * would (mapping, COW); access_ok has passed.  Returns the bytes not made
 * writable, from the first page that cannot be: 0 when all are. */
unsigned long fault_in_writeable(void *to, unsigned long n);
long strncpy_from_user(char *dst, const char *src, long count);
/* An extensible structure (clone3's clone_args) of usize bytes from user
 * space into ksize bytes: a shorter one is zero-filled, a longer one must
 * be zero past ksize (-E2BIG otherwise, the caller is newer than we
 * are); 0 or -E2BIG or -EFAULT, as Linux's copy_struct_from_user. */
int copy_struct_from_user(void *dst, unsigned long ksize, const void *src,
			  unsigned long usize);

/* Scalars: 0 or -EFAULT.  get_user leaves x zero on a fault. */
#define get_user(x, ptr)                                                   \
	({                                                                 \
		__typeof__(*(ptr)) __gu_v;                                 \
		int __gu_r = copy_from_user(&__gu_v, (ptr), sizeof(__gu_v)) \
				     ? -EFAULT : 0;                        \
		(x) = __gu_r ? (__typeof__(*(ptr)))0 : __gu_v;             \
		__gu_r;                                                    \
	})

#define put_user(x, ptr)                                                  \
	({                                                                \
		__typeof__(*(ptr)) __pu_v = (x);                          \
		copy_to_user((ptr), &__pu_v, sizeof(__pu_v)) ? -EFAULT : 0; \
	})

#endif
