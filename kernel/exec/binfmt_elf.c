/*
 * kernel/exec/binfmt_elf.c - loading i386 ELF programs: static ones
 * (ET_EXEC), position-independent ones (ET_DYN, "PIE"), and dynamically
 * linked ones, whose PT_INTERP names the program that really runs first:
 * the dynamic linker (ld.so; musl's is libc.so itself), an ET_DYN too.
 *
 * Where each goes, as Linux i386 without address randomisation:
 *
 *	ET_EXEC			where it was linked (0x08048000 ...)
 *	ET_DYN with PT_INTERP	its first segment at ELF_ET_DYN_BASE
 *	ET_DYN alone		(ld.so run as a command, a static PIE)
 *				where mmap would put it: TASK_UNMAPPED_BASE up
 *	the interpreter		likewise where mmap would put it
 *
 * The heap (brk) starts after the program's highest segment, never after
 * the interpreter's.  With an interpreter the process starts at its entry
 * point; ld.so then finds the program through the auxiliary vector:
 * AT_PHDR (its program headers, mapped), AT_ENTRY (its entry point) and
 * AT_BASE (where ld.so itself was put), see kernel/exec/exec_args.c.
 *
 * Errors: the program and the interpreter are opened, read and checked
 * while the old address space still exists, so a bad program is -ENOEXEC,
 * a missing interpreter is open's error (-ENOENT, -EACCES ...), and a bad
 * one is -ELIBBAD (-EIO when shorter than an ELF header), as Linux.  What
 * fails after exec_mmap, the point of no return (an image that does not
 * fit, no memory), kills the process (kernel/exec/exec.c).
 *
 * PT_GNU_STACK decides whether the stack VMA is executable, as on Linux:
 * without the header it is (old binaries), with it only if PF_X is set.
 * The 386 cannot refuse to execute a readable page, so that shows only
 * in /proc/PID/maps.
 */
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/exec/binprm.h"
#include "kernel/exec/elf_image.h"
#include "kernel/exec/exec.h"
#include "mm/vm/mman.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/slab.h"

/* Where a PIE's first segment goes: 2/3 of user space (0x80000000). */
#define ELF_ET_DYN_BASE	(TASK_SIZE / 3 * 2)

/* The user address of the program headers, as linked: AT_PHDR - bias. */
static unsigned long phdr_vaddr(const struct elf_image *prog)
{
	const struct elf32_phdr *ph = elf_image_find(prog, PT_PHDR);
	u32 off = prog->eh.e_phoff;
	int i;

	if (ph)
		return ph->p_vaddr;
	for (i = 0; i < prog->eh.e_phnum; i++) {
		ph = &prog->ph[i];
		if (ph->p_type == PT_LOAD && off >= ph->p_offset &&
		    off < ph->p_offset + ph->p_filesz)
			return ph->p_vaddr + (off - ph->p_offset);
	}
	return 0;
}

/*
 * Open and check the interpreter of prog, if it names one.  0 with
 * interp->file NULL when there is none.
 */
static int open_interp(const struct elf_image *prog, struct elf_image *interp)
{
	const struct elf32_phdr *ph = elf_image_find(prog, PT_INTERP);
	struct elf32_hdr eh;
	struct file *file;
	char *path;
	long r;
	int err;

	memset(interp, 0, sizeof(*interp));
	if (!ph)
		return 0;
	if (ph->p_filesz < 2 || ph->p_filesz > PATH_MAX)
		return -ENOEXEC;
	path = kmalloc(ph->p_filesz, GFP_KERNEL);
	if (!path)
		return -ENOMEM;
	r = kernel_read(prog->file, ph->p_offset, path, ph->p_filesz);
	if (r != (long)ph->p_filesz || path[ph->p_filesz - 1])
		err = -ENOEXEC;		/* short, or not NUL-terminated */
	else
		err = open_exec_file(path, &file);
	kfree(path);
	if (err)
		return err;
	r = kernel_read(file, 0, (char *)&eh, sizeof(eh));
	if (r < 0 || r != sizeof(eh))
		err = r < 0 ? r : -EIO;
	else
		err = elf_image_read(interp, file, &eh, sizeof(eh));
	if (err == -ENOEXEC)
		err = -ELIBBAD;
	if (err)
		fput(file);
	return err;
}

static void note_segment(struct mm_struct *mm, const struct elf_image *img,
			 const struct elf32_phdr *ph)
{
	unsigned long start = ph->p_vaddr + img->bias;
	unsigned long end = start + ph->p_filesz;

	if (ph->p_flags & PF_X) {
		if (!mm->start_code || start < mm->start_code)
			mm->start_code = start;
		if (end > mm->end_code)
			mm->end_code = end;
	} else {
		if (!mm->start_data || start < mm->start_data)
			mm->start_data = start;
		if (end > mm->end_data)
			mm->end_data = end;
	}
}

/* Choose where an ET_DYN goes (mmap_sem held); ET_EXEC stays put. */
static int place(struct elf_image *img, bool fixed_base)
{
	unsigned long addr;

	if (img->eh.e_type != ET_DYN)
		return 0;
	if (fixed_base) {
		img->bias = ELF_ET_DYN_BASE - img->lo;
		return 0;
	}
	addr = get_unmapped_area(NULL, 0, img->hi - img->lo, 0, 0);
	if (IS_ERR_VALUE(addr))
		return addr;
	img->bias = addr - img->lo;
	return 0;
}

/* Past the point of no return: build the new address space. */
static int map_images(struct elf_image *prog, struct elf_image *interp)
{
	struct mm_struct *mm = current->mm;
	int i, err;

	down(&mm->mmap_sem);
	err = place(prog, interp->file != NULL);
	if (!err)
		err = elf_image_map(prog, MAP_EXECUTABLE);
	for (i = 0; i < prog->eh.e_phnum && !err; i++)
		if (prog->ph[i].p_type == PT_LOAD)
			note_segment(mm, prog, &prog->ph[i]);
	mm->start_brk = mm->brk = prog->hi + prog->bias;
	if (!err && interp->file)
		err = place(interp, false);
	if (!err && interp->file)
		err = elf_image_map(interp, 0);
	up(&mm->mmap_sem);
	/* Faults in clear_user take mmap_sem themselves. */
	if (!err)
		err = elf_image_clear_bss(prog);
	if (!err && interp->file)
		err = elf_image_clear_bss(interp);
	return err;
}

/* Fill in what setup_stack puts in the auxiliary vector. */
static void note_auxv(struct linux_binprm *bprm, const struct elf_image *prog,
		      const struct elf_image *interp)
{
	const struct elf32_phdr *stack = elf_image_find(prog, PT_GNU_STACK);
	unsigned long phdr = phdr_vaddr(prog);

	bprm->phdr_addr = phdr ? phdr + prog->bias : 0;
	bprm->phnum = prog->eh.e_phnum;
	bprm->entry = prog->eh.e_entry + prog->bias;
	bprm->interp_base = interp->file ? interp->bias : 0;
	bprm->exec_stack = !stack || (stack->p_flags & PF_X);
}

int load_elf_binary(struct linux_binprm *bprm)
{
	struct elf_image prog, interp;
	u32 start;
	long r;
	int err;

	err = elf_image_read(&prog, bprm->file, bprm->buf, sizeof(bprm->buf));
	if (err)
		return err;
	err = open_interp(&prog, &interp);
	if (err)
		goto out_prog;
	err = exec_mmap(bprm);
	if (!err)
		err = map_images(&prog, &interp);
	if (!err) {
		note_auxv(bprm, &prog, &interp);
		r = setup_stack(bprm);
		err = IS_ERR_VALUE(r) ? r : 0;
	}
	if (!err) {
		start = interp.file ? interp.eh.e_entry + interp.bias
				    : bprm->entry;
		start_thread(task_pt_regs(current), start, (u32)r);
	}
	if (interp.file) {
		elf_image_free(&interp);
		fput(interp.file);
	}
out_prog:
	elf_image_free(&prog);
	return err;
}
