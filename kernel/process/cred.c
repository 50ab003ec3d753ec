/*
 * kernel/process/cred.c - the task's ids: privilege as the ids grant it, and
 * their life across fork and exit (kernel/process/cred.h).
 */
#include "kernel/process/cred.h"
#include "kernel/process/task.h"

/* The privileges Linux drops from the effective set when fsuid leaves 0
 * (CAP_FS_MASK, as far as Mapback checks them). */
#define CAP_FS_MASK                                         \
	((1u << CAP_CHOWN) | (1u << CAP_DAC_OVERRIDE) |     \
	 (1u << CAP_DAC_READ_SEARCH) | (1u << CAP_FOWNER) | \
	 (1u << CAP_FSETID))

struct cred *current_cred(void)
{
	return &current->cred;
}

bool capable(int cap)
{
	const struct cred *c = current_cred();

	if (cap < 32 && (CAP_FS_MASK & (1u << cap)))
		return c->fsuid == 0;
	return c->euid == 0;
}

void copy_creds(struct task_struct *child, struct task_struct *parent)
{
	child->cred = parent->cred;
	if (child->cred.group_info)
		child->cred.group_info->usage++;
}

void exit_creds(struct task_struct *t)
{
	put_group_info(t->cred.group_info);
	t->cred.group_info = NULL;
}
