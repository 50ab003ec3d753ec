/*
 * fs/proc/task_mmu.h - the address-space files of /proc/PID, for fs's procfs.
 *
 * Each function formats into buf (size bytes) and returns the number of
 * bytes written, never cutting a line: a line that does not fit is left
 * for the next call.  Text is exactly Linux's (i386) format.
 */
#ifndef FS_PROC_TASK_MMU_H
#define FS_PROC_TASK_MMU_H

#include "fs/stat.h"
#include "kernel/types.h"

struct task_struct;
struct mm_struct;
struct vm_area_struct;

#define MAPS_NAME_COLUMN 49	/* 25 + 6 * sizeof(void *) on i386 */
#define MAPS_LINE_MAX (MAPS_NAME_COLUMN + 256 + 2)

/* One maps line of vma (the header of its smaps block too) into
 * line[MAPS_LINE_MAX], newline included; its length.  Caller holds
 * namespace_sem (for d_path) and then mm->mmap_sem. */
int maps_line(struct mm_struct *mm, struct vm_area_struct *vma, char *line);

/*
 * /proc/PID/maps, one line per VMA.  *pos is the index of the first VMA to
 * print and is advanced past the ones printed; 0 bytes means the end.
 */
int proc_pid_maps(struct task_struct *task, char *buf, int size, loff_t *pos);
/* /proc/PID/statm: "size resident shared text lib data dt\n" in pages. */
int proc_pid_statm(struct task_struct *task, char *buf, int size);
/* The Vm* and Rss* lines of /proc/PID/status (nothing for kthreads). */
int proc_pid_status_mm(struct task_struct *task, char *buf, int size);

/* The /proc/PID/exe link: the absolute name of the file mapped
 * VM_EXECUTABLE (the program exec loaded), into buf without a NUL; its
 * length or -ENOENT.  Caller holds namespace_sem (fs/inode.h). */
int proc_pid_exe_link(struct task_struct *task, char *buf, int len);

/* task's mm with a user reference (mmput it), or NULL for a kthread. */
struct mm_struct *get_task_mm(struct task_struct *task);

#endif
