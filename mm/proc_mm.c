/*
 * mm/proc_mm.c - what /proc/PID needs from the address space: the maps
 * lines in Linux's exact format, argv for cmdline, and the page counts
 * behind stat, statm and status.
 *
 * These are the hooks fs/procfs.h declares for vm.
 *
 * A maps line (i386 Linux, whose name column starts at 49):
 *	08048000-080a1000 r-xp 00000000 00:01 23         /bin/busybox
 *	bf8d1000-bf8f2000 rw-p 00000000 00:00 0          [stack]
 * Anonymous VMAs without a name end in "0 " (the trailing space is
 * Linux's).  The mm is held (mmget) and its mmap_sem taken while reading,
 * so the VMAs cannot change under us; no user memory is touched.
 */
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/namei.h"
#include "kernel/io.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/trap.h"
#include "kernel/task.h"
#include "fs/procfs.h"
#include "mm/memory.h"
#include "mm/mm_struct.h"
#include "mm/page_alloc.h"
#include "mm/proc_mm.h"
#include "mm/pt_walk.h"
#include "mm/slab.h"
#include "mm/vma.h"

#define NAME_COLUMN	49		/* 25 + 6 * sizeof(void *) on i386 */
#define LINE_MAX	(NAME_COLUMN + 256 + 2)

struct mm_struct *get_task_mm(struct task_struct *task)
{
	struct mm_struct *mm;
	u32 flags = irq_save();

	mm = task->mm;
	if (mm)
		mmget(mm);
	irq_restore(flags);
	return mm;
}

static const char *special_name(struct mm_struct *mm,
				struct vm_area_struct *vma)
{
	if (vma->vm_start <= mm->brk && vma->vm_end >= mm->start_brk &&
	    mm->brk > mm->start_brk)
		return "[heap]";
	if (vma->vm_start <= mm->start_stack &&
	    vma->vm_end >= mm->start_stack)
		return "[stack]";
	return NULL;
}

/* One maps line into line[LINE_MAX]; returns its length. */
static int maps_line(struct mm_struct *mm, struct vm_area_struct *vma,
		     char *line)
{
	unsigned long flags = vma->vm_flags;
	struct inode *inode = vma->vm_file ? vma->vm_file->f_inode : NULL;
	const char *name = special_name(mm, vma);
	int n;

	n = snprintf(line, LINE_MAX, "%08lx-%08lx %c%c%c%c %08llx %02x:%02x %lu ",
		     vma->vm_start, vma->vm_end,
		     flags & VM_READ ? 'r' : '-',
		     flags & VM_WRITE ? 'w' : '-',
		     flags & VM_EXEC ? 'x' : '-',
		     flags & VM_MAYSHARE ? 's' : 'p',
		     inode ? (u64)vma->vm_pgoff << PAGE_SHIFT : 0ULL,
		     inode ? MAJOR(inode->i_sb->s_dev) : 0,
		     inode ? MINOR(inode->i_sb->s_dev) : 0,
		     inode ? inode->i_ino : 0UL);
	if (!inode && !name)
		goto out;
	while (n < NAME_COLUMN - 1)
		line[n++] = ' ';
	line[n++] = ' ';
	if (inode) {
		int len = d_path(&vma->vm_file->f_path, line + n,
				 LINE_MAX - n - 1);

		if (len > 0)
			n += len - 1;	/* d_path counts the NUL */
	} else {
		n += snprintf(line + n, LINE_MAX - n, "%s", name);
	}
out:
	line[n++] = '\n';
	return n;
}

void proc_pid_maps_show(struct seq_buf *m, struct task_struct *task)
{
	struct mm_struct *mm = get_task_mm(task);
	struct vm_area_struct *vma;
	char *line;

	if (!mm)
		return;
	line = kmalloc(LINE_MAX, GFP_KERNEL);
	if (line) {
		down(&mm->mmap_sem);
		for_each_vma(vma, mm)
			seq_write(m, line, maps_line(mm, vma, line));
		up(&mm->mmap_sem);
		kfree(line);
	}
	mmput(mm);
}

/*
 * Copy len bytes at user address addr of mm into buf, faulting pages in
 * as a read would; returns the bytes copied (less at a hole).  Caller
 * holds mm->mmap_sem.
 */
static int read_remote(struct mm_struct *mm, unsigned long addr, char *buf,
		       int len)
{
	int done = 0;

	while (done < len) {
		struct vm_area_struct *vma = find_vma(mm, addr);
		unsigned long off = addr & ~PAGE_MASK;
		int n = min((unsigned long)(len - done), PAGE_SIZE - off);
		pte_t *pte;

		if (!vma || vma->vm_start > addr || !(vma->vm_flags & VM_READ))
			break;
		pte = pte_lookup(mm, addr);
		if ((!pte || !pte_present(*pte)) &&
		    handle_mm_fault(mm, vma, addr, false) < 0)
			break;
		pte = pte_lookup(mm, addr);
		if (!pte || !pte_present(*pte))
			break;
		memcpy(buf + done, (char *)page_address(pte_page(*pte)) + off,
		       n);
		done += n;
		addr += n;
	}
	return done;
}

/* argv as Linux shows it: the strings with their NULs, as they are. */
void proc_pid_cmdline_show(struct seq_buf *m, struct task_struct *task)
{
	struct mm_struct *mm = get_task_mm(task);
	char *page;
	unsigned long addr, end;

	if (!mm)
		return;
	page = (char *)__get_free_page(GFP_KERNEL);
	if (page) {
		down(&mm->mmap_sem);
		for (addr = mm->arg_start, end = mm->arg_end; addr < end;) {
			int want = min(end - addr, (unsigned long)PAGE_SIZE);
			int got = read_remote(mm, addr, page, want);

			seq_write(m, page, got);
			if (got < want)
				break;
			addr += got;
		}
		up(&mm->mmap_sem);
		free_page((unsigned long)page);
	}
	mmput(mm);
}

/* The sizes /proc/PID/stat, statm and status print, in pages. */
void proc_task_mm_info(struct task_struct *task, struct proc_mm_info *info)
{
	struct mm_struct *mm = get_task_mm(task);
	struct vm_area_struct *vma;
	unsigned long addr;

	if (!mm)
		return;
	down(&mm->mmap_sem);
	info->total_vm = mm->total_vm;
	info->rss = mm->rss;
	info->locked = mm->locked_vm;
	info->text = (PAGE_ALIGN(mm->end_code) -
		      (mm->start_code & PAGE_MASK)) >> PAGE_SHIFT;
	for_each_vma(vma, mm) {
		if (vma->vm_flags & VM_GROWSDOWN)
			info->stack += vma_pages(vma);
		else if ((vma->vm_flags & (VM_WRITE | VM_SHARED)) == VM_WRITE)
			info->data += vma_pages(vma);
		/* shared: resident pages that belong to a file. */
		for (addr = vma->vm_start; addr < vma->vm_end;
		     addr += PAGE_SIZE) {
			pte_t *pte = pte_lookup(mm, addr);

			if (pte && pte_present(*pte) &&
			    !PageAnon(pte_page(*pte)))
				info->shared++;
		}
	}
	up(&mm->mmap_sem);
	mmput(mm);
}
