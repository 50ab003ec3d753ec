/*
 * kernel/cpu/io.h - port I/O and the handful of privileged instructions that
 * every 386 has.  Instructions newer than the 386 (invlpg, cpuid, rdtsc,
 * mov cr4 ...) do not belong here: they live in kernel/cpu/cpu.c behind CPU
 * feature checks, where the opcode scan allows them.
 */
#ifndef KERNEL_CPU_IO_H
#define KERNEL_CPU_IO_H

#include "kernel/types.h"

static inline void outb(u16 port, u8 v)
{
	asm volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline u8 inb(u16 port)
{
	u8 v;
	asm volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outw(u16 port, u16 v)
{
	asm volatile("outw %0, %1" : : "a"(v), "Nd"(port));
}

static inline u16 inw(u16 port)
{
	u16 v;
	asm volatile("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outl(u16 port, u32 v)
{
	asm volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline u32 inl(u16 port)
{
	u32 v;
	asm volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* A write to an unused port: about a microsecond on ISA, for old chips. */
static inline void io_delay(void)
{
	outb(0x80, 0);
}

static inline void cli(void)
{
	asm volatile("cli" : : : "memory");
}

static inline void sti(void)
{
	asm volatile("sti" : : : "memory");
}

static inline void hlt(void)
{
	asm volatile("hlt" : : : "memory");
}

static inline u32 read_eflags(void)
{
	u32 f;
	asm volatile("pushfl; popl %0" : "=r"(f));
	return f;
}

static inline void write_eflags(u32 f)
{
	asm volatile("pushl %0; popfl" : : "r"(f) : "memory", "cc");
}

#define EFLAGS_IF 0x200

/* In a loop that waits for another CPU: pause ("rep; nop", a plain nop
 * on a 386) tells a hyperthreaded CPU to yield to its sibling; the
 * clobber makes the compiler read the awaited word again. */
static inline void cpu_relax(void)
{
	asm volatile("rep; nop" : : : "memory");
}

/* Save the interrupt flag and disable; restore later.  On one CPU this
 * alone keeps interrupt handlers out; spinlocks (kernel/locking/spinlock.h)
 * add the other CPUs. */
static inline u32 irq_save(void)
{
	u32 f = read_eflags();
	cli();
	return f;
}

static inline void irq_restore(u32 f)
{
	if (f & EFLAGS_IF)
		sti();
}

static inline u32 read_cr0(void)
{
	u32 v;
	asm volatile("movl %%cr0, %0" : "=r"(v));
	return v;
}

static inline void write_cr0(u32 v)
{
	asm volatile("movl %0, %%cr0" : : "r"(v) : "memory");
}

static inline u32 read_cr2(void)
{
	u32 v;
	asm volatile("movl %%cr2, %0" : "=r"(v));
	return v;
}

static inline void write_cr2(u32 v)
{
	asm volatile("movl %0, %%cr2" : : "r"(v) : "memory");
}

static inline u32 read_cr3(void)
{
	u32 v;
	asm volatile("movl %%cr3, %0" : "=r"(v));
	return v;
}

static inline void write_cr3(u32 v)
{
	asm volatile("movl %0, %%cr3" : : "r"(v) : "memory");
}

/* Swap value into *word and return what was there: one bus-locked step
 * (xchg with memory locks by itself), the base of every lock here. */
static inline u32 xchg(volatile u32 *word, u32 value)
{
	asm volatile("xchgl %0, %1" : "+r"(value), "+m"(*word) : : "memory");
	return value;
}

#endif
