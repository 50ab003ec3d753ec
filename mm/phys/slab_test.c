/*
 * mm/phys/slab_test.c - ktests for kmem caches and kmalloc.
 */
#include "kernel/ktest.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/vmstat.h"

#define NOBJ 200

static int ctor_calls;

static void test_ctor(void *obj)
{
	*(u32 *)obj = 0xC0FFEE;
	ctor_calls++;
}

KTEST(slab_objects_disjoint_aligned_counted)
{
	static void *objs[NOBJ];
	u32 free0 = nr_free_pages();
	struct kmem_cache *c = kmem_cache_create("test-40", 40, 64, test_ctor);
	u32 i, j, overlaps = 0, misaligned = 0, unconstructed = 0;

	KASSERT_TRUE(c != NULL);
	KEXPECT_EQ(c->size, 64);
	for (i = 0; i < NOBJ; i++) {
		objs[i] = kmem_cache_alloc(c, GFP_KERNEL);
		KASSERT_TRUE(objs[i] != NULL);
		misaligned += ((u32)objs[i] & 63) != 0;
		unconstructed += *(u32 *)objs[i] != 0xC0FFEE;
		memset(objs[i], i, 40);
	}
	for (i = 0; i < NOBJ; i++)
		for (j = 0; j < NOBJ; j++)
			if (i != j && (char *)objs[i] < (char *)objs[j] + 40 &&
			    (char *)objs[j] < (char *)objs[i] + 40)
				overlaps++;
	KEXPECT_EQ(overlaps, 0);
	KEXPECT_EQ(misaligned, 0);
	KEXPECT_EQ(unconstructed, 0);
	for (i = 0; i < NOBJ; i++)
		KEXPECT_EQ(((u8 *)objs[i])[39], (u8)i);	/* nobody overwrote */

	KEXPECT_EQ(c->active_objs, NOBJ);
	KEXPECT_EQ(c->num_slabs, (NOBJ + c->num - 1) / c->num);
	KEXPECT_EQ(c->num_objs, c->num_slabs * c->num);
	KEXPECT_EQ(c->active_slabs, c->num_slabs);
	KEXPECT_EQ(ctor_calls, (int)c->num_objs);

	for (i = 0; i < NOBJ; i++)
		kmem_cache_free(c, objs[i]);
	KEXPECT_EQ(c->active_objs, 0);
	KEXPECT_EQ(c->active_slabs, 0);
	KEXPECT_EQ(c->num_slabs, 1);	/* one empty slab is kept */
	KEXPECT_EQ(kmem_cache_shrink(c), 1u << c->order);
	KEXPECT_EQ(c->num_slabs, 0);
	KEXPECT_EQ(kmem_cache_destroy(c), 0);
	KEXPECT_EQ(nr_free_pages(), free0);
}

KTEST(slab_reuses_freed_objects)
{
	struct kmem_cache *c = kmem_cache_create("test-reuse", 100, 0, NULL);
	void *a, *b, *d;
	u32 slabs;

	KASSERT_TRUE(c != NULL);
	a = kmem_cache_alloc(c, GFP_KERNEL);
	b = kmem_cache_alloc(c, GFP_KERNEL);
	KASSERT_TRUE(a && b && a != b);
	slabs = c->num_slabs;
	kmem_cache_free(c, a);
	d = kmem_cache_alloc(c, GFP_KERNEL);
	KEXPECT_TRUE(d == a);
	KEXPECT_EQ(c->num_slabs, slabs);
	kmem_cache_free(c, b);
	kmem_cache_free(c, d);
	KEXPECT_EQ(kmem_cache_destroy(c), 0);
}

KTEST(slab_destroy_refuses_busy_cache_and_bad_args)
{
	struct kmem_cache *c = kmem_cache_create("test-busy", 16, 0, NULL);
	void *o;

	KASSERT_TRUE(c != NULL);
	o = kmem_cache_alloc(c, GFP_KERNEL);
	KASSERT_TRUE(o != NULL);
	KEXPECT_EQ(kmem_cache_destroy(c), 1);
	kmem_cache_free(c, o);
	KEXPECT_EQ(kmem_cache_destroy(c), 0);
	KEXPECT_TRUE(kmem_cache_create("bad", 0, 0, NULL) == NULL);
	KEXPECT_TRUE(kmem_cache_create("bad", 8, 3, NULL) == NULL);
	KEXPECT_TRUE(kmem_cache_create("bad", PAGE_SIZE + 1, 0, NULL) == NULL);
}

/* Give every cache's kept empty slab back, so page counts compare exactly. */
static void shrink_all_caches(void)
{
	struct kmem_cache *c;

	list_for_each_entry(c, &cache_chain, next)
		kmem_cache_shrink(c);
}

KTEST(kmalloc_size_classes_and_large)
{
	u32 free0;
	u32 sizes[] = { 1, 8, 9, 100, 512, 1000, 2048, 4096, 4097, 20000 };
	void *p[ARRAY_SIZE(sizes)];
	u32 i;

	shrink_all_caches();
	free0 = nr_free_pages();
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		p[i] = kmalloc(sizes[i], GFP_KERNEL);
		KASSERT_TRUE(p[i] != NULL);
		KEXPECT_GE(ksize(p[i]), sizes[i]);
		KEXPECT_EQ((u32)p[i] & 7, 0);
		memset(p[i], 0x5A, sizes[i]);
	}
	KEXPECT_EQ(ksize(p[2]), 16);
	KEXPECT_EQ(ksize(p[8]), 2 * PAGE_SIZE);
	KEXPECT_EQ(ksize(p[9]), 8 * PAGE_SIZE);
	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		kfree(p[i]);
	kfree(NULL);

	p[0] = kzalloc(300, GFP_KERNEL);
	KASSERT_TRUE(p[0] != NULL);
	for (i = 0; i < 300; i++)
		if (((u8 *)p[0])[i])
			break;
	KEXPECT_EQ(i, 300);
	kfree(p[0]);
	shrink_all_caches();
	KEXPECT_EQ(nr_free_pages(), free0);
}
