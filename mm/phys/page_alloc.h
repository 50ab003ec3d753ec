/*
 * mm/phys/page_alloc.h - the binary buddy page allocator.
 *
 * alloc_pages returns the first struct page of 2^order contiguous frames
 * with a count of 1, or NULL when no zone the gfp mask allows has memory
 * (it never panics).  __free_pages drops that reference and frees the
 * block at zero.  With __GFP_HIGHMEM the pages may be high (reach them
 * with kmap); the address variants return direct-map addresses, so they
 * never take __GFP_HIGHMEM.
 */
#ifndef MM_PHYS_PAGE_ALLOC_H
#define MM_PHYS_PAGE_ALLOC_H

#include "mm/phys/gfp.h"
#include "mm/phys/page.h"

struct page *alloc_pages(gfp_t gfp, unsigned int order);
void __free_pages(struct page *page, unsigned int order);
unsigned long __get_free_pages(gfp_t gfp, unsigned int order);
void free_pages(unsigned long addr, unsigned int order);
unsigned long get_zeroed_page(gfp_t gfp);
u32 nr_free_pages(void);
/* Free pages in ZONE_HIGHMEM. */
u32 nr_free_highpages(void);

/* The zone indices an allocation with gfp may use, best first, ending
 * with -1; the first is its class zone (mm/phys/mmzone.h). */
const int *gfp_zonelist(gfp_t gfp);
struct zone;
/* Would 2^order pages leave mark (and the lowmem reserve against an
 * allocation of class zone classzone) free in z?  __GFP_HIGH in gfp
 * halves mark. */
bool zone_watermark_ok(struct zone *z, unsigned int order, u32 mark,
		       int classzone, gfp_t gfp);

#define alloc_page(gfp) alloc_pages(gfp, 0)
#define __get_free_page(gfp) __get_free_pages(gfp, 0)
#define __free_page(page) __free_pages(page, 0)
#define free_page(addr) free_pages(addr, 0)

/* Smallest order whose block holds size bytes. */
unsigned int get_order(u32 size);

/*
 * bad_page: a page in a state it must not be in was freed or allocated.
 * It prints the page and BUGs, unless a test has set bad_page_catch: then
 * it only counts in bad_page_caught and the offending free is refused, so
 * the test can check that the error was seen and carry on.
 */
extern bool bad_page_catch;
extern u32 bad_page_caught;
void bad_page(const char *function, const char *why, struct page *page);

/* Give a boot-reserved frame to the allocator (mm/init.c, free_reserved_area). */
void free_reserved_page(struct page *page);

#endif
