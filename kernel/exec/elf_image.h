/*
 * kernel/exec/elf_image.h - one ELF file as execve loads it: the program,
 * or the interpreter (ld.so) its PT_INTERP names.
 *
 * The two are read, checked and mapped by the same code
 * (kernel/exec/elf_image.c); kernel/exec/binfmt_elf.c decides where each
 * goes and builds the process around them.
 */
#ifndef KERNEL_EXEC_ELF_IMAGE_H
#define KERNEL_EXEC_ELF_IMAGE_H

#include "kernel/types.h"
#include "kernel/exec/elf.h"

struct file;
struct mm_struct;

struct elf_image {
	struct file *file;		/* not a reference: the caller's */
	struct elf32_hdr eh;
	struct elf32_phdr *ph;		/* e_phnum entries, kmalloc'd */
	/* Page-aligned [lo, hi) covering every PT_LOAD, as linked. */
	unsigned long lo, hi;
	/* Where it is mapped minus where it was linked: 0 for ET_EXEC. */
	unsigned long bias;
};

/*
 * Read and check the image in file, whose first bytes are head (len of
 * them; fewer than an ELF header is -ENOEXEC): an i386 ELF32 of type
 * ET_EXEC or ET_DYN whose program headers are inside the file and whose
 * PT_LOADs are sane (see elf_image.c).  0, -ENOEXEC or -ENOMEM; on 0 the
 * caller owes elf_image_free.
 */
int elf_image_read(struct elf_image *img, struct file *file,
		   const void *head, unsigned long len);
void elf_image_free(struct elf_image *img);

/*
 * Map every PT_LOAD of img at its address plus img->bias, as private
 * file mappings (with map_flags: MAP_EXECUTABLE for the program, which
 * names /proc/PID/exe) and anonymous pages for the bss beyond the file's
 * last page.  The caller holds mm->mmap_sem.  0 or -errno (-ENOMEM when
 * it does not fit below the stack).
 */
int elf_image_map(struct elf_image *img, unsigned long map_flags);
/* Zero the bss in the last file page of each segment (a private copy);
 * without mmap_sem, since it faults.  0 or -EFAULT. */
int elf_image_clear_bss(struct elf_image *img);

/* The first program header of type type, or NULL. */
const struct elf32_phdr *elf_image_find(const struct elf_image *img,
					u32 type);

#endif
