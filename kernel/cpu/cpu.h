/*
 * kernel/cpu/cpu.h - what this processor can do.
 *
 * cpu_init() tells a 386 from a 486 (EFLAGS.AC can be toggled only on a
 * 486+), uses CPUID when EFLAGS.ID can be toggled, and records which
 * post-386 features the rest of the kernel may use.  Code asks boot_cpu
 * instead of assuming; the instructions themselves are issued only by the
 * few functions below, which tools/check-386.sh allows by name.
 */
#ifndef KERNEL_CPU_CPU_H
#define KERNEL_CPU_CPU_H

#include "kernel/types.h"

struct cpuinfo_x86 {
	int family;		/* 3 = 386, 4 = 486, 5 = Pentium, 6 = P6 ... */
	int model;
	char vendor[13];	/* CPUID vendor string, "" without CPUID */
	bool has_cpuid;
	bool has_invlpg;	/* 486+ */
	bool has_cmpxchg;	/* 486+ */
	bool has_wp;		/* CR0.WP honoured in ring 0: set by cpu_test_wp() */
	bool has_tsc;
	bool has_pge;
	bool has_pse;
	bool has_apic;		/* an on-chip local APIC (kernel/smp/apic.h) */
	bool has_fxsr;		/* FXSAVE/FXRSTOR (the FPU/SSE state saver) */
	bool has_sse;
	bool has_fpu;		/* an x87 answered: set by fpu_init() */
	u32 x86_capability;	/* CPUID leaf 1 EDX (0 without CPUID) with the
				 * fpu bit as fpu_init() found: AT_HWCAP */
	/* The rest is /proc/cpuinfo's, with Linux's names and defaults. */
	int stepping;
	int cpuid_level;	/* highest basic leaf, -1 without CPUID */
	char model_id[49];	/* the brand string, "" without one */
	int initial_apicid;	/* CPUID leaf 1's APIC id */
	int phys_proc_id;	/* the package (socket) */
	int cpu_core_id;	/* the core in its package */
	int x86_max_cores;	/* cores a package has */
	int clflush_size;	/* bytes */
	int phys_bits, virt_bits;	/* address sizes */
};

extern struct cpuinfo_x86 boot_cpu;

/* Identify the CPU, set CR0.WP on a 486+ and print the `cpu:` line. */
void cpu_init(void);

/* Fill c from the CPU running this (family, CPUID); cpu_init does it for
 * boot_cpu, each AP for its own (kernel/smp/smpboot.c). */
void identify_cpu(struct cpuinfo_x86 *c);

/*
 * The WP test: va must be mapped read-only (present, not writable) in the
 * kernel.  One write is tried, with an exception fixup; if it faults, the
 * CPU honours WP in supervisor mode.  Sets and returns boot_cpu.has_wp.
 * The caller restores the mapping and flushes the TLB entry.
 */
bool cpu_test_wp(u32 va);

/* Flush one TLB entry: INVLPG on a 486+, a full CR3 reload on a 386. */
void cpu_invlpg(u32 va);
/* The time-stamp counter; only when boot_cpu.has_tsc. */
u64 cpu_rdtsc(void);
/* Set CR4.OSFXSR (and OSXMMEXCPT): user SSE works; only with has_fxsr. */
void cpu_enable_fxsr(void);
/* Save / restore the x87+SSE state, 512 bytes 16-aligned; has_fxsr only. */
void cpu_fxsave(void *buf);
void cpu_fxrstor(const void *buf);
/* CPUID leaf; only when boot_cpu.has_cpuid. */
void cpu_cpuid(u32 leaf, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx);

#endif
