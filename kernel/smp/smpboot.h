/*
 * kernel/smp/smpboot.h - where the application processors start.
 *
 * TRAMPOLINE_BASE is the page a STARTUP IPI points an AP at: 4 KiB
 * aligned, below 1 MiB, clear of the BIOS data area (page 0), the EBDA
 * and the 0xA0000-0xFFFFF hole, and kept out of the page allocator from
 * the start (mm/init.c's permanent frames), so nothing else ever owns it.
 */
#ifndef KERNEL_SMP_SMPBOOT_H
#define KERNEL_SMP_SMPBOOT_H

#define TRAMPOLINE_BASE 0x3000u

#endif
