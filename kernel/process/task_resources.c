/*
 * kernel/process/task_resources.c - what a process holds of other subsystems:
 * its address space (vm's mm_struct), descriptor table and cwd/root (fs's
 * files_struct and fs_struct).  fork copies them, exit lets them go.
 */
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "fs/fdtable.h"
#include "fs/fs_struct.h"
#include "mm/vm/mm_struct.h"
#include "mm/reclaim/oom_kill.h"

/* CLONE_FILES, CLONE_FS: one more task uses the same table / root. */
static void share_files_fs(struct task_struct *child,
			   struct task_struct *parent, u32 clone_flags)
{
	u32 flags = irq_save();

	if ((clone_flags & CLONE_FILES) && parent->files) {
		child->files = parent->files;
		child->files->count++;
	}
	if ((clone_flags & CLONE_FS) && parent->fs) {
		child->fs = parent->fs;
		child->fs->count++;
	}
	irq_restore(flags);
}

/* On failure the caller undoes what was copied with exit_task_resources. */
int copy_task_resources(struct task_struct *child, struct task_struct *parent,
			u32 clone_flags)
{
	share_files_fs(child, parent, clone_flags);
	if (parent->mm && (clone_flags & CLONE_VM)) {
		mmget(parent->mm);
		child->mm = parent->mm;
	} else if (parent->mm) {
		child->mm = dup_mm(parent->mm);
		if (!child->mm)
			return -ENOMEM;
	}
	if (parent->files && !child->files) {
		child->files = copy_files(parent->files);
		if (!child->files)
			return -ENOMEM;
	}
	if (parent->fs && !child->fs) {
		child->fs = copy_fs_struct(parent->fs);
		if (!child->fs)
			return -ENOMEM;
	}
	return 0;
}

/*
 * mmput switches cr3 away before it frees a page directory the CPU is
 * using.  An OOM victim's memory is free after that: the allocators
 * waiting for it may go on.  (The clear_child_tid word was handled by
 * mm_release, kernel/process/fork.c, while the mm was still there.)
 */
void exit_task_resources(struct task_struct *t)
{
	struct mm_struct *mm = t->mm;

	if (t->fs) {
		put_fs_struct(t->fs);
		t->fs = NULL;
	}
	if (t->files) {
		put_files_struct(t->files);
		t->files = NULL;
	}
	if (mm) {
		t->mm = NULL;
		mmput(mm);
	}
	oom_task_exited(t);
}
