/*
 * kernel/syscall.h - the int 0x80 system call interface (Linux i386 ABI).
 *
 * User code puts the call number in eax and up to six arguments in ebx,
 * ecx, edx, esi, edi, ebp; the result (or -errno) comes back in eax.
 * syscall_dispatch looks the number up in sys_call_table, built from
 * kernel/syscalls.def: each subsystem writes its sys_* functions in its own
 * files and adds one line there.  A sys_* function takes its arguments as
 * 32-bit values (pointers, ints; a 64-bit offset arrives as two u32
 * halves, low first) and returns long.  Calls that need the user
 * registers (fork, execve, sigreturn) use current_regs().
 *
 * Unknown numbers return -ENOSYS and are logged once each.
 */
#ifndef KERNEL_SYSCALL_H
#define KERNEL_SYSCALL_H

#include "kernel/types.h"
#include "kernel/unistd.h"

struct trapframe;

#define NR_syscalls 450

typedef long (*syscall_fn_t)(u32, u32, u32, u32, u32, u32);
extern const syscall_fn_t sys_call_table[NR_syscalls];

/* Register the int 0x80 handler. */
void syscall_init(void);
/* The user registers of the call being served (top of the kernel stack). */
struct trapframe *current_regs(void);

#endif
