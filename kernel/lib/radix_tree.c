/*
 * kernel/lib/radix_tree.c - the page index behind every address_space.
 *
 * A tree of height h holds keys 0 .. 2^(6h)-1.  root->rnode is the top
 * node; slot i of a node at level l covers the keys whose bits
 * [6(l-1), 6l) equal i.  Leaves (level 1) hold the items themselves.
 * The tree grows upward when a key too large for its height arrives, and
 * a node is freed as soon as its last slot empties, so an empty tree owns
 * no memory at all.
 */
#include "kernel/lib/radix_tree.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/panic.h"
#include "kernel/cpu/atomic.h"
#include "kernel/lib/string.h"
#include "mm/phys/gfp.h"
#include "mm/phys/slab.h"
#include "mm/locking.h"

static struct kmem_cache *node_cachep;
static u32 nr_nodes; /* bumped from any CPU: stat_inc */

/* Nodes allocated by radix_tree_preload and not yet used (uniprocessor). */
static struct radix_tree_node *preload[RADIX_TREE_MAX_PATH];
static int nr_preload;

void radix_tree_init(void)
{
	node_cachep = kmem_cache_create("radix_tree_node",
					sizeof(struct radix_tree_node), 0, NULL);
	BUG_ON(!node_cachep);
}

static struct radix_tree_node *node_alloc(unsigned int gfp)
{
	struct radix_tree_node *node = kmem_cache_alloc(node_cachep, gfp);

	if (node) {
		memset(node, 0, sizeof(*node));
		stat_inc(&nr_nodes);
	}
	return node;
}

static void node_free(struct radix_tree_node *node)
{
	stat_dec(&nr_nodes);
	kmem_cache_free(node_cachep, node);
}

/*
 * node_alloc may sleep (GFP_KERNEL reclaims), and meanwhile another task,
 * kswapd say, may fill the reserve: so a node is only stored if there is
 * still room once we have it, and freed otherwise.
 */
int radix_tree_preload(unsigned int gfp)
{
	while (nr_preload < RADIX_TREE_MAX_PATH) {
		struct radix_tree_node *node = node_alloc(gfp);
		u32 flags;

		if (!node)
			return -ENOMEM;
		flags = preempt_disable_irqsave();
		if (nr_preload < RADIX_TREE_MAX_PATH) {
			preload[nr_preload++] = node;
			node = NULL;
		}
		preempt_enable_irqrestore(flags);
		if (node)
			node_free(node);
	}
	return 0;
}

void radix_tree_preload_drain(void)
{
	struct radix_tree_node *node;
	u32 flags;

	for (;;) {
		flags = preempt_disable_irqsave();
		node = nr_preload ? preload[--nr_preload] : NULL;
		preempt_enable_irqrestore(flags);
		if (!node)
			return;
		node_free(node);
	}
}

/* Take a node from the preload reserve, else try an atomic allocation. */
static struct radix_tree_node *node_get(void)
{
	struct radix_tree_node *node;
	u32 flags = preempt_disable_irqsave();

	node = nr_preload ? preload[--nr_preload] : NULL;
	preempt_enable_irqrestore(flags);
	return node ? node : node_alloc(GFP_ATOMIC);
}

unsigned long radix_tree_nr_nodes(void)
{
	return nr_nodes;
}

static unsigned long maxindex(unsigned int height)
{
	unsigned int bits = height * RADIX_TREE_MAP_SHIFT;

	if (bits >= 8 * sizeof(unsigned long))
		return ~0UL;
	return (1UL << bits) - 1;
}

/* Add levels on top until index fits. */
static int extend(struct radix_tree_root *root, unsigned long index)
{
	while (index > maxindex(root->height)) {
		struct radix_tree_node *node;

		if (!root->rnode) {
			root->height++;
			continue;
		}
		node = node_get();
		if (!node)
			return -ENOMEM;
		node->slots[0] = root->rnode;
		node->count = 1;
		root->rnode = node;
		root->height++;
	}
	return 0;
}

int radix_tree_insert(struct radix_tree_root *root, unsigned long index,
		      void *item)
{
	struct radix_tree_node *node = NULL;
	void **slot;
	int shift, err;

	BUG_ON(!item);
	if (root->height == 0)
		root->height = 1;
	err = extend(root, index);
	if (err)
		return err;
	slot = (void **)&root->rnode;
	for (shift = (root->height - 1) * RADIX_TREE_MAP_SHIFT; shift >= 0;
	     shift -= RADIX_TREE_MAP_SHIFT) {
		if (!*slot) {
			struct radix_tree_node *child = node_get();

			if (!child)
				return -ENOMEM;
			*slot = child;
			if (node)
				node->count++;
		}
		node = *slot;
		slot = &node->slots[(index >> shift) & RADIX_TREE_MAP_MASK];
	}
	if (*slot)
		return -EEXIST;
	*slot = item;
	node->count++;
	return 0;
}

void *radix_tree_lookup(struct radix_tree_root *root, unsigned long index)
{
	struct radix_tree_node *node = root->rnode;
	int shift;

	if (!node || index > maxindex(root->height))
		return NULL;
	for (shift = (root->height - 1) * RADIX_TREE_MAP_SHIFT; shift > 0;
	     shift -= RADIX_TREE_MAP_SHIFT) {
		node = node->slots[(index >> shift) & RADIX_TREE_MAP_MASK];
		if (!node)
			return NULL;
	}
	return node->slots[index & RADIX_TREE_MAP_MASK];
}

void *radix_tree_delete(struct radix_tree_root *root, unsigned long index)
{
	struct radix_tree_node *path[RADIX_TREE_MAX_PATH + 1];
	unsigned int offs[RADIX_TREE_MAX_PATH + 1];
	struct radix_tree_node *node = root->rnode;
	int shift, level = 0;
	void *item;

	if (!node || index > maxindex(root->height))
		return NULL;
	for (shift = (root->height - 1) * RADIX_TREE_MAP_SHIFT; ;
	     shift -= RADIX_TREE_MAP_SHIFT) {
		path[level] = node;
		offs[level] = (index >> shift) & RADIX_TREE_MAP_MASK;
		if (shift == 0)
			break;
		node = node->slots[offs[level]];
		if (!node)
			return NULL;
		level++;
	}
	item = path[level]->slots[offs[level]];
	if (!item)
		return NULL;
	/* Clear the slot, then free every node on the path left empty. */
	for (; level >= 0; level--) {
		path[level]->slots[offs[level]] = NULL;
		if (--path[level]->count)
			break;
		node_free(path[level]);
	}
	if (level < 0) {
		root->rnode = NULL;
		root->height = 0;
	}
	return item;
}

/*
 * gang's bottom level: the items of leaf from key *index on, which is
 * left just past the last slot looked at.  A fault-around takes sixteen
 * neighbours here at a time, so *index is stored once, not per slot.
 */
static unsigned int gang_leaf(struct radix_tree_node *leaf,
			      unsigned long *index, bool *done,
			      void **results, unsigned int max)
{
	unsigned long i = *index & RADIX_TREE_MAP_MASK;
	unsigned long base = *index - i;
	unsigned int n = 0;

	for (; i < RADIX_TREE_MAP_SIZE && n < max; i++)
		if (leaf->slots[i])
			results[n++] = leaf->slots[i];
	*index = base + i;
	if (*index == 0)
		*done = true;	/* wrapped past ~0UL */
	return n;
}

/*
 * Collect items with keys >= *index under node (covering keys whose low
 * `shift + 6` bits vary).  Advances *index past everything visited; stops
 * early when results is full.
 */
static unsigned int gang(struct radix_tree_node *node, int shift,
			 unsigned long *index, bool *done, void **results,
			 unsigned int max)
{
	unsigned int n = 0;
	unsigned long i = (*index >> shift) & RADIX_TREE_MAP_MASK;
	unsigned long step = 1UL << shift;

	if (shift == 0)
		return gang_leaf(node, index, done, results, max);
	for (; i < RADIX_TREE_MAP_SIZE && n < max; i++) {
		void *slot = node->slots[i];
		unsigned long base = *index & ~((step << RADIX_TREE_MAP_SHIFT) - 1);

		if (slot) {
			n += gang(slot, shift - RADIX_TREE_MAP_SHIFT, index,
				  done, results + n, max - n);
			if (n >= max || *done)
				break;
		}
		/* Move *index to the first key of slot i + 1. */
		*index = base + (i + 1) * step;
		if (*index == 0) {
			*done = true;	/* wrapped past ~0UL */
			break;
		}
	}
	return n;
}

unsigned int radix_tree_gang_lookup(struct radix_tree_root *root,
				    void **results, unsigned long first,
				    unsigned int max)
{
	unsigned long index = first;
	bool done = false;

	if (!root->rnode || first > maxindex(root->height) || !max)
		return 0;
	return gang(root->rnode, (root->height - 1) * RADIX_TREE_MAP_SHIFT,
		    &index, &done, results, max);
}

void *radix_tree_next(struct radix_tree_root *root, unsigned long *index)
{
	unsigned long next = *index;
	bool done = false;
	void *item;

	if (!root->rnode || *index > maxindex(root->height))
		return NULL;
	if (!gang(root->rnode, (root->height - 1) * RADIX_TREE_MAP_SHIFT,
		  &next, &done, &item, 1))
		return NULL;
	*index = next - 1;	/* gang left next just past the item's key */
	return item;
}
