/*
 * kernel/cpu/cpu.c - CPU identification and the guarded instructions.
 *
 * The kernel is compiled for a 386.  Instructions the 386 lacks (cpuid,
 * invlpg, rdtsc ...) appear only in the functions marked GUARDED below,
 * each of which checks boot_cpu first; tools/check-386.sh fails the build
 * if such an instruction shows up anywhere else.  They are noinline so the
 * compiler cannot copy the instruction into a caller.
 */
#include "kernel/cpu/cpu.h"
#include "kernel/cpu/extable.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

#define GUARDED __attribute__((noinline))

#define EFLAGS_AC (1u << 18)
#define EFLAGS_ID (1u << 21)
#define CR0_WP (1u << 16)

/* CPUID leaf 1 EDX bits. */
#define X86_FEATURE_PSE (1u << 3)
#define X86_FEATURE_TSC (1u << 4)
#define X86_FEATURE_PAE (1u << 6)
#define X86_FEATURE_APIC (1u << 9)
#define X86_FEATURE_PGE (1u << 13)
#define X86_FEATURE_PSE36 (1u << 17)
#define X86_FEATURE_CLFLUSH (1u << 19)
#define X86_FEATURE_FXSR (1u << 24)
#define X86_FEATURE_SSE (1u << 25)
#define X86_FEATURE_HT (1u << 28)

#define CR4_OSFXSR (1u << 9)
#define CR4_OSXMMEXCPT (1u << 10)

struct cpuinfo_x86 boot_cpu;

/* Can this EFLAGS bit be changed?  pushf/popf only: a 386 has them. */
static bool eflags_bit_toggles(u32 bit)
{
	u32 saved = read_eflags(), changed;

	write_eflags(saved ^ bit);
	changed = (read_eflags() ^ saved) & bit;
	write_eflags(saved);
	return changed != 0;
}

GUARDED void cpu_cpuid(u32 leaf, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx)
{
	BUG_ON(!boot_cpu.has_cpuid);
	asm volatile("cpuid"
		     : "=a"(*eax), "=b"(*ebx), "=c"(*ecx), "=d"(*edx)
		     : "a"(leaf), "c"(0));
}

GUARDED u64 cpu_rdtsc(void)
{
	u32 lo, hi;

	BUG_ON(!boot_cpu.has_tsc);
	asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

/*
 * User programs (Debian's static BusyBox, glibc's string functions) use
 * SSE when CPUID offers it, which faults (#UD) unless the kernel sets
 * CR4.OSFXSR, promising to save the XMM registers with FXSAVE.
 */
GUARDED void cpu_enable_fxsr(void)
{
	u32 cr4;

	BUG_ON(!boot_cpu.has_fxsr);
	asm volatile("movl %%cr4, %0" : "=r"(cr4));
	cr4 |= CR4_OSFXSR;
	if (boot_cpu.has_sse)
		cr4 |= CR4_OSXMMEXCPT;
	asm volatile("movl %0, %%cr4" : : "r"(cr4) : "memory");
}

GUARDED void cpu_fxsave(void *buf)
{
	BUG_ON(!boot_cpu.has_fxsr);
	asm volatile("fxsave (%0)" : : "r"(buf) : "memory");
}

GUARDED void cpu_fxrstor(const void *buf)
{
	BUG_ON(!boot_cpu.has_fxsr);
	asm volatile("fxrstor (%0)" : : "r"(buf) : "memory");
}

GUARDED void cpu_invlpg(u32 va)
{
	if (boot_cpu.has_invlpg)
		asm volatile("invlpg (%0)" : : "r"(va) : "memory");
	else
		write_cr3(read_cr3());
}

/* log2 of n rounded up (Linux's get_count_order). */
static int count_order(u32 n)
{
	int order = 0;

	while ((1u << order) < n)
		order++;
	return order;
}

/*
 * The package and core ids, as Linux's detect_ht: leaf 1 gives the
 * logical processors a package has (with the HTT bit), Intel's leaf 4 the
 * cores; the APIC id's high bits number the package, the bits below them
 * the core and the thread.
 */
static void detect_topology(struct cpuinfo_x86 *c, u32 ebx1, u32 edx1)
{
	u32 eax, ebx, ecx, edx, siblings;

	c->phys_proc_id = c->initial_apicid;
	c->x86_max_cores = 1;
	if (c->cpuid_level >= 4 && !strcmp(c->vendor, "GenuineIntel")) {
		cpu_cpuid(4, &eax, &ebx, &ecx, &edx);
		if (eax & 0x1f)
			c->x86_max_cores = (eax >> 26) + 1;
	}
	siblings = (ebx1 >> 16) & 0xff;
	if (!(edx1 & X86_FEATURE_HT) || siblings <= 1)
		return;
	c->phys_proc_id = c->initial_apicid >> count_order(siblings);
	siblings /= c->x86_max_cores;
	c->cpu_core_id = (c->initial_apicid >> count_order(siblings)) &
			 ((1 << count_order(c->x86_max_cores)) - 1);
}

/* The brand string of leaves 0x80000002..4 and the address sizes. */
static void identify_extended(struct cpuinfo_x86 *c)
{
	u32 max_leaf, regs[4], leaf;

	cpu_cpuid(0x80000000, &max_leaf, &regs[1], &regs[2], &regs[3]);
	if ((max_leaf & 0xffff0000) != 0x80000000)
		return;
	if (max_leaf >= 0x80000004) {
		for (leaf = 0; leaf < 3; leaf++) {
			cpu_cpuid(0x80000002 + leaf, &regs[0], &regs[1],
				  &regs[2], &regs[3]);
			memcpy(c->model_id + leaf * 16, regs, 16);
		}
		c->model_id[48] = '\0';
	}
	if (max_leaf >= 0x80000008) {
		cpu_cpuid(0x80000008, &regs[0], &regs[1], &regs[2], &regs[3]);
		c->virt_bits = (regs[0] >> 8) & 0xff;
		c->phys_bits = regs[0] & 0xff;
	} else if (c->x86_capability & (X86_FEATURE_PAE | X86_FEATURE_PSE36)) {
		c->phys_bits = 36;
	}
}

static void identify_cpuid(struct cpuinfo_x86 *c)
{
	u32 max_leaf, eax, ebx, ecx, edx;

	cpu_cpuid(0, &max_leaf, &ebx, &ecx, &edx);
	memcpy(c->vendor, &ebx, 4);
	memcpy(c->vendor + 4, &edx, 4);
	memcpy(c->vendor + 8, &ecx, 4);
	c->vendor[12] = '\0';
	c->cpuid_level = max_leaf;
	if (max_leaf < 1)
		return;
	cpu_cpuid(1, &eax, &ebx, &ecx, &edx);
	c->family = (eax >> 8) & 0xF;
	c->model = (eax >> 4) & 0xF;
	c->stepping = eax & 0xF;
	if (c->family == 0xF)
		c->family += (eax >> 20) & 0xFF;
	if (c->family >= 6)
		c->model += ((eax >> 16) & 0xF) << 4;
	c->x86_capability = edx;
	c->has_tsc = !!(edx & X86_FEATURE_TSC);
	c->has_pse = !!(edx & X86_FEATURE_PSE);
	c->has_pge = !!(edx & X86_FEATURE_PGE);
	c->has_apic = !!(edx & X86_FEATURE_APIC);
	c->has_fxsr = !!(edx & X86_FEATURE_FXSR);
	c->has_sse = !!(edx & X86_FEATURE_SSE);
	c->initial_apicid = (ebx >> 24) & 0xff;
	if (edx & X86_FEATURE_CLFLUSH)
		c->clflush_size = ((ebx >> 8) & 0xff) * 8;
	detect_topology(c, ebx, edx);
	identify_extended(c);
}

void identify_cpu(struct cpuinfo_x86 *c)
{
	memset(c, 0, sizeof(*c));
	c->family = eflags_bit_toggles(EFLAGS_AC) ? 4 : 3;
	c->cpuid_level = -1;
	c->x86_max_cores = 1;
	c->clflush_size = 32;
	c->phys_bits = c->virt_bits = 32;
	if (c->family >= 4 && eflags_bit_toggles(EFLAGS_ID)) {
		c->has_cpuid = true;
		identify_cpuid(c);
	}
	c->has_invlpg = c->family >= 4;
	c->has_cmpxchg = c->family >= 4;
}

static void print_cpu(const struct cpuinfo_x86 *c)
{
	printk("cpu: %s family %d,%s%s%s%s%s%s%s%s\n",
	       c->vendor[0] ? c->vendor : "no-cpuid", c->family,
	       c->has_invlpg ? " invlpg" : "", c->has_cmpxchg ? " cmpxchg" : "",
	       c->has_tsc ? " tsc" : "", c->has_pse ? " pse" : "",
	       c->has_pge ? " pge" : "", c->has_cpuid ? " cpuid" : "",
	       c->has_fxsr ? " fxsr" : "", c->has_sse ? " sse" : "");
}

void cpu_init(void)
{
	struct cpuinfo_x86 *c = &boot_cpu;

	identify_cpu(c);
	/* The 386 ignores WP; whether a 486+ honours it is cpu_test_wp()'s. */
	if (c->family >= 4)
		write_cr0(read_cr0() | CR0_WP);
	print_cpu(c);
}

bool cpu_test_wp(u32 va)
{
	int faulted;

	/* The write rewrites the byte it read; a fault skips the clearing. */
	asm volatile("movl $1, %0\n\t"
		     "movb (%1), %%al\n"
		     "1:\tmovb %%al, (%1)\n\t"
		     "movl $0, %0\n"
		     "2:\n\t"
		     _ASM_EXTABLE(1b, 2b)
		     : "=&r"(faulted) : "r"(va) : "eax", "memory");
	boot_cpu.has_wp = faulted;
	printk("cpu: WP bit %shonoured in supervisor mode\n",
	       faulted ? "" : "NOT ");
	return faulted;
}
