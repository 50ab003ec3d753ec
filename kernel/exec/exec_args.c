/*
 * kernel/exec/exec_args.c - exec's argument pages and the initial stack.
 *
 * The strings go into bprm->page[] (see kernel/exec/binprm.h).  setup_stack then
 * maps those very pages at the top of the new stack VMA (so nothing is
 * copied twice; they are anonymous pages now, SetPageAnon as the objrmap
 * patch's exec site does) and writes, below the strings, the table an i386
 * libc expects at its entry point, lowest address first:
 *
 *	esp ->	argc
 *		argv[0] .. argv[argc - 1], NULL
 *		envp[0] .. envp[envc - 1], NULL
 *		auxv pairs (AT_PHDR ...), AT_NULL
 *		16 random bytes (AT_RANDOM)
 *		"i386" (AT_PLATFORM)
 *		the strings: argv, envp, the file name (AT_EXECFN)
 *
 * The auxv's values are Linux i386's, in its order (without the vDSO's
 * AT_SYSINFO*, as Mapback has none); the ELF loader supplies the
 * program's (AT_PHDR, AT_PHNUM, AT_ENTRY) and the interpreter's (AT_BASE)
 * through bprm.  mm->saved_auxv keeps a copy for /proc/PID/auxv.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/exec/binprm.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/pt_walk.h"
#include "mm/rmap/anon_vma.h"
#include "mm/rmap/pte_map.h"
#include "mm/vm/memory.h"

#define AT_NULL		0
#define AT_PHDR		3
#define AT_PHENT	4
#define AT_PHNUM	5
#define AT_PAGESZ	6
#define AT_BASE		7
#define AT_FLAGS	8
#define AT_ENTRY	9
#define AT_UID		11
#define AT_EUID		12
#define AT_GID		13
#define AT_EGID		14
#define AT_PLATFORM	15
#define AT_HWCAP	16
#define AT_CLKTCK	17
#define AT_SECURE	23
#define AT_RANDOM	25
#define AT_EXECFN	31

/* The CPU name libc may pick libraries by: uname's machine
 * (kernel/sys_info.c), as Linux's ELF_PLATFORM is. */
#define ELF_PLATFORM	"i386"

#define STACK_BASE	(STACK_TOP - ARG_AREA)

/* Put bytes at offset off of the argument area, allocating pages. */
static int put_arg_bytes(struct linux_binprm *bprm, unsigned long off,
			 const char *src, unsigned long len)
{
	while (len) {
		unsigned long i = off >> PAGE_SHIFT, in = off & ~PAGE_MASK;
		unsigned long n = min(len, PAGE_SIZE - in);

		if (!bprm->page[i]) {
			bprm->page[i] = alloc_page(GFP_HIGHUSER);
			if (!bprm->page[i])
				return -ENOMEM;
			clear_highpage(bprm->page[i]);
		}
		memcpy_to_page(bprm->page[i], in, src, n);
		off += n;
		src += n;
		len -= n;
	}
	return 0;
}

int copy_string_kernel(struct linux_binprm *bprm, const char *s)
{
	unsigned long len = strlen(s) + 1;

	/* Keep room for the tables: at least one page below the strings. */
	if (len > bprm->p - PAGE_SIZE)
		return -E2BIG;
	bprm->p -= len;
	return put_arg_bytes(bprm, bprm->p, s, len);
}

/*
 * A user string is read through one kernel page, so a single argument
 * may be at most PAGE_SIZE - 1 bytes long (Linux allows more).
 */
static int copy_string_user(struct linux_binprm *bprm, const char *ustr)
{
	char *tmp = (char *)__get_free_page(GFP_KERNEL);
	long len;
	int err;

	if (!tmp)
		return -ENOMEM;
	len = strncpy_from_user(tmp, ustr, PAGE_SIZE);
	if (len < 0)
		err = len;
	else if (len >= (long)PAGE_SIZE)
		err = -E2BIG;
	else
		err = copy_string_kernel(bprm, tmp);
	free_page((unsigned long)tmp);
	return err;
}

static int get_arg(char *const *argv, int i, bool from_user, char **res)
{
	if (!from_user) {
		*res = argv[i];
		return 0;
	}
	return get_user(*res, (char **)&argv[i]);
}

int count_strings(char *const *argv, bool from_user)
{
	int n = 0;
	char *s;

	if (!argv)
		return 0;
	for (;;) {
		if (get_arg(argv, n, from_user, &s))
			return -EFAULT;
		if (!s)
			return n;
		if (++n > (int)(ARG_AREA / 2))
			return -E2BIG;
	}
}

int copy_strings(struct linux_binprm *bprm, int count,
		 char *const *argv, bool from_user)
{
	int err;
	char *s;

	while (count-- > 0) {
		err = get_arg(argv, count, from_user, &s);
		if (err)
			return err;
		if (!s)
			return -EFAULT;	/* the array changed under us */
		err = from_user ? copy_string_user(bprm, s)
				: copy_string_kernel(bprm, s);
		if (err)
			return err;
	}
	return 0;
}

/* The offset just past the NUL of the string at off, each page mapped
 * once: the pages may be high. */
static unsigned long arg_string_end(struct linux_binprm *bprm,
				    unsigned long off)
{
	for (;;) {
		char *kaddr = kmap_atomic(bprm->page[off >> PAGE_SHIFT],
					  KM_USER0);
		unsigned long in = off & ~PAGE_MASK, i = in;

		while (i < PAGE_SIZE && kaddr[i])
			i++;
		kunmap_atomic(kaddr, KM_USER0);
		off += i - in;
		if (i < PAGE_SIZE)
			return off + 1;
	}
}

void remove_arg_zero(struct linux_binprm *bprm)
{
	if (!bprm->argc)
		return;
	bprm->p = arg_string_end(bprm, bprm->p);
	bprm->argc--;
}

void free_arg_pages(struct linux_binprm *bprm)
{
	int i;

	for (i = 0; i < MAX_ARG_PAGES; i++) {
		if (bprm->page[i])
			put_page(bprm->page[i]);
		bprm->page[i] = NULL;
	}
}

/* The stack VMA, from the page holding p up to STACK_TOP. */
static int map_arg_pages(struct linux_binprm *bprm)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma = vma_alloc(mm);
	unsigned long flags;
	int err;
	int i;

	if (!vma)
		return -ENOMEM;
	vma->vm_start = STACK_BASE + (bprm->p & PAGE_MASK);
	vma->vm_end = STACK_TOP;
	vma->vm_pgoff = vma->vm_start >> PAGE_SHIFT;
	vma->vm_flags = VM_STACK_FLAGS | mm->def_flags;
	if (!bprm->exec_stack)
		vma->vm_flags &= ~VM_EXEC;	/* PT_GNU_STACK said so */
	vma->vm_page_prot = vm_get_page_prot(vma->vm_flags);
	vma_link(mm, vma);
	if (anon_vma_prepare(vma))
		return -ENOMEM;
	for (i = bprm->p >> PAGE_SHIFT; i < MAX_ARG_PAGES; i++) {
		unsigned long addr = STACK_BASE + i * PAGE_SIZE;
		struct page *page = bprm->page[i];
		pte_t *pte = pte_alloc_map(mm, addr);

		if (!pte)
			return -ENOMEM;
		pte_unmap(pte);
		if (!page)
			continue;	/* nothing copied there */
		get_page(page);		/* the PTE's; bprm's goes at the end */
		SetPageAnon(page);
		pte = pte_offset_map_lock(mm, addr, &flags);
		err = vm_install_pte(vma, addr, pte, page,
				     pte_mkdirty(pte_mkwrite(mk_pte(page,
						vma->vm_page_prot))));
		pte_unmap_unlock(mm, pte, flags);
		if (err) {
			put_page(page);
			return err;
		}
	}
	return 0;
}

/* Not cryptographic: enough for libc's stack protector and hashing. */
static void random_bytes(u8 *buf, int n)
{
	static u32 state = 0x9e3779b9;
	int i;

	state ^= jiffies * 2654435761u;
	if (boot_cpu.has_tsc)
		state ^= (u32)cpu_rdtsc();
	for (i = 0; i < n; i++) {
		state ^= state << 13;
		state ^= state >> 17;
		state ^= state << 5;
		buf[i] = state >> 24;
	}
}

/* Store one word at *sp and step up; -EFAULT if the stack is gone. */
static int push_word(u32 *sp, u32 v)
{
	if (put_user(v, (u32 *)*sp))
		return -EFAULT;
	*sp += 4;
	return 0;
}

/*
 * Push the user addresses of count strings starting at offset off, then a
 * NULL; returns the offset just after the last string.
 */
static unsigned long push_string_ptrs(struct linux_binprm *bprm, u32 *sp,
				      unsigned long off, int count, int *err)
{
	while (count-- > 0 && !*err) {
		*err = push_word(sp, STACK_BASE + off);
		off = arg_string_end(bprm, off);
	}
	if (!*err)
		*err = push_word(sp, 0);
	return off;
}

long setup_stack(struct linux_binprm *bprm)
{
	struct mm_struct *mm = current->mm;
	u32 strings = STACK_BASE + bprm->p;
	u32 u_platform = strings - sizeof(ELF_PLATFORM);
	u32 u_rand = (u_platform - 16) & ~15u;
	u32 auxv[][2] = {
		{ AT_HWCAP, boot_cpu.x86_capability },
		{ AT_PAGESZ, PAGE_SIZE },
		{ AT_CLKTCK, HZ },
		{ AT_PHDR, bprm->phdr_addr },
		{ AT_PHENT, 32 },
		{ AT_PHNUM, bprm->phnum },
		{ AT_BASE, bprm->interp_base },
		{ AT_FLAGS, 0 },
		{ AT_ENTRY, bprm->entry },
		{ AT_UID, current_cred()->uid },
		{ AT_EUID, current_cred()->euid },
		{ AT_GID, current_cred()->gid },
		{ AT_EGID, current_cred()->egid },
		{ AT_SECURE, bprm->secureexec },
		{ AT_RANDOM, u_rand },
		{ AT_EXECFN, STACK_BASE + bprm->exec_p },
		{ AT_PLATFORM, u_platform },
		{ AT_NULL, 0 },
	};
	u32 words = 1 + bprm->argc + 1 + bprm->envc + 1 + 2 * ARRAY_SIZE(auxv);
	u32 sp = (u_rand - words * 4) & ~15u, esp = sp;
	unsigned long off;
	u8 rnd[16];
	unsigned int i;
	int err = map_arg_pages(bprm);

	if (err)
		return err;
	random_bytes(rnd, sizeof(rnd));
	if (copy_to_user((void *)u_rand, rnd, sizeof(rnd)) ||
	    copy_to_user((void *)u_platform, ELF_PLATFORM,
			 sizeof(ELF_PLATFORM)))
		return -EFAULT;
	err = push_word(&sp, bprm->argc);
	mm->arg_start = strings;
	off = push_string_ptrs(bprm, &sp, bprm->p, bprm->argc, &err);
	mm->arg_end = mm->env_start = STACK_BASE + off;
	off = push_string_ptrs(bprm, &sp, off, bprm->envc, &err);
	mm->env_end = STACK_BASE + off;
	for (i = 0; i < ARRAY_SIZE(auxv) && !err; i++) {
		err = push_word(&sp, auxv[i][0]);
		if (!err)
			err = push_word(&sp, auxv[i][1]);
	}
	if (err)
		return err;
	_Static_assert(sizeof(mm->saved_auxv) >= sizeof(auxv), "auxv");
	memcpy(mm->saved_auxv, auxv, sizeof(auxv));
	mm->start_stack = esp;
	return esp;
}
