/*
 * kernel/multiboot.c - read the Multiboot 1 information structure.
 *
 * Layout from the Multiboot Specification 0.6.96, section 3.3.  Each field
 * group is valid only when its bit in `flags` is set.  When the loader gives
 * no memory map (flag 6), we make one from mem_lower/mem_upper (flag 0).
 */
#include "kernel/multiboot.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

#define MB_INFO_MEMORY 0x001
#define MB_INFO_CMDLINE 0x004
#define MB_INFO_MODS 0x008
#define MB_INFO_MMAP 0x040
#define MB_INFO_LOADER_NAME 0x200

/* Only the low 16 MiB are mapped at this point (boot/boot.asm). */
#define EARLY_MAPPED_LIMIT (16u << 20)
#define EARLY_VA(pa) ((void *)((pa) + 0xC0000000u))

struct mb_info {
	u32 flags;
	u32 mem_lower, mem_upper;
	u32 boot_device;
	u32 cmdline;
	u32 mods_count, mods_addr;
	u32 syms[4];
	u32 mmap_length, mmap_addr;
	u32 drives_length, drives_addr;
	u32 config_table;
	u32 boot_loader_name;
} __packed;

struct mb_mmap_entry {
	u32 size;	/* of the rest of the entry, not counting this field */
	u64 addr;
	u64 len;
	u32 type;
} __packed;

struct mb_module {
	u32 mod_start, mod_end;
	u32 string;
	u32 reserved;
} __packed;

struct boot_info boot_info;

/* Map a loader-provided physical address, or NULL if we cannot see it yet. */
static void *early_ptr(u32 pa, u32 len)
{
	if (pa == 0 || pa + len > EARLY_MAPPED_LIMIT || pa + len < pa) {
		printk("multiboot: structure at 0x%x beyond the boot mapping, ignored\n",
		       pa);
		return NULL;
	}
	return EARLY_VA(pa);
}

/* Copy the string at pa into dst; false if it had to be cut to fit. */
static bool copy_string(char *dst, size_t size, u32 pa)
{
	const char *s = early_ptr(pa, 1);

	dst[0] = '\0';
	return !s || strlcpy(dst, s, size) < size;
}

static void add_range(u64 addr, u64 len, u32 type)
{
	struct mem_range *r;

	if (boot_info.nr_ranges >= MAX_MEM_RANGES)
		return;
	r = &boot_info.ranges[boot_info.nr_ranges++];
	r->addr = addr;
	r->len = len;
	r->type = type;
}

static void read_mmap(const struct mb_info *mbi)
{
	const u8 *p = early_ptr(mbi->mmap_addr, mbi->mmap_length);
	const u8 *end = p + mbi->mmap_length;

	if (!p)
		return;
	while (p < end) {
		const struct mb_mmap_entry *e = (const void *)p;

		add_range(e->addr, e->len, e->type);
		p += e->size + sizeof(e->size);
	}
}

static void read_modules(const struct mb_info *mbi)
{
	const struct mb_module *m =
		early_ptr(mbi->mods_addr, mbi->mods_count * sizeof(*m));
	u32 i;

	for (i = 0; m && i < mbi->mods_count && i < MAX_MODULES; i++) {
		struct boot_module *bm = &boot_info.modules[boot_info.nr_modules++];

		bm->start = m[i].mod_start;
		bm->end = m[i].mod_end;
		copy_string(bm->string, sizeof(bm->string), m[i].string);
	}
}

void multiboot_init(u32 magic, u32 mbi_phys)
{
	const struct mb_info *mbi;

	if (magic != MULTIBOOT_BOOTLOADER_MAGIC)
		panic("not booted by a Multiboot loader (magic 0x%x)", magic);
	mbi = early_ptr(mbi_phys, sizeof(*mbi));
	if (!mbi)
		panic("Multiboot information at 0x%x is out of reach", mbi_phys);

	if (mbi->flags & MB_INFO_CMDLINE)
		boot_info.cmdline_truncated =
			!copy_string(boot_info.cmdline,
				     sizeof(boot_info.cmdline), mbi->cmdline);
	if (mbi->flags & MB_INFO_LOADER_NAME)
		copy_string(boot_info.loader_name, sizeof(boot_info.loader_name),
			    mbi->boot_loader_name);
	if (mbi->flags & MB_INFO_MEMORY) {
		boot_info.mem_lower_kb = mbi->mem_lower;
		boot_info.mem_upper_kb = mbi->mem_upper;
	}
	if (mbi->flags & MB_INFO_MMAP)
		read_mmap(mbi);
	if (boot_info.nr_ranges == 0 && (mbi->flags & MB_INFO_MEMORY)) {
		add_range(0, (u64)mbi->mem_lower << 10, E820_RAM);
		add_range(1u << 20, (u64)mbi->mem_upper << 10, E820_RAM);
	}
	if (mbi->flags & MB_INFO_MODS)
		read_modules(mbi);
	if (boot_info.nr_ranges == 0)
		panic("the boot loader gave no memory information");
}

static const char *range_type_name(u32 type)
{
	switch (type) {
	case E820_RAM:
		return "usable";
	case E820_ACPI:
		return "ACPI data";
	case E820_NVS:
		return "ACPI NVS";
	case E820_UNUSABLE:
		return "unusable";
	default:
		return "reserved";
	}
}

void multiboot_print_memory_map(void)
{
	int i;

	printk("BIOS-provided physical RAM map:\n");
	for (i = 0; i < boot_info.nr_ranges; i++) {
		const struct mem_range *r = &boot_info.ranges[i];

		printk("BIOS-e820: [mem 0x%016llx-0x%016llx] %s\n", r->addr,
		       r->addr + r->len - 1, range_type_name(r->type));
	}
	for (i = 0; i < boot_info.nr_modules; i++) {
		const struct boot_module *m = &boot_info.modules[i];

		printk("module %d: [mem 0x%08x-0x%08x] %s\n", i, m->start,
		       m->end - 1, m->string);
	}
}
