/*
 * mm/vm/fault.c - the page fault exception (vector 14): is the access
 * allowed?
 *
 * do_page_fault finds the VMA that covers the faulting address (growing a
 * VM_GROWSDOWN stack if the address is just below one), checks the access
 * against its flags, and hands the rest to handle_mm_fault
 * (mm/vm/memory.c).  Anything else is SIGSEGV (SEGV_MAPERR: no VMA;
 * SEGV_ACCERR: the VMA forbids it) for user mode, or the exception-table
 * fixup for the kernel's copy_*_user.  Linux 2.6 keeps this part in
 * arch/i386/mm/fault.c.
 */
#include "kernel/errno.h"
#include "kernel/cpu/extable.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/cpu/trap.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"
#include "mm/vm/pt_walk.h"

/*
 * Extend the stack VMA down to cover addr.  It may not grow beyond
 * RLIMIT_STACK or RLIMIT_AS (nor RLIMIT_MEMLOCK when locked), nor come
 * within the guard gap of an accessible VMA below (as Linux: another
 * stack, or a PROT_NONE guard, may be right below).
 */
static int expand_stack(struct vm_area_struct *vma, unsigned long addr)
{
	struct mm_struct *mm = vma->vm_mm;
	struct vm_area_struct *prev = vma_prev(vma);
	unsigned long grow;

	addr &= PAGE_MASK;
	if (prev && prev->vm_end > addr)
		return -ENOMEM;
	if (prev && !(prev->vm_flags & VM_GROWSDOWN) &&
	    (prev->vm_flags & (VM_READ | VM_WRITE | VM_EXEC)) &&
	    addr - prev->vm_end < STACK_GUARD_GAP)
		return -ENOMEM;
	grow = (vma->vm_start - addr) >> PAGE_SHIFT;
	if (vma->vm_end - addr > rlimit(RLIMIT_STACK) ||
	    !may_expand_vm(mm, vma->vm_flags, grow) ||
	    !mlock_future_ok(mm, vma->vm_flags, grow))
		return -ENOMEM;
	vma_unlink_tree(mm, vma);
	vma_adjust(vma, addr, vma->vm_end, vma->vm_pgoff - grow, NULL);
	vma_link_tree(mm, vma);
	mm->total_vm += grow;
	if (vma->vm_flags & VM_LOCKED)
		mm->locked_vm += grow;
	return 0;
}

/* Does vma allow this access?  err is the CPU's page fault error code. */
static bool access_allowed(struct vm_area_struct *vma, u32 err)
{
	if (err & PF_WRITE)
		return vma->vm_flags & VM_WRITE;
	/* A read of a present page that faulted: PROT_NONE. */
	if (err & PF_PROT)
		return false;
	return vma->vm_flags & (VM_READ | VM_EXEC);
}

/*
 * Find the VMA for addr, growing a stack if addr is below one.  As in
 * Linux 6.1, how far below the stack pointer the access is does not
 * matter: the guard gap and the stack limit bound the growth.
 */
static struct vm_area_struct *fault_vma(struct mm_struct *mm,
					unsigned long addr)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	if (!vma)
		return NULL;
	if (vma->vm_start <= addr)
		return vma;
	if (!(vma->vm_flags & VM_GROWSDOWN))
		return NULL;
	if (expand_stack(vma, addr))
		return NULL;
	return vma;
}

static void count_fault(int result)
{
	if (result == VM_FAULT_MAJOR)
		current->maj_flt++;
	else if (result == VM_FAULT_MINOR)
		current->min_flt++;
}

static void user_fault_failed(struct trapframe *tf, int sig, int code,
			      unsigned long addr)
{
	if (!user_mode(tf)) {
		kernel_fault(tf);	/* copy_*_user: fixup, or die */
		return;
	}
	force_sig_fault(sig, code, addr);
}

/*
 * Init's fault found no memory.  A few failures in a row are the transient
 * kind (an injected failure, a victim still exiting); thousands mean
 * nothing is left that the OOM killer may kill, and Linux stops there too.
 */
#define INIT_OOM_RETRIES 10000

static u32 init_oom_failures;

static void init_oom_retry(void)
{
	if (++init_oom_failures >= INIT_OOM_RETRIES)
		panic("Out of memory and no killable processes...");
	yield();
}

void do_page_fault(struct trapframe *tf)
{
	unsigned long addr = read_cr2();
	struct mm_struct *mm = current ? current->mm : NULL;
	struct vm_area_struct *vma;
	int result;

	/* CR2 is read: a nested fault may now overwrite it. */
	if (tf->eflags & EFLAGS_IF)
		sti();
	if (addr >= TASK_SIZE || !mm) {
		user_fault_failed(tf, SIGSEGV, SEGV_MAPERR, addr);
		return;
	}
	if (user_mode(tf)) {
		down(&mm->mmap_sem);
	} else if (down_trylock(&mm->mmap_sem)) {
		/* Only copy_*_user may fault on user memory in the kernel. */
		if (!search_exception_table(tf->eip))
			die(tf);
		down(&mm->mmap_sem);
	}
	vma = fault_vma(mm, addr);
	if (!vma) {
		up(&mm->mmap_sem);
		user_fault_failed(tf, SIGSEGV, SEGV_MAPERR, addr);
		return;
	}
	if (!access_allowed(vma, tf->err)) {
		up(&mm->mmap_sem);
		user_fault_failed(tf, SIGSEGV, SEGV_ACCERR, addr);
		return;
	}
	result = handle_mm_fault(mm, vma, addr, tf->err & PF_WRITE);
	up(&mm->mmap_sem);
	count_fault(result);
	if (result != VM_FAULT_OOM && current == init_task)
		init_oom_failures = 0;
	if (result == VM_FAULT_SIGBUS) {
		user_fault_failed(tf, SIGBUS, BUS_ADRERR, addr);
	} else if (result == VM_FAULT_OOM) {
		/* Init is never killed (Linux 2.6 neither): let the others
		 * run and free memory, then fault again on return. */
		if (user_mode(tf) && current == init_task) {
			init_oom_retry();
			return;
		}
		/* SIGKILL pending: the OOM killer chose us and said so */
		if (!fatal_signal_pending(current))
			printk("Out of memory: killing pid %d (%s) at %08lx\n",
			       current->pid, current->comm, addr);
		if (user_mode(tf))
			force_sig(SIGKILL, current);
		else
			kernel_fault(tf);
	}
}

int fault_in_user_writeable(u32 uaddr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	pte_t pte;
	int result = VM_FAULT_MINOR;

	if (uaddr >= TASK_SIZE || !mm)
		return -EFAULT;
	down(&mm->mmap_sem);
	vma = fault_vma(mm, uaddr);
	if (!vma || !(vma->vm_flags & VM_WRITE)) {
		up(&mm->mmap_sem);
		return -EFAULT;
	}
	pte_read(mm, uaddr, &pte);
	if (!pte_present(pte) || !pte_write(pte))
		result = handle_mm_fault(mm, vma, uaddr, true);
	up(&mm->mmap_sem);
	count_fault(result);
	return result > 0 ? 0 : -EFAULT;
}

int make_pages_present(struct mm_struct *mm, unsigned long start,
		       unsigned long end)
{
	unsigned long addr;

	for (addr = start & PAGE_MASK; addr < end; addr += PAGE_SIZE) {
		struct vm_area_struct *vma = find_vma(mm, addr);
		pte_t pte;
		int r;

		if (!vma || vma->vm_start > addr)
			return -ENOMEM;
		if (!(vma->vm_flags & (VM_READ | VM_WRITE | VM_EXEC)))
			continue;
		if (pte_read(mm, addr, &pte) && pte_present(pte))
			continue;
		r = handle_mm_fault(mm, vma, addr, false);
		if (r < 0)
			return r == VM_FAULT_OOM ? -ENOMEM : -EFAULT;
	}
	return 0;
}

void vm_init(void)
{
	mm_struct_init();
	vma_cache_init();
	set_trap_handler(T_PGFLT, do_page_fault);
}
