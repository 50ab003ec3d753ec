/*
 * kernel/exec/binfmt_elf_core.c - the core half of binfmt_elf: writing an
 * ELF32 ET_CORE file of the dumping process, laid out byte for byte as
 * Linux 6.1's elf_core_dump (fs/binfmt_elf.c) lays it out:
 *
 *	ELF header		ET_CORE, EM_386, e_phnum = 1 + VMAs
 *	PT_NOTE header		the notes below
 *	PT_LOAD header * VMAs	p_vaddr, p_memsz = the VMA, p_filesz = what
 *				coredump_filter keeps of it, p_flags = RWX
 *	notes			the dumper's NT_PRSTATUS, NT_PRPSINFO,
 *				NT_SIGINFO, NT_AUXV, NT_FILE, NT_PRFPREG,
 *				then NT_PRSTATUS, NT_PRFPREG per other thread
 *	(hole to a page)
 *	VMA contents		each PT_LOAD's p_filesz bytes at p_offset,
 *				page-aligned, untouched pages left as holes
 *
 * fs/coredump.c has already stopped the other threads and opened the
 * file; this file only turns the process into bytes (kernel/exec/elfcore.h
 * has the note layouts).  Each thread's NT_PRFPREG (its x87 registers)
 * follows the process-wide notes for the dumping thread and its
 * NT_PRSTATUS for the others, when the machine has an FPU.
 */
#include "fs/coredump.h"
#include "fs/namei.h"
#include "fs/proc/procfs.h"
#include "kernel/process/cred.h"
#include "kernel/exec/elf.h"
#include "kernel/exec/elfcore.h"
#include "kernel/cpu/fpu.h"
#include "kernel/lib/string.h"
#include "kernel/signal/signal_frame.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"
#include "mm/vm/mman.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

#define AT_NULL 0

/* Linux's task flags as psinfo's pr_flag shows them. */
#define LINUX_PF_EXITING 0x00000004
#define LINUX_PF_FORKNOEXEC 0x00000040
#define LINUX_PF_DUMPCORE 0x00000200

/* e_phnum is 16 bits; Linux's extended numbering is never needed. */
_Static_assert(MAX_MAP_COUNT + 1 < 0xffff, "e_phnum");

struct memelfnote {
	const char *name;
	u32 type;
	u32 datasz;
	const void *data;
};

/* The notes, collected before anything is written (Linux's
 * elf_note_info): every thread's status, then the process-wide ones. */
struct core_notes {
	int nr_threads;
	struct elf_prstatus *prstatus; /* [0] is the dumping thread's */
	u8 *fpregs; /* FPU_I387_SIZE each, where pr_fpvalid */
	struct elf_prpsinfo psinfo;
	struct user_siginfo siginfo;
	u32 auxv_words;
	u32 nr_files, files_size; /* NT_FILE: entries, bytes */
	u32 size; /* all the notes, padded */
};

static u32 notesize(const char *name, u32 datasz)
{
	return sizeof(struct elf32_note) + ALIGN_UP(strlen(name) + 1, 4) +
	       ALIGN_UP(datasz, 4);
}

static bool writenote_head(struct coredump_params *cprm, const char *name,
			   u32 type, u32 datasz)
{
	struct elf32_note en;

	en.n_namesz = strlen(name) + 1;
	en.n_descsz = datasz;
	en.n_type = type;
	if (!dump_emit(cprm, &en, sizeof(en)) ||
	    !dump_emit(cprm, name, en.n_namesz))
		return false;
	dump_align(cprm, 4);
	return true;
}

static bool writenote(struct coredump_params *cprm, const struct memelfnote *n)
{
	if (!writenote_head(cprm, n->name, n->type, n->datasz) ||
	    !dump_emit(cprm, n->data, n->datasz))
		return false;
	dump_align(cprm, 4);
	return true;
}

/* ---- collecting ---- */

static int parent_tgid(struct task_struct *t)
{
	struct task_struct *p = t->group_leader->parent;

	return p && p != idle_task ? p->tgid : 0;
}

/* The registers t entered the kernel with, in user_regs_struct order. */
static void fill_regs(struct user_regs_struct *r, struct task_struct *t)
{
	struct trapframe *tf = task_pt_regs(t);

	r->ebx = tf->ebx;
	r->ecx = tf->ecx;
	r->edx = tf->edx;
	r->esi = tf->esi;
	r->edi = tf->edi;
	r->ebp = tf->ebp;
	r->eax = tf->eax;
	r->xds = tf->ds & 0xffff;
	r->xes = tf->es & 0xffff;
	r->xfs = tf->fs & 0xffff;
	r->xgs = tf->gs & 0xffff;
	r->orig_eax = tf->trapno == SYSCALL_VECTOR ? (u32)t->syscall_nr : ~0u;
	r->eip = tf->eip;
	r->xcs = tf->cs & 0xffff;
	r->eflags = tf->eflags;
	r->esp = tf->esp;
	r->xss = tf->ss & 0xffff;
}

/* Linux's fill_prstatus: the leader's record has the group's times. */
static void fill_prstatus(struct elf_prstatus *s, struct task_struct *p,
			  int signr)
{
	struct task_struct *t;
	u32 utime = p->utime, stime = p->stime, cutime = 0, cstime = 0;

	memset(s, 0, sizeof(*s));
	s->pr_info.si_signo = s->pr_cursig = signr;
	s->pr_sigpend = (u32)p->pending.signal;
	s->pr_sighold = (u32)p->blocked;
	s->pr_pid = p->pid;
	s->pr_ppid = parent_tgid(p);
	s->pr_pgrp = p->pgrp;
	s->pr_sid = p->session;
	if (thread_group_leader(p))
		utime = stime = 0;
	for_each_thread(p->group_leader, t) {
		if (thread_group_leader(p)) {
			utime += t->utime;
			stime += t->stime;
		}
		cutime += t->cutime;
		cstime += t->cstime;
	}
	jiffies_to_timeval(utime, &s->pr_utime);
	jiffies_to_timeval(stime, &s->pr_stime);
	jiffies_to_timeval(cutime, &s->pr_cutime);
	jiffies_to_timeval(cstime, &s->pr_cstime);
	fill_regs(&s->pr_reg, p);
}

static u32 linux_task_flags(struct task_struct *p)
{
	u32 f = 0;

	if (p->flags & PF_EXITING)
		f |= LINUX_PF_EXITING;
	if (p->flags & PF_FORKNOEXEC)
		f |= LINUX_PF_FORKNOEXEC;
	if (p == current)
		f |= LINUX_PF_DUMPCORE;
	return f;
}

/* Linux's fill_psinfo, for the group leader p. */
static void fill_psinfo(struct elf_prpsinfo *ps, struct task_struct *p,
			struct mm_struct *mm)
{
	u32 len = mm->arg_end - mm->arg_start, i;
	int state = p == current ? 0 : (int)p->state;

	memset(ps, 0, sizeof(*ps));
	if (len >= ELF_PRARGSZ)
		len = ELF_PRARGSZ - 1;
	if (copy_from_user(ps->pr_psargs, (const void *)mm->arg_start, len))
		memset(ps->pr_psargs, 0, sizeof(ps->pr_psargs));
	for (i = 0; i < len; i++)
		if (!ps->pr_psargs[i])
			ps->pr_psargs[i] = ' ';
	ps->pr_psargs[len] = '\0';
	ps->pr_ppid = parent_tgid(p);
	ps->pr_pid = p->pid;
	ps->pr_pgrp = p->pgrp;
	ps->pr_sid = p->session;
	/* The real ids, 16-bit: a larger one shows as the overflow id. */
	ps->pr_uid = p->cred.uid > 0xffff ? OVERFLOWUID : p->cred.uid;
	ps->pr_gid = p->cred.gid > 0xffff ? OVERFLOWUID : p->cred.gid;
	/* The number of the lowest state bit, as Linux's ffz(~state) + 1. */
	for (i = 0; state && !(state & (1 << i)); i++)
		;
	ps->pr_state = state ? i + 1 : 0;
	ps->pr_sname = ps->pr_state > 5 ? '.' : "RSDTZW"[(int)ps->pr_state];
	ps->pr_zomb = ps->pr_sname == 'Z';
	ps->pr_flag = linux_task_flags(p);
	memcpy(ps->pr_fname, p->comm, sizeof(ps->pr_fname));
}

static u32 auxv_words(struct mm_struct *mm)
{
	u32 i = 0;

	do
		i += 2;
	while (i < AT_VECTOR_SIZE && mm->saved_auxv[i - 2] != AT_NULL);
	return i;
}

static void count_files(struct coredump_params *cprm, struct core_notes *n)
{
	u32 names = 0;
	int i;

	n->nr_files = 0;
	for (i = 0; i < cprm->vma_count; i++)
		if (cprm->vma_meta[i].name_len) {
			n->nr_files++;
			names += cprm->vma_meta[i].name_len;
		}
	n->files_size = (2 + 3 * n->nr_files) * 4 + names;
}

static void fill_thread(struct core_notes *n, int i, struct task_struct *t,
			int signr)
{
	fill_prstatus(&n->prstatus[i], t, signr);
	n->prstatus[i].pr_fpvalid =
		fpu_get_i387(t, n->fpregs + i * FPU_I387_SIZE);
}

/* The dumper first, then the others in the order they checked in. */
static bool collect_threads(struct coredump_params *cprm, struct core_notes *n)
{
	struct core_thread *ct = current->signal->core_state->dumper.next;
	int signr = cprm->siginfo->si_signo, i;

	n->nr_threads = 1;
	for (; ct; ct = ct->next)
		n->nr_threads++;
	n->prstatus = core_alloc(n->nr_threads * sizeof(*n->prstatus));
	n->fpregs = core_alloc(n->nr_threads * FPU_I387_SIZE);
	if (!n->prstatus || !n->fpregs)
		return false;
	fill_thread(n, 0, current, signr);
	i = n->nr_threads;
	for (ct = current->signal->core_state->dumper.next; ct; ct = ct->next)
		fill_thread(n, --i, ct->task, signr);
	return true;
}

static bool fill_note_info(struct coredump_params *cprm, struct core_notes *n)
{
	struct mm_struct *mm = current->mm;

	if (!collect_threads(cprm, n))
		return false;
	fill_psinfo(&n->psinfo, current->group_leader, mm);
	fill_user_siginfo(&n->siginfo, cprm->siginfo);
	n->auxv_words = auxv_words(mm);
	count_files(cprm, n);
	n->size =
		n->nr_threads * notesize("CORE", sizeof(struct elf_prstatus)) +
		notesize("CORE", sizeof(n->psinfo)) +
		notesize("CORE", sizeof(n->siginfo)) +
		notesize("CORE", n->auxv_words * 4) +
		notesize("CORE", n->files_size);
	if (n->prstatus[0].pr_fpvalid)
		n->size += n->nr_threads * notesize("CORE", FPU_I387_SIZE);
	return true;
}

/* ---- writing ---- */

static bool write_elf_header(struct coredump_params *cprm, int segs)
{
	struct elf32_hdr eh;

	memset(&eh, 0, sizeof(eh));
	memcpy(eh.e_ident, ELFMAG, 4);
	eh.e_ident[EI_CLASS] = ELFCLASS32;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_CORE;
	eh.e_machine = EM_386;
	eh.e_version = EV_CURRENT;
	eh.e_phoff = sizeof(eh);
	eh.e_ehsize = sizeof(eh);
	eh.e_phentsize = sizeof(struct elf32_phdr);
	eh.e_phnum = segs;
	return dump_emit(cprm, &eh, sizeof(eh));
}

static bool write_phdrs(struct coredump_params *cprm, u32 notes_off,
			u32 notes_size, u32 dataoff)
{
	struct elf32_phdr ph;
	int i;

	memset(&ph, 0, sizeof(ph));
	ph.p_type = PT_NOTE;
	ph.p_offset = notes_off;
	ph.p_filesz = notes_size;
	if (!dump_emit(cprm, &ph, sizeof(ph)))
		return false;
	for (i = 0; i < cprm->vma_count; i++) {
		struct core_vma_metadata *m = &cprm->vma_meta[i];

		ph.p_type = PT_LOAD;
		ph.p_offset = dataoff;
		ph.p_vaddr = m->start;
		ph.p_filesz = m->dump_size;
		ph.p_memsz = m->end - m->start;
		ph.p_flags = (m->flags & VM_READ ? PF_R : 0) |
			     (m->flags & VM_WRITE ? PF_W : 0) |
			     (m->flags & VM_EXEC ? PF_X : 0);
		ph.p_align = PAGE_SIZE;
		dataoff += m->dump_size;
		if (!dump_emit(cprm, &ph, sizeof(ph)))
			return false;
	}
	return true;
}

/* One path of NT_FILE, exactly the name_len the sizes were made with. */
static bool write_file_name(struct coredump_params *cprm,
			    struct core_vma_metadata *m, char *buf)
{
	int n;

	memset(buf, 0, m->name_len);
	down(&namespace_sem);
	n = proc_file_link(m->file, buf, m->name_len - 1);
	up(&namespace_sem);
	if (n < 0)
		memset(buf, 0, m->name_len);
	buf[m->name_len - 1] = '\0';
	return dump_emit(cprm, buf, m->name_len);
}

/* NT_FILE: count, page size, (start, end, pgoff) each, then the names. */
static bool write_files_note(struct coredump_params *cprm,
			     const struct core_notes *n)
{
	u32 head[2] = { n->nr_files, PAGE_SIZE };
	bool ok;
	char *buf;
	int i;

	if (!writenote_head(cprm, "CORE", NT_FILE, n->files_size) ||
	    !dump_emit(cprm, head, sizeof(head)))
		return false;
	for (i = 0; i < cprm->vma_count; i++) {
		struct core_vma_metadata *m = &cprm->vma_meta[i];
		u32 e[3] = { m->start, m->end, m->pgoff };

		if (m->name_len && !dump_emit(cprm, e, sizeof(e)))
			return false;
	}
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	ok = buf != NULL;
	for (i = 0; ok && i < cprm->vma_count; i++)
		if (cprm->vma_meta[i].name_len)
			ok = write_file_name(cprm, &cprm->vma_meta[i], buf);
	kfree(buf);
	dump_align(cprm, 4);
	return ok;
}

static bool write_note_info(struct coredump_params *cprm,
			    const struct core_notes *n)
{
	struct memelfnote prstatus = { "CORE", NT_PRSTATUS,
				       sizeof(struct elf_prstatus), NULL };
	struct memelfnote psinfo = { "CORE", NT_PRPSINFO, sizeof(n->psinfo),
				     &n->psinfo };
	struct memelfnote sig = { "CORE", NT_SIGINFO, sizeof(n->siginfo),
				  &n->siginfo };
	struct memelfnote auxv = { "CORE", NT_AUXV, n->auxv_words * 4,
				   current->mm->saved_auxv };
	struct memelfnote fpregs = { "CORE", NT_PRFPREG, FPU_I387_SIZE, NULL };
	int i;

	for (i = 0; i < n->nr_threads; i++) {
		prstatus.data = &n->prstatus[i];
		fpregs.data = n->fpregs + i * FPU_I387_SIZE;
		if (!writenote(cprm, &prstatus))
			return false;
		if (i == 0 &&
		    (!writenote(cprm, &psinfo) || !writenote(cprm, &sig) ||
		     !writenote(cprm, &auxv) || !write_files_note(cprm, n)))
			return false;
		if (n->prstatus[i].pr_fpvalid && !writenote(cprm, &fpregs))
			return false;
	}
	return true;
}

bool elf_core_dump(struct coredump_params *cprm)
{
	struct core_notes n;
	int segs = cprm->vma_count + 1, i;
	u32 notes_off, dataoff;
	bool has_dumped;

	memset(&n, 0, sizeof(n));
	has_dumped = fill_note_info(cprm, &n);
	if (!has_dumped)
		goto out;
	notes_off = sizeof(struct elf32_hdr) + segs * sizeof(struct elf32_phdr);
	dataoff = ALIGN_UP(notes_off + n.size, PAGE_SIZE);
	if (write_elf_header(cprm, segs) &&
	    write_phdrs(cprm, notes_off, n.size, dataoff) &&
	    write_note_info(cprm, &n)) {
		dump_skip_to(cprm, dataoff);
		for (i = 0; i < cprm->vma_count; i++)
			if (!dump_user_range(cprm, cprm->vma_meta[i].start,
					     cprm->vma_meta[i].dump_size))
				break;
	}
out:
	core_free(n.prstatus, n.nr_threads * sizeof(*n.prstatus));
	core_free(n.fpregs, n.nr_threads * FPU_I387_SIZE);
	return has_dumped;
}
