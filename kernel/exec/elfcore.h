/*
 * kernel/exec/elfcore.h - what an i386 core file's notes hold, byte for
 * byte as Linux writes them (include/linux/elfcore.h, the i386 ABI), so
 * that gdb, readelf and eu-readelf read Mapback's cores.
 *
 * The notes are named "CORE": the dumping thread's NT_PRSTATUS, once
 * NT_PRPSINFO, NT_SIGINFO, NT_AUXV and NT_FILE, its NT_PRFPREG, then each
 * other thread's NT_PRSTATUS and NT_PRFPREG
 * (kernel/exec/binfmt_elf_core.c).
 */
#ifndef KERNEL_EXEC_ELFCORE_H
#define KERNEL_EXEC_ELFCORE_H

#include "kernel/time/time.h"
#include "kernel/types.h"

#define NT_PRSTATUS 1
#define NT_PRFPREG 2
#define NT_PRPSINFO 3
#define NT_AUXV 6
#define NT_SIGINFO 0x53494749 /* "SIGI" */
#define NT_FILE 0x46494c45 /* "FILE" */

#define ELF_PRARGSZ 80 /* bytes of the command line in psinfo */
#define ELF_NGREG 17 /* registers in a user_regs_struct */

struct elf_siginfo {
	s32 si_signo;
	s32 si_code; /* Linux leaves these two 0 */
	s32 si_errno;
};

/*
 * The registers as ptrace's struct user_regs_struct orders them; the
 * segment registers are zero-extended 16-bit selectors, orig_eax is the
 * system call being served or -1.
 */
struct user_regs_struct {
	u32 ebx, ecx, edx, esi, edi, ebp, eax;
	u32 xds, xes, xfs, xgs;
	u32 orig_eax;
	u32 eip, xcs, eflags, esp, xss;
};

/* NT_PRSTATUS: one thread's state at the dump. */
struct elf_prstatus {
	struct elf_siginfo pr_info; /* si_signo: the signal */
	s16 pr_cursig; /* the signal again */
	u32 pr_sigpend; /* signals 1..32 pending */
	u32 pr_sighold; /* signals 1..32 blocked */
	s32 pr_pid, pr_ppid, pr_pgrp, pr_sid;
	struct old_timeval32 pr_utime, pr_stime;
	struct old_timeval32 pr_cutime, pr_cstime;
	struct user_regs_struct pr_reg;
	s32 pr_fpvalid; /* an NT_PRFPREG note follows */
};

/* NT_PRPSINFO: the process (its leader) as ps would show it. */
struct elf_prpsinfo {
	char pr_state; /* 0 running, 1 sleeping ... */
	char pr_sname; /* "RSDTZW"[pr_state] */
	char pr_zomb;
	char pr_nice;
	u32 pr_flag; /* Linux's PF_* flags */
	u16 pr_uid, pr_gid; /* 16-bit on i386 */
	s32 pr_pid, pr_ppid, pr_pgrp, pr_sid;
	char pr_fname[16]; /* comm */
	char pr_psargs[ELF_PRARGSZ]; /* argv, NULs made spaces */
};

_Static_assert(sizeof(struct user_regs_struct) == ELF_NGREG * 4, "pr_reg");
_Static_assert(sizeof(struct elf_prstatus) == 144, "i386 elf_prstatus");
_Static_assert(sizeof(struct elf_prpsinfo) == 124, "i386 elf_prpsinfo");

#endif
