/*
 * mm/vm/fremap.h - installing a chosen page at a chosen address
 * (remap_file_pages and file VMA populate).
 */
#ifndef MM_VM_FREMAP_H
#define MM_VM_FREMAP_H

#include "mm/vm/vma.h"

/* Map page (whose reference the caller hands over) at addr with prot,
 * replacing whatever was there.  0 or -ENOMEM (the reference is dropped). */
int install_page(struct vm_area_struct *vma, unsigned long addr,
		 struct page *page, pgprot_t prot);

#endif
