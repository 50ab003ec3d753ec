/*
 * kernel/cpu/uaccess.c - copy_from_user and friends (see kernel/cpu/uaccess.h).
 *
 * The only instructions that touch user memory are the `rep movsb` and
 * `rep stosb` below.  Each has an __ex_table entry whose fixup is the
 * instruction right after it: if a page fault there cannot be resolved
 * (nothing mapped, or the access is not allowed), the trap code resumes
 * at the fixup with ecx still counting the bytes not yet moved, which is
 * exactly what we return.  A page the user may not touch but the kernel
 * could (a present PROT_NONE page) is refused before the copy reaches it.
 */
#include "kernel/cpu/uaccess.h"
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/extable.h"
#include "kernel/lib/string.h"
#include "mm/vm/memory.h"
#include "kernel/process/task.h"
#include "mm/phys/page.h"

static unsigned long raw_copy(void *to, const void *from, unsigned long n)
{
	asm volatile("1:\trep movsb\n"
		     "2:\n\t"
		     _ASM_EXTABLE(1b, 2b)
		     : "+c"(n), "+D"(to), "+S"(from)
		     :
		     : "memory");
	return n;
}

static unsigned long raw_clear(void *to, unsigned long n)
{
	asm volatile("1:\trep stosb\n"
		     "2:\n\t"
		     _ASM_EXTABLE(1b, 2b)
		     : "+c"(n), "+D"(to)
		     : "a"(0)
		     : "memory");
	return n;
}

unsigned long fault_in_writeable(void *to, unsigned long n)
{
	u32 start = (u32)to, end = start + n, page;

	for (page = start & PAGE_MASK; page < end; page += PAGE_SIZE)
		if (fault_in_user_writeable(max(page, start)) < 0)
			return page > start ? end - page : n;
	return 0;
}

/*
 * Without CR0.WP the CPU would let the kernel write through a read-only
 * or copy-on-write PTE.  Returns how many bytes from `to` on lie in pages
 * the process may write, each made writable first as a user write fault
 * would (COW broken).
 */
static unsigned long writable_prefix(void *to, unsigned long n)
{
	if (boot_cpu.has_wp)
		return n;
	return n - fault_in_writeable(to, n);
}

/* Bytes from uaddr to the end of its page, at most n. */
static unsigned long chunk_len(u32 uaddr, unsigned long n)
{
	unsigned long left = PAGE_SIZE - (uaddr & ~PAGE_MASK);

	return n < left ? n : left;
}

/*
 * A VMA with no access (PROT_NONE) keeps its pages present but
 * supervisor-only (vm_get_page_prot), and the kernel's own accesses to
 * such a page do not fault.  A user access would: so does ours, as on
 * Linux.  A page not present faults, and the fault handler checks the
 * VMA's permissions itself.  Only where noaccess_possible(): the walk is
 * inline, since every put_user of such an mm comes here.
 */
static inline bool page_denied(u32 uaddr)
{
	pgd_t *pgd = pgd_offset(current->mm->pgd, uaddr);
	pte_t *ptep, pte;

	if (!pgd_present(*pgd))
		return false;
	ptep = pte_offset_map(pgd, uaddr);
	pte = *ptep;
	pte_unmap(ptep);
	return pte_present(pte) && !pte_user(pte);
}

/* Only an mm that has had a PROT_NONE VMA can hold such a page. */
static inline bool noaccess_possible(void)
{
	struct mm_struct *mm = current->mm;

	return mm && (mm->flags & (1UL << MMF_HAS_NOACCESS));
}

/*
 * raw_copy n bytes (raw_clear them when clear), in one go when the mm
 * cannot hold a no-access page, else one user page at a time, each page
 * checked just before it is touched: a fault on an earlier page may
 * sleep, and another thread may mprotect a later one meanwhile.  The user
 * address is to when to_user, else from.  Returns the bytes not moved.
 */
static unsigned long copy_user_pages(void *to, const void *from,
				     unsigned long n, bool to_user, bool clear)
{
	if (!noaccess_possible())
		return clear ? raw_clear(to, n) : raw_copy(to, from, n);
	while (n) {
		u32 uaddr = to_user ? (u32)to : (u32)from;
		unsigned long c = chunk_len(uaddr, n), left;

		if (page_denied(uaddr))
			return n;
		left = clear ? raw_clear(to, c) : raw_copy(to, from, c);
		if (left)
			return n - c + left;
		to = (char *)to + c;
		from = (const char *)from + c;
		n -= c;
	}
	return 0;
}

unsigned long copy_from_user(void *to, const void *from, unsigned long n)
{
	if (!access_ok(from, n))
		return n;
	return copy_user_pages(to, from, n, false, false);
}

unsigned long copy_to_user(void *to, const void *from, unsigned long n)
{
	unsigned long ok;

	if (!access_ok(to, n))
		return n;
	ok = writable_prefix(to, n);
	return copy_user_pages(to, from, ok, true, false) + (n - ok);
}

unsigned long clear_user(void *to, unsigned long n)
{
	unsigned long ok;

	if (!access_ok(to, n))
		return n;
	ok = writable_prefix(to, n);
	return copy_user_pages(to, NULL, ok, true, true) + (n - ok);
}

/* Byte by byte, since the string may end just before a page that is not
 * there; each user page is checked once, when the copy reaches it. */
long strncpy_from_user(char *dst, const char *src, long count)
{
	long i = 0;

	while (i < count) {
		long end = i + chunk_len((u32)(src + i), count - i);

		if (!access_ok(src + i, end - i) ||
		    (noaccess_possible() && page_denied((u32)(src + i))))
			return -EFAULT;
		for (; i < end; i++) {
			if (raw_copy(dst + i, src + i, 1))
				return -EFAULT;
			if (!dst[i])
				return i;
		}
	}
	return count;
}

/* Whether [from, from + n) of user memory is all zero bytes: 1, 0, or
 * -EFAULT.  Read a word's worth at a time through the stack. */
static int check_zeroed_user(const char *from, unsigned long n)
{
	u32 buf[8];

	while (n) {
		unsigned long chunk = n < sizeof(buf) ? n : sizeof(buf);
		unsigned long i;

		if (copy_from_user(buf, from, chunk))
			return -EFAULT;
		for (i = 0; i < chunk; i++)
			if (((const char *)buf)[i])
				return 0;
		from += chunk;
		n -= chunk;
	}
	return 1;
}

int copy_struct_from_user(void *dst, unsigned long ksize, const void *src,
			  unsigned long usize)
{
	unsigned long size = usize < ksize ? usize : ksize;
	int zeroed;

	if (usize < ksize) {
		memset((char *)dst + size, 0, ksize - size);
	} else if (usize > ksize) {
		zeroed = check_zeroed_user((const char *)src + size,
					   usize - size);
		if (zeroed <= 0)
			return zeroed ? zeroed : -E2BIG;
	}
	return copy_from_user(dst, src, size) ? -EFAULT : 0;
}
