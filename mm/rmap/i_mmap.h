/*
 * mm/rmap/i_mmap.h - a file's VMAs, as the object-based reverse map and
 * truncate find them.
 *
 * Every VMA of a file is on its address_space's i_mmap list (private
 * mappings) or i_mmap_shared list (shared ones), and, unless the boot
 * option i_mmap=list asks for plain lists only, also in
 * the interval tree beside that list (mm/rmap/vma_interval.h).  The lists
 * stay in both modes: they are the record of every VMA of the file that
 * the audit checks the trees against.
 *
 * for_each_mapping_vma is the one way to walk them: it gives the VMAs of
 * i_mmap, then of i_mmap_shared, that cover some of the file pages
 * [first, last], from the tree, or from the list by looking at every VMA.
 * Nonlinear VMAs are given too, by their linear range: the object walk
 * probes them like any other (a page may still sit where the linear
 * arithmetic puts it, mm/rmap/rmap_obj.c), truncate zaps them whole.
 * The caller holds mapping->i_shared_sem (the audit instead keeps
 * interrupts off for its whole walk) and must not add or remove VMAs of the
 * mapping during the walk.
 */
#ifndef MM_RMAP_I_MMAP_H
#define MM_RMAP_I_MMAP_H

#include "fs/address_space.h"
#include "mm/rmap/vma_interval.h"

void i_mmap_init(void);
const char *i_mmap_mode_name(void);
/* True unless i_mmap=list: the walks use the interval trees. */
extern bool i_mmap_tree;

/* Add or remove vma (which maps mapping); i_shared_sem held. */
void i_mmap_insert(struct address_space *mapping, struct vm_area_struct *vma);
void i_mmap_remove(struct address_space *mapping, struct vm_area_struct *vma);

struct mapping_vma_iter {
	struct address_space *mapping;
	unsigned long first, last;	/* the file pages asked about */
	int which;			/* 0: i_mmap, 1: i_mmap_shared */
	struct vm_area_struct *vma;	/* the one given last */
	u32 visited;			/* VMAs looked at to find them */
	struct vma_interval_iter tree;	/* the walk of the current tree */
};

struct vm_area_struct *mapping_vma_first(struct mapping_vma_iter *it,
					 struct address_space *mapping,
					 unsigned long first,
					 unsigned long last);
struct vm_area_struct *mapping_vma_next(struct mapping_vma_iter *it);

#define for_each_mapping_vma(vma, it, mapping, first, last)            \
	for (vma = mapping_vma_first(it, mapping, first, last); vma; \
	     vma = mapping_vma_next(it))

/*
 * For the audit: is vma (a file VMA on its mapping's list) in its tree
 * exactly where its range says?  When vma heads its list, the whole tree is
 * checked too and must hold as many VMAs as the list.  NULL if all is
 * well, else what is wrong.
 */
const char *i_mmap_check_vma(struct vm_area_struct *vma);

#endif
