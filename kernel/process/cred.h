/*
 * kernel/process/cred.h - who a task is: its user and group ids, supplementary
 * groups, and the root privileges they stand for.
 *
 * Every task carries a struct cred in its task_struct, as Linux 2.6 kept
 * the ids in the task itself.  The ids are per task, like Linux's: the
 * setuid family changes the calling thread only, and C libraries (musl,
 * glibc) apply it to every thread of the process themselves.  A child
 * (fork, clone) starts with a copy; exec keeps them, except that a
 * set-user-ID or set-group-ID file changes the effective ids.
 *
 *      real (uid)      who the task is: kill, access(2), setuid's rules
 *      effective (euid) what it may do: privilege (euid 0), /proc owner
 *      saved (suid)    an effective id it may go back to
 *      fs (fsuid)      whose files these are: permission checks, new
 *                      files' owner; follows euid unless setfsuid
 *
 * Mapback has no capability sets.  The privileges Linux grants through
 * them follow the ids as Linux's own emulation of the old model makes
 * them for a task without file capabilities: the file system ones
 * (CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER,
 * CAP_FSETID) belong to fsuid 0, every other one to euid 0.
 */
#ifndef KERNEL_PROCESS_CRED_H
#define KERNEL_PROCESS_CRED_H

#include "kernel/types.h"

#define NGROUPS_MAX 65536 /* supplementary groups per task */
#define OVERFLOWUID 65534 /* what the 16-bit calls show for a big id */
#define INVALID_ID ((u32)-1) /* never an id: "unchanged" in setre*id */

/* Linux's capability numbers for the privileges checked here. */
#define CAP_CHOWN 0
#define CAP_DAC_OVERRIDE 1
#define CAP_DAC_READ_SEARCH 2
#define CAP_FOWNER 3
#define CAP_FSETID 4
#define CAP_KILL 5
#define CAP_SETGID 6
#define CAP_SETUID 7
#define CAP_IPC_LOCK 14
#define CAP_IPC_OWNER 15
#define CAP_SYS_CHROOT 18
#define CAP_SYS_ADMIN 21
#define CAP_SYS_BOOT 22
#define CAP_SYS_NICE 23
#define CAP_SYS_RESOURCE 24
#define CAP_SYS_TIME 25
#define CAP_MKNOD 27
#define CAP_SYSLOG 34

/* Sorted supplementary group ids, shared between tasks (usage counts
 * them); never changed once made: setgroups installs a new one. */
struct group_info {
	int usage;
	int ngroups;
	u32 gid[];
};

struct cred {
	u32 uid, euid, suid, fsuid;
	u32 gid, egid, sgid, fsgid;
	struct group_info *group_info; /* NULL: no supplementary groups */
};

struct task_struct;

/* The calling task's ids (current->cred). */
struct cred *current_cred(void);
/* Does the caller hold privilege cap (see above)? */
bool capable(int cap);
/* Is gid the caller's fsgid or one of its supplementary groups? */
bool in_group_p(u32 gid);

/*
 * Did the effective or fs ids (and so the privilege they carry) change
 * from old to new?  Linux's commit_creds then makes the process not
 * dumpable: no core, its /proc/PID files owned by root.
 */
static inline bool cred_ids_changed(const struct cred *old,
				    const struct cred *new)
{
	return old->euid != new->euid || old->egid != new->egid ||
	       old->fsuid != new->fsuid || old->fsgid != new->fsgid;
}

/* fork: child's ids are a copy of parent's, sharing the groups. */
void copy_creds(struct task_struct *child, struct task_struct *parent);
/* free_task: let go of t's groups. */
void exit_creds(struct task_struct *t);

struct group_info *groups_alloc(int ngroups);
void put_group_info(struct group_info *gi);
/* Sort gi and make it the caller's supplementary groups. */
void set_current_groups(struct group_info *gi);
/* getgroups and setgroups with ids of idsize bytes (4, or 2 for the
 * 16-bit calls): a count or -errno. */
long getgroups_common(int size, void *list, int idsize);
long setgroups_common(int size, const void *list, int idsize);

#endif
