/*
 * fs/proc_mem.c - /proc/meminfo, /proc/vmstat and /proc/slabinfo.
 *
 * Formats are Linux's, because BusyBox free and top parse them: meminfo
 * lines are a 16-column label and an 8-column number of kB; vmstat lines
 * are "name value"; slabinfo is version 2.1.  Counters that belong to
 * later work (LRU lists, swap, mapped pages) read 0 until it exists; the
 * rmap work appends its own vmstat lines through proc_vmstat_extra_show.
 */
#include "fs/procfs.h"
#include "fs/pagecache.h"
#include "kernel/io.h"
#include "mm/mmzone.h"
#include "mm/page_alloc.h"
#include "mm/slab.h"
#include "mm/vmstat.h"

#define K(pages) ((pages) << (PAGE_SHIFT - 10))

static void kb(struct seq_buf *m, const char *label, u32 pages)
{
	seq_printf(m, "%-16s%8u kB\n", label, K(pages));
}

void proc_meminfo_show(struct seq_buf *m, struct task_struct *t)
{
	u32 free = nr_free_pages(), cached = pagecache_nr_pages();

	(void)t;
	kb(m, "MemTotal:", totalram_pages);
	kb(m, "MemFree:", free);
	kb(m, "MemAvailable:", free + cached);
	kb(m, "Buffers:", 0);
	kb(m, "Cached:", cached);
	kb(m, "SwapCached:", 0);
	kb(m, "Active:", 0);
	kb(m, "Inactive:", 0);
	kb(m, "HighTotal:", 0);
	kb(m, "HighFree:", 0);
	kb(m, "LowTotal:", totalram_pages);
	kb(m, "LowFree:", free);
	kb(m, "SwapTotal:", 0);
	kb(m, "SwapFree:", 0);
	kb(m, "Dirty:", 0);
	kb(m, "Writeback:", 0);
	kb(m, "Mapped:", 0);
	kb(m, "Shmem:", 0);
	kb(m, "Slab:", page_state.nr_slab);
	kb(m, "PageTables:", page_state.nr_page_table_pages);
	kb(m, "CommitLimit:", totalram_pages);
	kb(m, "Committed_AS:", 0);
}

void proc_vmstat_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "nr_free_pages %u\n", nr_free_pages());
	seq_printf(m, "nr_file_pages %lu\n", pagecache_nr_pages());
	seq_printf(m, "nr_slab %u\n", page_state.nr_slab);
	seq_printf(m, "nr_page_table_pages %u\n",
		   page_state.nr_page_table_pages);
	seq_printf(m, "pgalloc_dma %u\n", page_state.pgalloc[ZONE_DMA]);
	seq_printf(m, "pgalloc_normal %u\n", page_state.pgalloc[ZONE_NORMAL]);
	seq_printf(m, "pgfree %u\n", page_state.pgfree);
	seq_printf(m, "pgalloc_fail %u\n", page_state.pgalloc_fail);
	if (proc_vmstat_extra_show)
		proc_vmstat_extra_show(m);
}

void proc_slabinfo_show(struct seq_buf *m, struct task_struct *t)
{
	struct kmem_cache *c;
	u32 flags;

	(void)t;
	seq_puts(m, "slabinfo - version: 2.1\n");
	seq_puts(m, "# name            <active_objs> <num_objs> <objsize> "
		    "<objperslab> <pagesperslab> : tunables <limit> "
		    "<batchcount> <sharedfactor> : slabdata <active_slabs> "
		    "<num_slabs> <sharedavail>\n");
	flags = irq_save();
	list_for_each_entry(c, &cache_chain, next)
		seq_printf(m, "%-17s %6u %6u %6u %4u %4u : tunables %4u %4u "
			   "%4u : slabdata %6u %6u %6u\n", c->name,
			   c->active_objs, c->num_objs, c->size, c->num,
			   1u << c->order, 0u, 0u, 0u, c->active_slabs,
			   c->num_slabs, 0u);
	irq_restore(flags);
}
