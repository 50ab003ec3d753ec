/*
 * kernel/exec/elf.h - the ELF32 structures the loader reads and the core
 * dumper writes (System V ABI, i386 supplement).
 */
#ifndef KERNEL_EXEC_ELF_H
#define KERNEL_EXEC_ELF_H

#include "kernel/types.h"

#define EI_NIDENT	16
#define ELFMAG		"\177ELF"
#define EI_CLASS	4
#define EI_DATA		5
#define EI_VERSION	6
#define EI_OSABI	7
#define ELFCLASS32	1
#define ELFDATA2LSB	1
#define EV_CURRENT	1
#define ET_EXEC		2
#define ET_DYN		3	/* a shared object: PIE programs, ld.so */
#define ET_CORE		4	/* a core file (fs/coredump.c) */
#define EM_386		3

#define PT_LOAD		1
#define PT_INTERP	3
#define PT_NOTE		4
#define PT_PHDR		6
#define PT_GNU_STACK	0x6474e551	/* p_flags: may the stack execute */

#define PF_X		1
#define PF_W		2
#define PF_R		4

struct elf32_hdr {
	u8 e_ident[EI_NIDENT];
	u16 e_type;
	u16 e_machine;
	u32 e_version;
	u32 e_entry;
	u32 e_phoff;
	u32 e_shoff;
	u32 e_flags;
	u16 e_ehsize;
	u16 e_phentsize;
	u16 e_phnum;
	u16 e_shentsize;
	u16 e_shnum;
	u16 e_shstrndx;
};

struct elf32_phdr {
	u32 p_type;
	u32 p_offset;
	u32 p_vaddr;
	u32 p_paddr;
	u32 p_filesz;
	u32 p_memsz;
	u32 p_flags;
	u32 p_align;
};

/* A note: this header, the name (NUL included) and the descriptor, each
 * padded to 4 bytes. */
struct elf32_note {
	u32 n_namesz;
	u32 n_descsz;
	u32 n_type;
};

#endif
