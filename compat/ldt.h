/*
 * compat/ldt.h - a process's local descriptor table (compat/ldt.c):
 * modify_ldt, and the hooks fork, exec, the scheduler and the last
 * reference to an mm call.
 */
#ifndef COMPAT_LDT_H
#define COMPAT_LDT_H

struct mm_struct;

/* Load mm's LDT into LDTR (none for NULL or an mm without one). */
void load_mm_ldt(struct mm_struct *mm);
/* fork: mm gets a copy of oldmm's table; 0 or -ENOMEM. */
int ldt_dup_context(struct mm_struct *oldmm, struct mm_struct *mm);
/* The mm is going: free its table. */
void destroy_context_ldt(struct mm_struct *mm);

long sys_modify_ldt(int func, void *ptr, unsigned long bytecount);

#endif
