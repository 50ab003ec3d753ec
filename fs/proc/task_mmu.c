/*
 * fs/proc/task_mmu.c - /proc/PID/maps, /proc/PID/statm and the memory lines of
 * /proc/PID/status, in Linux's exact format.
 *
 * A maps line (i386 Linux, whose name column starts at 49):
 *	08048000-080a1000 r-xp 00000000 00:01 23         /bin/busybox
 *	bf8d1000-bf8f2000 rw-p 00000000 00:00 0          [stack]
 * Anonymous VMAs without a name end in "0 " (the trailing space is
 * Linux's).  The mm is held (mmget) and its mmap_sem taken while reading,
 * so the VMAs cannot change under us; no user memory is touched.
 * namespace_sem, which d_path needs, is taken first: a path walk holds it
 * when it follows /proc/PID/exe, which takes mmap_sem.
 */
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/namei.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "mm/vm/mm_struct.h"
#include "fs/proc/task_mmu.h"
#include "fs/proc/procfs.h"
#include "mm/vm/pt_walk.h"
#include "mm/phys/slab.h"
#include "mm/vm/vma.h"

#define NAME_COLUMN	MAPS_NAME_COLUMN
#define LINE_MAX	MAPS_LINE_MAX

struct mm_struct *get_task_mm(struct task_struct *task)
{
	struct mm_struct *mm;
	u32 flags = tasklist_lock_irqsave();

	mm = task->mm;
	if (mm)
		mmget(mm);
	tasklist_unlock_irqrestore(flags);
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

int maps_line(struct mm_struct *mm, struct vm_area_struct *vma, char *line)
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
		int len;

		len = d_path(&vma->vm_file->f_path, line + n, LINE_MAX - n - 1);

		if (len > 0)
			n += len - 1;	/* d_path counts the NUL */
	} else {
		n += snprintf(line + n, LINE_MAX - n, "%s", name);
	}
out:
	line[n++] = '\n';
	return n;
}

int proc_pid_maps(struct task_struct *task, char *buf, int size, loff_t *pos)
{
	struct mm_struct *mm = get_task_mm(task);
	struct vm_area_struct *vma;
	char *line;
	int len = 0;
	loff_t i = 0;

	if (!mm)
		return 0;
	line = kmalloc(LINE_MAX, GFP_KERNEL);
	if (line) {
		down(&namespace_sem);
		down(&mm->mmap_sem);
		for_each_vma(vma, mm) {
			int n;

			if (i++ < *pos)
				continue;
			n = maps_line(mm, vma, line);
			if (len + n > size)
				break;
			memcpy(buf + len, line, n);
			len += n;
			(*pos)++;
		}
		up(&mm->mmap_sem);
		up(&namespace_sem);
		kfree(line);
	}
	mmput(mm);
	return len;
}

/*
 * The program's file (get_mm_exe_file).  Its reference keeps it while
 * d_path, which reads directories, names it.
 */
int proc_pid_exe_link(struct task_struct *task, char *buf, int len)
{
	struct mm_struct *mm = get_task_mm(task);
	struct file *exe;
	int n;

	if (!mm)
		return -ENOENT;
	exe = get_mm_exe_file(mm);
	mmput(mm);
	if (!exe)
		return -ENOENT;
	n = proc_file_link(exe, buf, len);
	fput(exe);
	return n;
}

/* Page counts for statm and status. */
struct mm_counts {
	unsigned long rss_anon, rss_file;
	unsigned long data, stack, exec;
};

static void count_pages(struct mm_struct *mm, struct mm_counts *c)
{
	struct vm_area_struct *vma;
	unsigned long addr;

	memset(c, 0, sizeof(*c));
	for_each_vma(vma, mm) {
		unsigned long pages = vma_pages(vma);

		if (vma->vm_flags & VM_GROWSDOWN)
			c->stack += pages;
		else if (is_data_mapping(vma->vm_flags))
			c->data += pages;
		else if (vma->vm_flags & VM_EXEC)
			c->exec += pages;
		for (addr = vma->vm_start; addr < vma->vm_end;
		     addr += PAGE_SIZE) {
			pte_t pte;

			if (!pte_read(mm, addr, &pte) || !pte_present(pte))
				continue;
			if (PageAnon(pte_page(pte)))
				c->rss_anon++;
			else
				c->rss_file++;
		}
	}
}

int proc_pid_statm(struct task_struct *task, char *buf, int size)
{
	struct mm_struct *mm = get_task_mm(task);
	struct mm_counts c;
	unsigned long text;
	int n;

	if (!mm)
		return snprintf(buf, size, "0 0 0 0 0 0 0\n");
	down(&mm->mmap_sem);
	count_pages(mm, &c);
	text = (PAGE_ALIGN(mm->end_code) - (mm->start_code & PAGE_MASK)) >>
	       PAGE_SHIFT;
	n = snprintf(buf, size, "%lu %lu %lu %lu 0 %lu 0\n", mm->total_vm,
		     mm->rss, c.rss_file, text, c.data + c.stack);
	up(&mm->mmap_sem);
	mmput(mm);
	return n;
}

int proc_pid_status_mm(struct task_struct *task, char *buf, int size)
{
	struct mm_struct *mm = get_task_mm(task);
	struct mm_counts c;
	int n;

	if (!mm)
		return 0;
	down(&mm->mmap_sem);
	count_pages(mm, &c);
	n = snprintf(buf, size,
		     "VmSize:\t%8lu kB\n"
		     "VmLck:\t%8lu kB\n"
		     "VmRSS:\t%8lu kB\n"
		     "RssAnon:\t%8lu kB\n"
		     "RssFile:\t%8lu kB\n"
		     "VmData:\t%8lu kB\n"
		     "VmStk:\t%8lu kB\n"
		     "VmExe:\t%8lu kB\n"
		     "VmLib:\t%8lu kB\n"
		     "VmPTE:\t%8lu kB\n",
		     K(mm->total_vm), K(mm->locked_vm), K(mm->rss),
		     K(c.rss_anon), K(c.rss_file), K(c.data), K(c.stack),
		     (PAGE_ALIGN(mm->end_code) - (mm->start_code & PAGE_MASK))
			     / 1024,
		     0UL, K((unsigned long)nr_pgtables(mm)));
	up(&mm->mmap_sem);
	mmput(mm);
	return n;
}
