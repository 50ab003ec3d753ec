/*
 * mm/filemap.h - mapping files: the vm_operations of a file VMA.
 */
#ifndef MM_FILEMAP_H
#define MM_FILEMAP_H

#include "mm/vma.h"

extern const struct vm_operations_struct generic_file_vm_ops;

/* Can this open file be mmapped (it has a page cache with readpage)? */
bool file_mappable(struct file *file);

#endif
