/*
 * kernel/process/exit.h - ending a task and waiting for children.
 *
 * A task ends in do_exit(status), where status is already a wait status:
 * W_EXITCODE(code, 0) for exit(code), the signal number (| WCOREFLAG)
 * for death by signal.  It lets go of its address space, files and cwd,
 * hands its children to init, becomes a zombie holding that status, and
 * sends its parent SIGCHLD.  The parent's wait4 reaps the zombie (frees
 * task_struct and stack).  If the parent ignores SIGCHLD, or the parent
 * is the idle task, the task is reaped at once.
 *
 * Threads (CLONE_THREAD) are nobody's children: a thread other than the
 * group leader is freed as it exits.  The leader's zombie is reported to
 * its parent only once the last thread is gone, with the group's status
 * if the group ended as a whole (exit_group, a fatal signal).
 */
#ifndef KERNEL_PROCESS_EXIT_H
#define KERNEL_PROCESS_EXIT_H

#include "kernel/types.h"
#include "kernel/time/time.h"

struct task_struct;

/* wait4 options */
#define WNOHANG		0x00000001
#define WUNTRACED	0x00000002
#define WSTOPPED	WUNTRACED
#define WEXITED		0x00000004
#define WCONTINUED	0x00000008
#define WNOWAIT		0x01000000
#define __WNOTHREAD	0x20000000
#define __WALL		0x40000000
#define __WCLONE	0x80000000

/* Wait status encodings (as <sys/wait.h> decodes them). */
#define W_EXITCODE(ret, sig)	((ret) << 8 | (sig))
#define W_STOPCODE(sig)		((sig) << 8 | 0x7f)
#define W_CONTINUED		0xffff
#define WCOREFLAG		0x80
#define WEXITSTATUS(s)		(((s) & 0xff00) >> 8)
#define WTERMSIG(s)		((s) & 0x7f)
#define WIFEXITED(s)		(WTERMSIG(s) == 0)

/* Linux i386 struct rusage. */
struct rusage {
	struct old_timeval32 ru_utime;
	struct old_timeval32 ru_stime;
	s32 ru_maxrss, ru_ixrss, ru_idrss, ru_isrss;
	s32 ru_minflt, ru_majflt, ru_nswap, ru_inblock, ru_oublock;
	s32 ru_msgsnd, ru_msgrcv, ru_nsignals, ru_nvcsw, ru_nivcsw;
};

void __noreturn do_exit(int status);
/* End every thread of current's group with status (exit_group, a fatal
 * signal); a group already ending keeps the status it has. */
void __noreturn do_group_exit(int status);

/*
 * wait4's wait: for a child matching pid (> 0 that pid, -1 any, 0 our
 * process group, < -1 group -pid) to change state.  Returns its pid with
 * *status (kernel pointer) and *ru (may be NULL) filled, 0 with WNOHANG
 * when none is ready, -ECHILD when no child matches, -ERESTARTSYS on a
 * signal.  waitid's wait is the same one (kernel/process/exit.c).
 */
long do_wait(int pid, int options, int *status, struct rusage *ru);

/* The parent learns of a stop or continue of child (signal code). */
void notify_parent_stopped(struct task_struct *child, int why, int sig);

#endif
