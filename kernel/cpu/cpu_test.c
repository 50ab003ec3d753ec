/*
 * kernel/cpu/cpu_test.c - ktests for CPU identification, the WP test and
 * single-page TLB flushes.  The last two edit the live page table entry
 * of a scratch page, found by walking from CR3 through the direct map at
 * 0xC0000000 (valid for the boot tables and for mm's).
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/io.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "kernel/multiboot.h"

#define DIRECT_MAP 0xC0000000u
#define PTE_RW 0x002
#define PDE_LARGE 0x080

static u8 scratch[2][4096] __attribute__((aligned(4096)));

/* The PTE mapping kernel address va, or NULL if it is not a 4 KiB page. */
static u32 *kernel_pte(u32 va)
{
	u32 *pgd = (u32 *)(read_cr3() + DIRECT_MAP);
	u32 pde = pgd[va >> 22];

	if (!(pde & 1) || (pde & PDE_LARGE))
		return NULL;
	return (u32 *)((pde & ~0xFFFu) + DIRECT_MAP) + ((va >> 12) & 0x3FF);
}

KTEST(cpu_detection_is_sane)
{
	KEXPECT_GE(boot_cpu.family, 3);
	KEXPECT_EQ(boot_cpu.has_invlpg, boot_cpu.family >= 4);
	KEXPECT_EQ(boot_cpu.has_cmpxchg, boot_cpu.family >= 4);
	if (boot_cpu.has_cpuid) {
		KEXPECT_EQ(strlen(boot_cpu.vendor), 12);
	} else {
		KEXPECT_LE(boot_cpu.family, 4);
		KEXPECT_FALSE(boot_cpu.has_tsc || boot_cpu.has_pse ||
			      boot_cpu.has_pge);
	}
	/* Every CPU QEMU emulates, even -cpu 486, has CPUID. */
	if (!strcmp(boot_info.loader_name, "qemu"))
		KEXPECT_TRUE(boot_cpu.has_cpuid);
}

KTEST(cpu_rdtsc_counts_up)
{
	u64 a, b;

	if (!boot_cpu.has_tsc)
		return;
	a = cpu_rdtsc();
	b = cpu_rdtsc();
	KEXPECT_GT(b, a);
}

KTEST(cpu_wp_test_faults_on_readonly_page)
{
	u32 va = (u32)scratch[0];
	u32 *pte = kernel_pte(va);
	bool wp;

	KASSERT_TRUE(pte != NULL);
	*pte &= ~PTE_RW;
	cpu_invlpg(va);
	wp = cpu_test_wp(va);
	*pte |= PTE_RW;
	cpu_invlpg(va);
	/* Every 486+ we can emulate honours WP; a 386 ignores it. */
	KEXPECT_EQ(wp, boot_cpu.family >= 4);
	KEXPECT_EQ(boot_cpu.has_wp, wp);
	scratch[0][0] = 1;	/* writable again */
}

KTEST(cpu_invlpg_drops_stale_translation)
{
	u32 va = (u32)scratch[0];
	u32 *pte = kernel_pte(va);
	u32 saved;

	KASSERT_TRUE(pte != NULL);
	memset(scratch[0], 0xAA, 4096);
	memset(scratch[1], 0xBB, 4096);
	KEXPECT_EQ(*(volatile u8 *)va, 0xAA);	/* now in the TLB */
	saved = *pte;
	*pte = ((u32)scratch[1] - DIRECT_MAP) | (saved & 0xFFF);
	cpu_invlpg(va);
	KEXPECT_EQ(*(volatile u8 *)va, 0xBB);
	*pte = saved;
	cpu_invlpg(va);
	KEXPECT_EQ(*(volatile u8 *)va, 0xAA);
}
