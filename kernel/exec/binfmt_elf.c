/*
 * kernel/exec/binfmt_elf.c - loading static i386 ELF executables (ET_EXEC,
 * EM_386).
 *
 * Everything that can be wrong with the file is checked before the old
 * address space is given up (exec_mmap): header fields, program headers
 * inside the file, PT_LOAD segments inside user space, file offsets and
 * addresses congruent modulo the page size, the entry point inside a
 * segment.  A bad or truncated file is -ENOEXEC and the caller's process
 * carries on.
 *
 * Each PT_LOAD becomes a private file mapping of the executable: the pages
 * come from the page cache, so every process running the program shares
 * its text (object-based rmap finds them all through the file's i_mmap).
 * The bss is the rest of the last file page, zeroed (a private copy), plus
 * anonymous pages up to p_memsz.  The heap starts after the highest one.
 */
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/trap.h"
#include "kernel/task.h"
#include "kernel/uaccess.h"
#include "kernel/exec/binprm.h"
#include "kernel/exec/exec.h"
#include "kernel/exec/elf.h"
#include "mm/vm/mman.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/slab.h"

#define MAX_PHNUM	(PAGE_SIZE / sizeof(struct elf32_phdr))

static bool header_ok(const struct elf32_hdr *eh)
{
	return !memcmp(eh->e_ident, ELFMAG, 4) &&
	       eh->e_ident[EI_CLASS] == ELFCLASS32 &&
	       eh->e_ident[EI_DATA] == ELFDATA2LSB &&
	       eh->e_ident[EI_VERSION] == EV_CURRENT &&
	       eh->e_type == ET_EXEC && eh->e_machine == EM_386 &&
	       eh->e_phentsize == sizeof(struct elf32_phdr) &&
	       eh->e_phnum > 0 && eh->e_phnum <= MAX_PHNUM;
}

/* Below the stack's argument area and its room to grow. */
#define LOAD_LIMIT	(STACK_TOP - STACK_LIMIT)

static bool segment_ok(const struct elf32_phdr *ph, loff_t size)
{
	if (ph->p_filesz > ph->p_memsz)
		return false;
	if ((loff_t)ph->p_offset + ph->p_filesz > size)
		return false;	/* truncated file */
	if (ph->p_vaddr >= LOAD_LIMIT || ph->p_memsz > LOAD_LIMIT - ph->p_vaddr)
		return false;
	if ((ph->p_vaddr - ph->p_offset) & ~PAGE_MASK)
		return false;
	return ph->p_vaddr >= PAGE_SIZE;
}

/* Check every program header; fill bprm's entry/phdr fields. */
static int check_phdrs(struct linux_binprm *bprm, const struct elf32_hdr *eh,
		       const struct elf32_phdr *ph)
{
	loff_t size = bprm->file->f_inode->i_size;
	bool entry_ok = false;
	int i, loads = 0;

	bprm->phdr_addr = 0;
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_INTERP)
			return -ENOEXEC;	/* dynamic: not supported */
		if (ph[i].p_type == PT_PHDR)
			bprm->phdr_addr = ph[i].p_vaddr;
		if (ph[i].p_type != PT_LOAD)
			continue;
		if (!segment_ok(&ph[i], size))
			return -ENOEXEC;
		loads++;
		if (eh->e_entry >= ph[i].p_vaddr &&
		    eh->e_entry < ph[i].p_vaddr + ph[i].p_memsz)
			entry_ok = true;
		if (!bprm->phdr_addr && eh->e_phoff >= ph[i].p_offset &&
		    eh->e_phoff < ph[i].p_offset + ph[i].p_filesz)
			bprm->phdr_addr = ph[i].p_vaddr +
					  (eh->e_phoff - ph[i].p_offset);
	}
	if (!loads || !entry_ok)
		return -ENOEXEC;
	bprm->entry = eh->e_entry;
	bprm->phnum = eh->e_phnum;
	return 0;
}

static unsigned long elf_prot(u32 p_flags)
{
	return ((p_flags & PF_R) ? PROT_READ : 0) |
	       ((p_flags & PF_W) ? PROT_WRITE : 0) |
	       ((p_flags & PF_X) ? PROT_EXEC : 0);
}

/* Map one PT_LOAD; the caller holds mmap_sem. */
static int map_segment(struct linux_binprm *bprm, const struct elf32_phdr *ph)
{
	unsigned long start = ph->p_vaddr & PAGE_MASK;
	unsigned long file_end = PAGE_ALIGN(ph->p_vaddr + ph->p_filesz);
	unsigned long mem_end = PAGE_ALIGN(ph->p_vaddr + ph->p_memsz);
	long r;

	if (ph->p_filesz) {
		r = do_mmap_pgoff(bprm->file, start, file_end - start,
				  elf_prot(ph->p_flags),
				  MAP_PRIVATE | MAP_FIXED | MAP_EXECUTABLE |
				  MAP_DENYWRITE,
				  (ph->p_offset & PAGE_MASK) >> PAGE_SHIFT);
		if (IS_ERR_VALUE(r))
			return r;
	} else {
		file_end = start;
	}
	if (mem_end > file_end) {
		r = do_brk(file_end, mem_end - file_end);
		if (IS_ERR_VALUE(r))
			return r;
	}
	return 0;
}

/* Zero from the end of a segment's file data to the end of its page. */
static int pad_zero(const struct elf32_phdr *ph)
{
	unsigned long end = ph->p_vaddr + ph->p_filesz;
	unsigned long n = PAGE_ALIGN(end) - end;

	if (ph->p_memsz == ph->p_filesz || !n)
		return 0;
	return clear_user((void *)end, n) ? -EFAULT : 0;
}

static void note_segment(struct mm_struct *mm, const struct elf32_phdr *ph)
{
	unsigned long end = ph->p_vaddr + ph->p_filesz;

	if (ph->p_flags & PF_X) {
		if (!mm->start_code || ph->p_vaddr < mm->start_code)
			mm->start_code = ph->p_vaddr;
		if (end > mm->end_code)
			mm->end_code = end;
	} else {
		if (!mm->start_data || ph->p_vaddr < mm->start_data)
			mm->start_data = ph->p_vaddr;
		if (end > mm->end_data)
			mm->end_data = end;
	}
	if (PAGE_ALIGN(ph->p_vaddr + ph->p_memsz) > mm->start_brk)
		mm->start_brk = mm->brk =
			PAGE_ALIGN(ph->p_vaddr + ph->p_memsz);
}

/* Past the point of no return: build the new address space. */
static int map_image(struct linux_binprm *bprm, const struct elf32_hdr *eh,
		     const struct elf32_phdr *ph)
{
	struct mm_struct *mm = current->mm;
	int i, err = 0;

	down(&mm->mmap_sem);
	for (i = 0; i < eh->e_phnum && !err; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		err = map_segment(bprm, &ph[i]);
		note_segment(mm, &ph[i]);
	}
	up(&mm->mmap_sem);
	/* Faults in clear_user take mmap_sem themselves. */
	for (i = 0; i < eh->e_phnum && !err; i++)
		if (ph[i].p_type == PT_LOAD)
			err = pad_zero(&ph[i]);
	return err;
}

int load_elf_binary(struct linux_binprm *bprm)
{
	const struct elf32_hdr *eh = (const struct elf32_hdr *)bprm->buf;
	struct elf32_phdr *ph;
	u32 size;
	long r;
	int err;

	if (!header_ok(eh))
		return -ENOEXEC;
	size = eh->e_phnum * sizeof(*ph);
	ph = kmalloc(size, GFP_KERNEL);
	if (!ph)
		return -ENOMEM;
	r = kernel_read(bprm->file, eh->e_phoff, (char *)ph, size);
	err = r == (long)size ? check_phdrs(bprm, eh, ph) : -ENOEXEC;
	if (!err)
		err = exec_mmap(bprm);
	if (!err)
		err = map_image(bprm, eh, ph);
	if (!err) {
		r = setup_stack(bprm);
		err = IS_ERR_VALUE(r) ? r : 0;
	}
	kfree(ph);
	if (!err)
		start_thread(task_pt_regs(current), bprm->entry, (u32)r);
	return err;
}
