/*
 * mm/rmap/pagetrace.h - the page tracer: one user address followed down
 * the chain the reverse map is made of, for students.
 *
 * pagetrace_show prints, for addr in mm, the PTE, the struct page it maps,
 * the page's mapping, and then what the reverse map of the current rmap
 * mode visits for that page and what it finds at each stop: it runs the
 * rmap code's own walks (rmap_walk_file, rmap_walk_anon, rmap_walk_chain
 * in mm/rmap/rmap_walk.h) with a visitor that prints.  /proc/PID/pagetrace
 * shows it (fs/proc/base.c); docs/book/06-reverse-mapping.md reads it line
 * by line.  Following one page's life as events is mm/rmap/pagetrace_events.h.
 */
#ifndef MM_RMAP_PAGETRACE_H
#define MM_RMAP_PAGETRACE_H

#include "kernel/lib/seq_buf.h"

struct mm_struct;

/* May sleep: takes mm's mmap_sem, the page lock and the walk's locks. */
void pagetrace_show(struct seq_buf *m, struct mm_struct *mm,
		    unsigned long addr);

#endif
