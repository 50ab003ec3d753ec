/*
 * kernel/multiboot.h - what the boot loader told us, kept after boot.
 *
 * kmain() calls multiboot_init() first, while the boot page tables still
 * map the low 16 MiB where loaders put the information structure.  It
 * copies everything it needs into boot_info, so nothing later has to look
 * at the loader's memory again.  Module contents stay where they were
 * loaded: mm/ keeps those frames reserved until the initramfs is unpacked.
 */
#ifndef KERNEL_MULTIBOOT_H
#define KERNEL_MULTIBOOT_H

#include "kernel/types.h"

#define MULTIBOOT_BOOTLOADER_MAGIC 0x2BADB002

#define E820_RAM 1
#define E820_RESERVED 2
#define E820_ACPI 3
#define E820_NVS 4
#define E820_UNUSABLE 5

#define MAX_MEM_RANGES 32
#define MAX_MODULES 8
#define CMDLINE_MAX 512

struct mem_range {
	u64 addr;
	u64 len;
	u32 type;	/* E820_* */
};

struct boot_module {
	u32 start;	/* physical, first byte */
	u32 end;	/* physical, one past the last byte */
	char string[64];
};

struct boot_info {
	char cmdline[CMDLINE_MAX];
	bool cmdline_truncated;	/* the loader's line did not fit cmdline */
	u32 mem_lower_kb, mem_upper_kb;
	int nr_ranges;
	struct mem_range ranges[MAX_MEM_RANGES];
	int nr_modules;
	struct boot_module modules[MAX_MODULES];
	char loader_name[64];
};

extern struct boot_info boot_info;

void multiboot_init(u32 magic, u32 mbi_phys);
void multiboot_print_memory_map(void);

#endif
