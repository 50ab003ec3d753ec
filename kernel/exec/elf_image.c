/*
 * kernel/exec/elf_image.c - reading, checking and mapping one ELF file
 * (kernel/exec/elf_image.h): the program execve was given, or the
 * interpreter its PT_INTERP names.
 *
 * Everything that can be wrong with the file itself is checked while the
 * old address space still exists: header fields, program headers inside
 * the file, PT_LOAD file ranges inside the file, file offsets and
 * addresses congruent modulo the page size, the entry point inside a
 * segment.  An ET_EXEC must also lie in user space below the stack; an
 * ET_DYN is placed later (kernel/exec/binfmt_elf.c), so only its size
 * can be checked here, and whether it fits is found when it is mapped.
 *
 * Each PT_LOAD becomes a private file mapping: its pages come from the
 * page cache, so every process running the program, or using the same
 * ld.so / libc.so, shares them, and object-based rmap finds them all
 * through the file's i_mmap.  The bss is the rest of the last file page,
 * zeroed (a private copy), plus anonymous pages up to p_memsz.
 */
#include "fs/file.h"
#include "fs/inode.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/exec/elf_image.h"
#include "mm/vm/mman.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/slab.h"

#define MAX_PHNUM	(PAGE_SIZE / sizeof(struct elf32_phdr))

/* Below the stack's argument area and its room to grow. */
#define LOAD_LIMIT	(STACK_TOP - STACK_LIMIT)

static bool header_ok(const struct elf32_hdr *eh)
{
	return !memcmp(eh->e_ident, ELFMAG, 4) &&
	       eh->e_ident[EI_CLASS] == ELFCLASS32 &&
	       eh->e_ident[EI_DATA] == ELFDATA2LSB &&
	       eh->e_ident[EI_VERSION] == EV_CURRENT &&
	       (eh->e_type == ET_EXEC || eh->e_type == ET_DYN) &&
	       eh->e_machine == EM_386 &&
	       eh->e_phentsize == sizeof(struct elf32_phdr) &&
	       eh->e_phnum > 0 && eh->e_phnum <= MAX_PHNUM;
}

static bool segment_ok(const struct elf_image *img,
		       const struct elf32_phdr *ph)
{
	if (ph->p_filesz > ph->p_memsz)
		return false;
	if ((loff_t)ph->p_offset + ph->p_filesz > img->file->f_inode->i_size)
		return false;	/* truncated file */
	if ((ph->p_vaddr - ph->p_offset) & ~PAGE_MASK)
		return false;
	if (img->eh.e_type == ET_DYN)	/* its end, page-aligned, must not wrap */
		return ph->p_vaddr <= PAGE_MASK &&
		       ph->p_memsz <= PAGE_MASK - ph->p_vaddr;
	if (ph->p_vaddr >= LOAD_LIMIT || ph->p_memsz > LOAD_LIMIT - ph->p_vaddr)
		return false;
	return ph->p_vaddr >= PAGE_SIZE;
}

/* Check the PT_LOADs and the entry point; find [lo, hi). */
static int check_loads(struct elf_image *img)
{
	const struct elf32_hdr *eh = &img->eh;
	bool entry_ok = false;
	int i, loads = 0;

	img->lo = ~0UL;
	img->hi = 0;
	for (i = 0; i < eh->e_phnum; i++) {
		const struct elf32_phdr *ph = &img->ph[i];

		if (ph->p_type != PT_LOAD)
			continue;
		if (!segment_ok(img, ph))
			return -ENOEXEC;
		loads++;
		if (eh->e_entry >= ph->p_vaddr &&
		    eh->e_entry < ph->p_vaddr + ph->p_memsz)
			entry_ok = true;
		img->lo = min(img->lo, ph->p_vaddr & PAGE_MASK);
		img->hi = max(img->hi, PAGE_ALIGN(ph->p_vaddr + ph->p_memsz));
	}
	return loads && entry_ok ? 0 : -ENOEXEC;
}

int elf_image_read(struct elf_image *img, struct file *file,
		   const void *head, unsigned long len)
{
	u32 size;
	long r;
	int err;

	memset(img, 0, sizeof(*img));
	if (len < sizeof(img->eh))
		return -ENOEXEC;
	memcpy(&img->eh, head, sizeof(img->eh));
	if (!header_ok(&img->eh))
		return -ENOEXEC;
	img->file = file;
	size = img->eh.e_phnum * sizeof(*img->ph);
	img->ph = kmalloc(size, GFP_KERNEL);
	if (!img->ph)
		return -ENOMEM;
	r = kernel_read(file, img->eh.e_phoff, (char *)img->ph, size);
	err = r == (long)size ? check_loads(img) : -ENOEXEC;
	if (err)
		elf_image_free(img);
	return err;
}

void elf_image_free(struct elf_image *img)
{
	kfree(img->ph);
	img->ph = NULL;
}

const struct elf32_phdr *elf_image_find(const struct elf_image *img,
					u32 type)
{
	int i;

	for (i = 0; i < img->eh.e_phnum; i++)
		if (img->ph[i].p_type == type)
			return &img->ph[i];
	return NULL;
}

static unsigned long elf_prot(u32 p_flags)
{
	return ((p_flags & PF_R) ? PROT_READ : 0) |
	       ((p_flags & PF_W) ? PROT_WRITE : 0) |
	       ((p_flags & PF_X) ? PROT_EXEC : 0);
}

/* Map one PT_LOAD; the caller holds mmap_sem. */
static int map_segment(struct elf_image *img, const struct elf32_phdr *ph,
		       unsigned long map_flags)
{
	unsigned long vaddr = ph->p_vaddr + img->bias;
	unsigned long start = vaddr & PAGE_MASK;
	unsigned long file_end = PAGE_ALIGN(vaddr + ph->p_filesz);
	unsigned long mem_end = PAGE_ALIGN(vaddr + ph->p_memsz);
	long r;

	if (ph->p_filesz) {
		r = do_mmap_pgoff(img->file, start, file_end - start,
				  elf_prot(ph->p_flags),
				  MAP_PRIVATE | MAP_FIXED | MAP_DENYWRITE |
				  map_flags,
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

int elf_image_map(struct elf_image *img, unsigned long map_flags)
{
	unsigned long start = img->lo + img->bias, size = img->hi - img->lo;
	int i, err = 0;

	/* An ET_EXEC was checked; a placed ET_DYN must fit below the stack. */
	if (start < PAGE_SIZE || start > LOAD_LIMIT || size > LOAD_LIMIT - start)
		return -ENOMEM;
	for (i = 0; i < img->eh.e_phnum && !err; i++)
		if (img->ph[i].p_type == PT_LOAD)
			err = map_segment(img, &img->ph[i], map_flags);
	return err;
}

/* Zero from the end of a segment's file data to the end of its page. */
static int pad_zero(const struct elf_image *img, const struct elf32_phdr *ph)
{
	unsigned long end = ph->p_vaddr + img->bias + ph->p_filesz;
	unsigned long n = PAGE_ALIGN(end) - end;

	if (ph->p_memsz == ph->p_filesz || !n)
		return 0;
	return clear_user((void *)end, n) ? -EFAULT : 0;
}

int elf_image_clear_bss(struct elf_image *img)
{
	int i, err = 0;

	for (i = 0; i < img->eh.e_phnum && !err; i++)
		if (img->ph[i].p_type == PT_LOAD)
			err = pad_zero(img, &img->ph[i]);
	return err;
}
