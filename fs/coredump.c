/*
 * fs/coredump.c - do_coredump: stop the other threads, name and open the
 * core file, let the ELF writer fill it, report WCOREFLAG (see
 * fs/coredump.h).  As Linux 6.1's fs/coredump.c:
 *
 * - Nothing is written when the mm is not dumpable (prctl
 *   PR_SET_DUMPABLE 0, a change of ids: kernel/process/sys_cred.c), when the group is already exiting, when
 *   RLIMIT_CORE is below a page, or when core_pattern starts with '|'
 *   (Linux pipes the core to that program; Mapback has no user-mode
 *   helper and skips the dump, as Linux does without one).
 * - The name comes from core_pattern (%p %P %i %I %u %g %d %s %t %h %e
 *   %E %c %%), with ".PID" appended when core_uses_pid is set and the
 *   pattern has no %p; a relative name is in the dumper's cwd.  An old
 *   file of that name is unlinked, then the file is created with
 *   O_CREAT|O_EXCL|O_NOFOLLOW, mode 0600 (less the umask: a file that
 *   does not come out 0600 is not written), so a planted link or hard
 *   link is never written through.
 * - The limit counts written bytes, holes are free; a write that would
 *   pass it is not made and ends the dump.  The core bit is still set
 *   then, as Linux sets it once the notes are collected.
 *
 * The thread roll call (Linux's coredump_wait / coredump_task_exit):
 * zap_threads sends SIGKILL to every other thread of the group and counts
 * those that have not yet passed coredump_task_exit (PF_POSTCOREDUMP);
 * each of them, on its way through do_exit, links itself on
 * core_state->dumper and sleeps until coredump_finish lets it go on.
 * Interrupts are off around every look at core_state: Mapback has one
 * CPU, so that is the siglock.  Threads that were exiting already are
 * not waited for and not dumped.
 */
#include "fs/coredump.h"
#include "fs/file.h"
#include "fs/proc/procfs.h"
#include "fs/vfs.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/process/exit.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/process/task.h"
#include "kernel/time/time.h"
#include "mm/phys/highmem.h"
#include "mm/phys/page.h"
#include "mm/phys/page_alloc.h"
#include "mm/vm/pt_walk.h"
#include "mm/phys/slab.h"
#include "mm/vm/memory.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

char core_pattern[CORENAME_MAX_SIZE] = "core";
int core_uses_pid;

/* The node name uname reports (kernel/sys_info.c). */
extern char hostname[];

/* ---- the roll call ---- */

/* -EAGAIN when the group is already on its way out (or a thread execs),
 * else how many threads must check in.  Interrupts off. */
static int zap_threads(struct task_struct *tsk, struct core_state *cs,
		       int exit_code)
{
	struct signal_struct *sg = tsk->signal;
	struct task_struct *t;
	int nr = 0;

	if (signal_group_exit(sg))
		return -EAGAIN;
	sg->core_state = cs;
	sg->flags = SIGNAL_GROUP_EXIT;
	sg->group_exit_code = exit_code;
	for_each_thread(tsk->group_leader, t) {
		if (t != tsk && !(t->flags & PF_POSTCOREDUMP))
			nr++;
	}
	zap_other_threads(tsk);
	cs->nr_threads = nr;
	return nr;
}

static int coredump_wait(int exit_code, struct core_state *cs)
{
	u32 flags = irq_save();
	int nr;

	cs->dumper.task = current;
	cs->dumper.next = NULL;
	nr = zap_threads(current, cs, exit_code);
	while (nr > 0 && cs->nr_threads > 0) {
		current->state = TASK_UNINTERRUPTIBLE;
		schedule();
	}
	irq_restore(flags);
	return nr;
}

void coredump_task_exit(struct task_struct *t)
{
	struct core_thread self;
	struct core_state *cs;
	u32 flags = irq_save();

	t->flags |= PF_POSTCOREDUMP;
	cs = t->signal->core_state;
	if (cs) {
		self.task = t;
		self.next = cs->dumper.next;
		cs->dumper.next = &self;
		if (--cs->nr_threads == 0)
			wake_up_process(cs->dumper.task);
		while (self.task) {
			t->state = TASK_UNINTERRUPTIBLE;
			schedule();
		}
	}
	irq_restore(flags);
}

/* The group's status gets the core bit; the waiting threads go on. */
static void coredump_finish(struct core_state *cs, bool dumped)
{
	struct core_thread *ct, *next;
	struct task_struct *t;
	u32 flags = irq_save();

	if (dumped && !fatal_signal_pending(current))
		current->signal->group_exit_code |= WCOREFLAG;
	current->signal->core_state = NULL;
	for (ct = cs->dumper.next; ct; ct = next) {
		next = ct->next; /* ct goes with its thread's stack */
		t = ct->task;
		ct->task = NULL;
		wake_up_process(t);
	}
	irq_restore(flags);
}

/* ---- the name ---- */

struct core_name {
	char *buf;
	int used;
};

static int cn_printf(struct core_name *cn, const char *fmt, ...) __printf(2, 3);

static int cn_printf(struct core_name *cn, const char *fmt, ...)
{
	int room = PATH_MAX - cn->used, n;
	va_list ap;

	va_start(ap, fmt);
	n = vsnprintf(cn->buf + cn->used, room, fmt, ap);
	va_end(ap);
	if (n >= room)
		return -ENAMETOOLONG;
	cn->used += n;
	return 0;
}

/* A string that becomes one path component: '/' turns into '!'. */
static int cn_esc_printf(struct core_name *cn, const char *s)
{
	int from = cn->used, err = cn_printf(cn, "%s", s);

	for (; from < cn->used; from++)
		if (cn->buf[from] == '/')
			cn->buf[from] = '!';
	return err;
}

/* %E: the executable's path, '/' escaped, as /proc/PID/exe names it. */
static int cn_print_exe_file(struct core_name *cn)
{
	struct file *exe = get_mm_exe_file(current->mm);
	char *path;
	int n, err;

	if (!exe)
		return cn_printf(cn, "%s (path unknown)", current->comm);
	path = kmalloc(PATH_MAX, GFP_KERNEL);
	err = -ENOMEM;
	if (path) {
		down(&namespace_sem);
		n = proc_file_link(exe, path, PATH_MAX - 1);
		up(&namespace_sem);
		err = n;
		if (n >= 0) {
			path[n] = '\0';
			err = cn_esc_printf(cn, path);
		}
		kfree(path);
	}
	fput(exe);
	return err;
}

static int cn_print_spec(struct core_name *cn, char c,
			 const struct coredump_params *cprm)
{
	switch (c) {
	case '%':
		return cn_printf(cn, "%%");
	case 'p':
	case 'P':
		return cn_printf(cn, "%d", current->tgid);
	case 'i':
	case 'I':
		return cn_printf(cn, "%d", current->pid);
	case 'u':
		return cn_printf(cn, "%u", current_cred()->uid);
	case 'g':
		return cn_printf(cn, "%u", current_cred()->gid);
	case 'd':
		return cn_printf(cn, "%d", get_dumpable(current->mm));
	case 's':
		return cn_printf(cn, "%d", cprm->siginfo->si_signo);
	case 't':
		return cn_printf(cn, "%u", get_seconds());
	case 'h':
		return cn_esc_printf(cn, hostname);
	case 'e':
		return cn_esc_printf(cn, current->comm);
	case 'E':
		return cn_print_exe_file(cn);
	case 'c':
		return cn_printf(cn, "%lu", cprm->limit);
	default:
		return 0; /* an unknown specifier is dropped */
	}
}

/* The file name into cn; 1 for a pipe pattern, 0, or -errno. */
static int format_corename(struct core_name *cn,
			   const struct coredump_params *cprm)
{
	const char *p = core_pattern;
	bool pid_in_pattern = false;
	int err = 0;

	cn->used = 0;
	cn->buf[0] = '\0';
	if (*p == '|')
		return 1;
	for (; *p && !err; p++) {
		if (*p != '%') {
			err = cn_printf(cn, "%c", *p);
			continue;
		}
		if (!*++p)
			break; /* a lone '%' at the end */
		pid_in_pattern |= *p == 'p';
		err = cn_print_spec(cn, *p, cprm);
	}
	if (!err && !pid_in_pattern && core_uses_pid)
		err = cn_printf(cn, ".%d", current->tgid);
	return err;
}

/* ---- the file ---- */

/*
 * Linux's checks: a new regular file, ours alone (one link), created
 * with exactly mode 0600 (a umask may have taken bits away), writable.
 */
static int open_core_file(const char *name, struct file **res)
{
	struct file *file;
	struct inode *inode;
	int err;

	vfs_unlink(NULL, name); /* if it cannot go, the O_EXCL open fails */
	err = vfs_open(NULL, name,
		       O_CREAT | O_RDWR | O_NOFOLLOW | O_LARGEFILE | O_EXCL,
		       0600, &file);
	if (err)
		return err;
	inode = file->f_inode;
	if (inode->i_nlink > 1 || !S_ISREG(inode->i_mode) ||
	    (inode->i_mode & 0677) != 0600 || !(file->f_mode & FMODE_WRITE)) {
		fput(file);
		return -EPERM;
	}
	*res = file;
	return 0;
}

static bool dump_interrupted(void)
{
	return fatal_signal_pending(current);
}

bool dump_emit(struct coredump_params *cprm, const void *addr, size_t nr)
{
	ssize_t n;

	if (cprm->to_skip) {
		if (dump_interrupted())
			return false;
		cprm->pos += cprm->to_skip; /* ramfs reads a hole as 0s */
		cprm->to_skip = 0;
	}
	if (cprm->written + nr > cprm->limit || dump_interrupted())
		return false;
	n = vfs_write(cprm->file, addr, nr, &cprm->pos);
	if (n < 0 || (size_t)n != nr)
		return false;
	cprm->written += n;
	return true;
}

void dump_skip(struct coredump_params *cprm, size_t nr)
{
	cprm->to_skip += nr;
}

void dump_skip_to(struct coredump_params *cprm, loff_t pos)
{
	cprm->to_skip = pos - cprm->pos;
}

void dump_align(struct coredump_params *cprm, int align)
{
	loff_t end = cprm->pos + cprm->to_skip;

	dump_skip_to(cprm, (end + align - 1) & ~(loff_t)(align - 1));
}

/* ---- the memory ---- */

/*
 * The page at addr, referenced, or NULL for a hole (Linux's
 * get_dump_page): a present PTE gives its page; a never-touched
 * anonymous page is a hole, not a fresh zero page; anything else (a
 * swapped-out page, a file page not mapped yet) goes through the normal
 * fault path, read-only, and is looked up again.  Caller holds mmap_sem.
 */
static struct page *dump_page_locked(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma = find_vma(mm, addr);
	int tries;

	if (!vma || vma->vm_start > addr)
		return NULL;
	for (tries = 0; tries < 2; tries++) {
		struct page *page = NULL;
		pte_t entry;
		u32 flags;

		spin_lock_irqsave(&mm->page_table_lock, flags);
		pte_read(mm, addr, &entry);
		if (pte_present(entry)) {
			page = pte_page(entry);
			get_page(page);
		}
		spin_unlock_irqrestore(&mm->page_table_lock, flags);
		if (page)
			return page;
		if (pte_none(entry) && !vma->vm_file)
			return NULL;
		if (!(vma->vm_flags & (VM_READ | VM_WRITE | VM_EXEC)) ||
		    handle_mm_fault(mm, vma, addr, false) < 0)
			return NULL;
	}
	return NULL;
}

bool dump_user_range(struct coredump_params *cprm, unsigned long start,
		     unsigned long len)
{
	struct mm_struct *mm = current->mm;
	unsigned long addr;

	for (addr = start; addr < start + len; addr += PAGE_SIZE) {
		struct page *page;
		bool ok;

		down(&mm->mmap_sem);
		page = dump_page_locked(mm, addr);
		up(&mm->mmap_sem);
		if (!page) {
			dump_skip(cprm, PAGE_SIZE);
			continue;
		}
		/* kmap: the write to the core file may sleep. */
		ok = dump_emit(cprm, kmap(page), PAGE_SIZE);
		kunmap(page);
		put_page(page);
		if (!ok)
			return false;
	}
	return true;
}

#define FILTER(mm_flags, bit) ((mm_flags) & (1UL << MMF_DUMP_##bit))

/*
 * How much of vma the core holds, by coredump_filter (Linux's
 * vma_dump_size).  Shared anonymous memory has no file here (Linux's is
 * an unlinked shmem file): it counts as ANON_SHARED.  Returns 1 for "the
 * first page if the file starts with an ELF header", settled by
 * elf_header_size once mmap_sem is dropped.
 */
static unsigned long vma_dump_size(struct vm_area_struct *vma,
				   unsigned long mm_flags)
{
	unsigned long whole = vma->vm_end - vma->vm_start;

	if (vma->vm_flags & (VM_IO | VM_DONTDUMP))
		return 0;
	if (vma->vm_flags & VM_SHARED) {
		if (!vma->vm_file || vma->vm_file->f_inode->i_nlink == 0)
			return FILTER(mm_flags, ANON_SHARED) ? whole : 0;
		return FILTER(mm_flags, MAPPED_SHARED) ? whole : 0;
	}
	if (vma->vm_has_anon && FILTER(mm_flags, ANON_PRIVATE))
		return whole;
	if (!vma->vm_file)
		return 0;
	if (FILTER(mm_flags, MAPPED_PRIVATE))
		return whole;
	if (FILTER(mm_flags, ELF_HEADERS) && vma->vm_pgoff == 0 &&
	    (vma->vm_flags & VM_READ))
		return (vma->vm_file->f_inode->i_mode & 0111) ? PAGE_SIZE : 1;
	return 0;
}

static unsigned long elf_header_size(struct file *file)
{
	char magic[4];

	return kernel_read(file, 0, magic, 4) == 4 &&
			       !memcmp(magic, "\177ELF", 4) ?
		       PAGE_SIZE :
		       0;
}

/* NT_FILE's name of m's file, the NUL counted; 0 when it has none. */
static unsigned int file_name_len(struct core_vma_metadata *m, char *buf)
{
	int n;

	if (!m->file)
		return 0;
	down(&namespace_sem);
	n = proc_file_link(m->file, buf, PATH_MAX - 1);
	up(&namespace_sem);
	return n < 0 ? 0 : n + 1;
}

void *core_alloc(u32 size)
{
	if (size <= PAGE_SIZE)
		return kmalloc(size ?: 1, GFP_KERNEL);
	return (void *)__get_free_pages(GFP_KERNEL, get_order(size));
}

void core_free(void *p, u32 size)
{
	if (size <= PAGE_SIZE)
		kfree(p);
	else if (p)
		free_pages((unsigned long)p, get_order(size));
}

static void free_meta(struct coredump_params *cprm)
{
	int i;

	for (i = 0; i < cprm->vma_count; i++)
		if (cprm->vma_meta[i].file)
			fput(cprm->vma_meta[i].file);
	core_free(cprm->vma_meta,
		  cprm->vma_count * sizeof(struct core_vma_metadata));
}

/* Every VMA's range, flags, file and dump size (Linux's
 * dump_vma_snapshot); false when out of memory. */
static bool dump_vma_snapshot(struct coredump_params *cprm)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	char *buf;
	int i = 0;

	down(&mm->mmap_sem);
	cprm->vma_count = mm->map_count;
	cprm->vma_meta = core_alloc(cprm->vma_count * sizeof(*cprm->vma_meta));
	if (!cprm->vma_meta) {
		up(&mm->mmap_sem);
		return false;
	}
	for_each_vma(vma, mm) {
		struct core_vma_metadata *m = &cprm->vma_meta[i++];

		m->start = vma->vm_start;
		m->end = vma->vm_end;
		m->flags = vma->vm_flags;
		m->pgoff = vma->vm_pgoff;
		m->file = vma->vm_file ? get_file(vma->vm_file) : NULL;
		m->dump_size = vma_dump_size(vma, cprm->mm_flags);
	}
	up(&mm->mmap_sem);
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	cprm->vma_data_size = 0;
	for (i = 0; i < cprm->vma_count; i++) {
		struct core_vma_metadata *m = &cprm->vma_meta[i];

		if (m->dump_size == 1)
			m->dump_size = elf_header_size(m->file);
		m->name_len = buf ? file_name_len(m, buf) : 0;
		cprm->vma_data_size += m->dump_size;
	}
	kfree(buf);
	return true;
}

/* ---- the whole ---- */

static bool write_core(struct coredump_params *cprm, const char *name)
{
	bool dumped;

	if (open_core_file(name, &cprm->file))
		return false;
	if (!dump_vma_snapshot(cprm)) {
		fput(cprm->file);
		return false;
	}
	dumped = elf_core_dump(cprm);
	/* A file that ends in a hole still gets its full length. */
	if (cprm->to_skip) {
		cprm->to_skip--;
		dump_emit(cprm, "", 1);
	}
	free_meta(cprm);
	fput(cprm->file);
	return dumped;
}

void do_coredump(const struct ksiginfo *siginfo)
{
	struct mm_struct *mm = current->mm;
	struct coredump_params cprm;
	struct core_state cs;
	struct core_name cn;
	bool dumped = false;
	int ispipe;

	if (!mm || get_dumpable(mm) == SUID_DUMP_DISABLE)
		return;
	memset(&cprm, 0, sizeof(cprm));
	cprm.siginfo = siginfo;
	cprm.regs = task_pt_regs(current);
	cprm.limit = rlimit(RLIMIT_CORE);
	cprm.mm_flags = mm->flags;
	if (coredump_wait(siginfo->si_signo, &cs) < 0)
		return;
	cn.buf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!cn.buf)
		goto finish;
	ispipe = format_corename(&cn, &cprm);
	if (ispipe > 0)
		printk("Core dump to %s disabled: no pipe helpers\n",
		       core_pattern);
	else if (!ispipe && cprm.limit >= PAGE_SIZE)
		dumped = write_core(&cprm, cn.buf);
	kfree(cn.buf);
finish:
	coredump_finish(&cs, dumped);
}
