/*
 * mm/vm/mmap.c - mmap and munmap: adding and removing VMAs.
 *
 * mmap checks its arguments the way Linux does (same errors, same order),
 * finds an address (get_unmapped_area), unmaps whatever MAP_FIXED covers,
 * then extends a neighbouring VMA (vma_merge) or links a new one.  Nothing
 * is mapped yet: pages arrive on the first touch (mm/vm/memory.c), except for
 * MAP_POPULATE, VM_LOCKED and shared anonymous memory (below).
 *
 * munmap cuts the VMAs at both ends of the range (split_vma), zaps and
 * frees the ones inside, and frees page tables nothing uses any more.
 */
#include "compat/memfd.h"
#include "fs/address_space.h"
#include "fs/fdtable.h"
#include "fs/sys_util.h"
#include "fs/file.h"
#include "kernel/drivers/mem.h"
#include "fs/mount.h"
#include "kernel/errno.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/vm/filemap.h"
#include "mm/vm/memory.h"
#include "mm/vm/mman.h"
#include "mm/vm/pt_walk.h"
#include "mm/writeback/writeback.h"

/*
 * The PTE bits for a VMA's pages.  i386 PTEs only know "user" and
 * "writable", and reading implies executing.  Private writable mappings
 * start read-only, so the first write goes through copy-on-write (an
 * anonymous page that is ours alone is then just made writable).  A VMA
 * with no access at all maps its pages supervisor-only, so they keep their
 * contents but every user access faults (SEGV_ACCERR).
 */
bool vma_wants_writenotify(struct vm_area_struct *vma, unsigned long vm_flags)
{
	if ((vm_flags & (VM_WRITE | VM_SHARED)) != (VM_WRITE | VM_SHARED))
		return false;
	if (vma->vm_ops && vma->vm_ops->page_mkwrite)
		return true;
	return vma->vm_file &&
	       mapping_cap_account_dirty(vma->vm_file->f_mapping);
}

pgprot_t vm_get_page_prot(unsigned long vm_flags)
{
	u32 bits = _PAGE_PRESENT | _PAGE_ACCESSED;

	if (vm_flags & (VM_READ | VM_WRITE | VM_EXEC))
		bits |= _PAGE_USER;
	if ((vm_flags & (VM_WRITE | VM_SHARED)) == (VM_WRITE | VM_SHARED))
		bits |= _PAGE_RW;
	return __pgprot(bits);
}

unsigned long calc_vm_flags(unsigned long prot, unsigned long flags)
{
	unsigned long vm = 0;

	if (prot & PROT_READ)
		vm |= VM_READ;
	if (prot & PROT_WRITE)
		vm |= VM_WRITE;
	if (prot & PROT_EXEC)
		vm |= VM_EXEC;
	if (flags & MAP_GROWSDOWN)
		vm |= VM_GROWSDOWN;
	if (flags & MAP_DENYWRITE)
		vm |= VM_DENYWRITE;
	if (flags & MAP_EXECUTABLE)
		vm |= VM_EXECUTABLE;
	if (flags & MAP_LOCKED)
		vm |= VM_LOCKED;
	return vm;
}

/*
 * First gap of len bytes at or above lo that ends at or below hi, or 0.
 * A gap ends where a stack's guard gap begins.  A len above hi - lo fits
 * nowhere: checked first, since hi - len would wrap and let a range run
 * past hi (or past 4 GiB).
 */
static unsigned long find_gap(struct mm_struct *mm, unsigned long lo,
			      unsigned long hi, unsigned long len)
{
	unsigned long addr = lo;
	struct vm_area_struct *vma;

	if (len > hi - lo)
		return 0;
	for (vma = find_vma(mm, addr); ; vma = vma_next(vma)) {
		if (addr > hi - len)
			return 0;
		if (!vma || addr + len <= vm_start_gap(vma))
			return addr;
		addr = vma->vm_end;
	}
}

/* Is [addr, addr + len) free, the guard gap of a stack above included? */
static bool range_free(struct mm_struct *mm, unsigned long addr,
		       unsigned long len)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	return !vma || addr + len <= vm_start_gap(vma);
}

/*
 * Where to put len bytes: addr itself for MAP_FIXED; the hint if that
 * range is free and outside a stack's guard gap; else the first gap from TASK_UNMAPPED_BASE upwards, then
 * from 64 KiB up to TASK_UNMAPPED_BASE.  -ENOMEM when there is none.
 */
unsigned long get_unmapped_area(struct file *file, unsigned long addr,
				unsigned long len, unsigned long pgoff,
				unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	unsigned long found;

	(void)file;
	(void)pgoff;
	if (len > TASK_SIZE)
		return -ENOMEM;
	if (flags & MAP_FIXED) {
		if (addr & ~PAGE_MASK)
			return -EINVAL;
		if (addr > TASK_SIZE - len)
			return -ENOMEM;
		return addr;
	}
	addr = PAGE_ALIGN(addr);
	if (addr && addr <= TASK_SIZE - len && range_free(mm, addr, len))
		return addr;
	found = find_gap(mm, TASK_UNMAPPED_BASE, TASK_SIZE, len);
	if (!found)
		found = find_gap(mm, PAGE_SIZE * 16, TASK_UNMAPPED_BASE, len);
	return found ? found : (unsigned long)-ENOMEM;
}

unsigned long pages_mapped_in(struct mm_struct *mm, unsigned long start,
			      unsigned long end, unsigned long vm_flags)
{
	struct vm_area_struct *vma;
	unsigned long pages = 0;

	for (vma = find_vma(mm, start); vma && vma->vm_start < end;
	     vma = vma_next(vma))
		if ((vma->vm_flags & vm_flags) == vm_flags)
			pages += (min(vma->vm_end, end) -
				  max(vma->vm_start, start)) >>
				 PAGE_SHIFT;
	return pages;
}

/*
 * Pages of mm that count against RLIMIT_DATA: private writable memory
 * that is not a stack.  Counted by a walk, only while a limit is set.
 */
static unsigned long data_vm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	unsigned long pages = 0;

	for_each_vma(vma, mm)
		if (is_data_mapping(vma->vm_flags))
			pages += vma_pages(vma);
	return pages;
}

/*
 * May mm gain npages more of VMAs with these flags?  RLIMIT_AS bounds all
 * of them, RLIMIT_DATA the private writable ones (with Linux's exception:
 * a data limit of 0 lets memory grow up to the hard limit).  The caller
 * returns -ENOMEM when not.  mmap_sem held.
 */
bool may_expand_vm(struct mm_struct *mm, unsigned long flags,
		   unsigned long npages)
{
	struct rlimit *as = &current->signal->rlim[RLIMIT_AS];
	struct rlimit *data = &current->signal->rlim[RLIMIT_DATA];
	unsigned long data_pages;

	if (mm->total_vm + npages > as->rlim_cur >> PAGE_SHIFT)
		return false;
	if (!is_data_mapping(flags) || data->rlim_cur == RLIM_INFINITY)
		return true;
	data_pages = data_vm(mm) + npages;
	if (data_pages <= data->rlim_cur >> PAGE_SHIFT)
		return true;
	return !data->rlim_cur && data_pages <= data->rlim_max >> PAGE_SHIFT;
}

static long mmap_region(struct file *file, unsigned long addr,
			unsigned long len, unsigned long vm_flags,
			unsigned long pgoff, unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma, *prev;
	unsigned long end = addr + len, npages = len >> PAGE_SHIFT;
	int err;

	/* Pages a MAP_FIXED mapping replaces are not new. */
	if (!may_expand_vm(mm, vm_flags, npages) &&
	    !may_expand_vm(mm, vm_flags,
			   npages - pages_mapped_in(mm, addr, end, 0)))
		return -ENOMEM;
	if (find_vma_intersection(mm, addr, end)) {
		err = do_munmap(mm, addr, len);
		if (err)
			return err;
	}
	if (mm->map_count >= MAX_MAP_COUNT)
		return -ENOMEM;
	find_vma_prev(mm, addr, &prev);
	vma = vma_merge(mm, prev, addr, end, vm_flags, file, pgoff);
	if (!vma) {
		vma = vma_alloc(mm);
		if (!vma)
			return -ENOMEM;
		vma->vm_start = addr;
		vma->vm_end = end;
		vma->vm_flags = vm_flags;
		vma_set_page_prot(vma, vm_flags);
		vma->vm_pgoff = pgoff;
		if (file) {
			vma->vm_file = get_file(file);
			vma->vm_ops = &generic_file_vm_ops;
			err = file->f_op && file->f_op->mmap ?
				      file->f_op->mmap(file, vma) :
				      0;
			if (err) {
				vma_free(vma);
				return err;
			}
			vma_set_page_prot(vma, vm_flags);
		}
		vma_link(mm, vma);
	}
	/*
	 * Shared anonymous memory has no file to find its pages through, so
	 * they are all made now: fork then hands the same pages to the child.
	 */
	if ((vm_flags & VM_SHARED) && !file) {
		if (make_pages_present(mm, addr, end)) {
			do_munmap(mm, addr, len);
			return -ENOMEM;
		}
	} else if ((vm_flags & VM_LOCKED) || (flags & MAP_POPULATE)) {
		make_pages_present(mm, addr, end);
	}
	return addr;
}

/* File checks of mmap, in Linux's order; adjusts *vm_flags. */
static int check_file_mmap(struct file *file, unsigned long prot,
			   unsigned long flags, unsigned long *vm_flags)
{
	if ((flags & MAP_TYPE) == MAP_SHARED) {
		if ((prot & PROT_WRITE) && !(file->f_mode & FMODE_WRITE))
			return -EACCES;
		*vm_flags |= VM_SHARED | VM_MAYSHARE;
		/* A read-only fd's shared mapping may never become writable. */
		if (!(file->f_mode & FMODE_WRITE))
			*vm_flags &= ~(VM_MAYWRITE | VM_SHARED);
	}
	if (!(file->f_mode & FMODE_READ))
		return -EACCES;
	/* (A file the kernel made for itself has no mount.) */
	if (file->f_path.mnt && (file->f_path.mnt->mnt_flags & MS_NOEXEC)) {
		if (*vm_flags & VM_EXEC)
			return -EPERM;
		*vm_flags &= ~VM_MAYEXEC;
	}
	if (!file_mappable(file) && !is_dev_zero(file))
		return -ENODEV;
	if (*vm_flags & VM_GROWSDOWN)
		return -EINVAL;
	return seals_check_mmap(file, *vm_flags);
}

long do_mmap_pgoff(struct file *file, unsigned long addr, unsigned long len,
		   unsigned long prot, unsigned long flags,
		   unsigned long pgoff)
{
	unsigned long vm_flags;
	int err;

	if (!len)
		return -EINVAL;
	len = PAGE_ALIGN(len);
	if (!len || len > TASK_SIZE)
		return -ENOMEM;
	if (pgoff + (len >> PAGE_SHIFT) < pgoff)
		return -EOVERFLOW;
	if ((flags & MAP_TYPE) != MAP_SHARED &&
	    (flags & MAP_TYPE) != MAP_PRIVATE)
		return -EINVAL;
	if (flags & MAP_FIXED_NOREPLACE)
		flags |= MAP_FIXED;
	vm_flags = calc_vm_flags(prot, flags) | current->mm->def_flags |
		   VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC;
	if (file) {
		err = check_file_mmap(file, prot, flags, &vm_flags);
		if (err)
			return err;
		/* /dev/zero is anonymous memory, shared when VM_SHARED
		 * survived the checks (Linux's mmap_zero). */
		if (is_dev_zero(file))
			file = NULL;
	} else if ((flags & MAP_TYPE) == MAP_SHARED) {
		if (vm_flags & VM_GROWSDOWN)
			return -EINVAL;
		vm_flags |= VM_SHARED | VM_MAYSHARE;
	}
	addr = get_unmapped_area(file, addr, len, pgoff, flags);
	if (IS_ERR_VALUE(addr))
		return addr;
	if ((flags & MAP_LOCKED) && !can_do_mlock())
		return -EPERM;
	if (!mlock_future_ok(current->mm, vm_flags, len >> PAGE_SHIFT))
		return -EAGAIN;
	/* An anonymous VMA's offset is its address in pages, so its pages'
	 * linear index survives splits and moves (rmap=anon_vma). */
	if (!file)
		pgoff = addr >> PAGE_SHIFT;
	if ((flags & MAP_FIXED_NOREPLACE) &&
	    find_vma_intersection(current->mm, addr, addr + len))
		return -EEXIST;
	return mmap_region(file, addr, len, vm_flags, pgoff, flags);
}

/* Take [start, end) of the VMAs out of the mm, freeing their pages. */
static void unmap_range(struct mm_struct *mm, unsigned long start,
			unsigned long end)
{
	struct vm_area_struct *vma = find_vma(mm, start), *next;

	for (; vma && vma->vm_start < end; vma = next) {
		next = vma_next(vma);
		zap_page_range(vma, vma->vm_start, vma->vm_end);
		vma_unlink(mm, vma);
		if (vma->vm_ops && vma->vm_ops->close)
			vma->vm_ops->close(vma);
		vma_free(vma);
	}
	free_pgtables(mm, start, end);
}

int do_munmap(struct mm_struct *mm, unsigned long start, unsigned long len)
{
	struct vm_area_struct *vma, *last;
	unsigned long end;
	int err;

	if ((start & ~PAGE_MASK) || start > TASK_SIZE ||
	    len > TASK_SIZE - start)
		return -EINVAL;
	len = PAGE_ALIGN(len);
	if (!len)
		return -EINVAL;
	end = start + len;
	vma = find_vma(mm, start);
	if (!vma || vma->vm_start >= end)
		return 0;
	if (vma->vm_start < start) {
		/* The middle of one VMA makes three: two splits, one VMA more. */
		if (end < vma->vm_end && mm->map_count >= MAX_MAP_COUNT)
			return -ENOMEM;
		err = split_vma(mm, vma, start, true);
		if (err)
			return err;
	}
	last = find_vma(mm, end);
	if (last && last->vm_start < end) {
		err = split_vma(mm, last, end, true);
		if (err)
			return err;
	}
	unmap_range(mm, start, end);
	return 0;
}

long sys_mmap2(unsigned long addr, unsigned long len, unsigned long prot,
	       unsigned long flags, unsigned long fd, unsigned long pgoff)
{
	struct mm_struct *mm = current->mm;
	struct file *file = NULL;
	long ret;

	flags &= ~(MAP_EXECUTABLE | MAP_DENYWRITE);
	if (!(flags & MAP_ANONYMOUS)) {
		file = fget_current((int)fd);	/* NULL for O_PATH too */
		if (!file)
			return -EBADF;
	}
	down(&mm->mmap_sem);
	ret = do_mmap_pgoff(file, addr, len, prot, flags, pgoff);
	up(&mm->mmap_sem);
	if (file)
		fput(file);
	return ret;
}

/* The old i386 mmap: one pointer to six words, offset in bytes. */
long sys_old_mmap(struct mmap_arg_struct *uarg)
{
	struct mmap_arg_struct a;

	if (copy_from_user(&a, uarg, sizeof(a)))
		return -EFAULT;
	if (a.offset & ~PAGE_MASK)
		return -EINVAL;
	return sys_mmap2(a.addr, a.len, a.prot, a.flags, a.fd,
			 a.offset >> PAGE_SHIFT);
}

long sys_munmap(unsigned long addr, unsigned long len)
{
	struct mm_struct *mm = current->mm;
	long ret;

	down(&mm->mmap_sem);
	ret = do_munmap(mm, addr, len);
	up(&mm->mmap_sem);
	return ret;
}
