/*
 * mm/proc_mm.h - the address-space files of /proc/PID, for fs's procfs.
 *
 * The show hooks themselves (proc_pid_maps_show, proc_pid_cmdline_show,
 * proc_task_mm_info) are declared by fs/procfs.h.
 */
#ifndef MM_PROC_MM_H
#define MM_PROC_MM_H

#include "kernel/types.h"

struct task_struct;
struct mm_struct;

/* task's mm with a user reference (mmput it), or NULL for a kthread. */
struct mm_struct *get_task_mm(struct task_struct *task);

#endif
