/*
 * fs/proc/meminfo.c - /proc/meminfo, /proc/vmstat and /proc/slabinfo.
 *
 * Formats are Linux's, because BusyBox free and top parse them: meminfo
 * lines are a 16-column label and an 8-column number of kB; vmstat lines
 * are "name value"; slabinfo is version 2.1.  The memory manager's own
 * counters (LRU lists, swap, reclaim events, rmap) are read from mm/.
 * /proc/swaps and /proc/rmap are here too.
 */
#include "fs/proc/procfs.h"
#include "kernel/locking/kernel_lock.h"
#include "mm/vm/filemap.h"
#include "kernel/cpu/io.h"
#include "mm/phys/mmzone.h"
#include "mm/phys/pgtable.h"
#include "mm/rmap/i_mmap.h"
#include "mm/rmap/rmap.h"
#include "mm/reclaim/swap.h"
#include "mm/reclaim/swap_state.h"
#include "mm/reclaim/vmscan.h"
#include "mm/phys/page_alloc.h"
#include "mm/phys/slab.h"
#include "mm/vmstat.h"
#include "mm/phys/tlb.h"
#include "mm/locking.h"
#include "mm/trylock_stat.h"
#include "mm/vm/exit_zap.h"

static void kb(struct seq_buf *m, const char *label, u32 pages)
{
	seq_printf(m, "%-16s%8u kB\n", label, K(pages));
}

static void lru_sizes(u32 *active, u32 *inactive)
{
	int i;

	*active = *inactive = 0;
	for (i = 0; i < MAX_NR_ZONES; i++) {
		*active += zones[i].nr_active;
		*inactive += zones[i].nr_inactive;
	}
}

void proc_meminfo_show(struct seq_buf *m, struct task_struct *t)
{
	u32 free = nr_free_pages(), cached = pagecache_nr_pages();
	u32 high_free = nr_free_highpages();
	u32 active, inactive, swap_total, swap_free;

	(void)t;
	lru_sizes(&active, &inactive);
	si_swapinfo(&swap_total, &swap_free);
	kb(m, "MemTotal:", totalram_pages);
	kb(m, "MemFree:", free);
	kb(m, "MemAvailable:", free + cached);
	kb(m, "Buffers:", 0);
	kb(m, "Cached:", cached);
	kb(m, "SwapCached:", swapper_space.nrpages);
	kb(m, "Active:", active);
	kb(m, "Inactive:", inactive);
	kb(m, "HighTotal:", totalhigh_pages);
	kb(m, "HighFree:", high_free);
	kb(m, "LowTotal:", totalram_pages - totalhigh_pages);
	kb(m, "LowFree:", free - min(free, high_free));
	seq_printf(m, "%-16s%8u kB\n", "SwapTotal:", swap_total);
	seq_printf(m, "%-16s%8u kB\n", "SwapFree:", swap_free);
	kb(m, "Dirty:", nr_file_dirty);	/* of disk files: ramfs's are not */
	kb(m, "Writeback:", nr_writeback);	/* file and swap writes */
	kb(m, "Mapped:", rmap_stats.nr_mapped);
	kb(m, "Shmem:", 0);
	kb(m, "Slab:", page_state.nr_slab);
	kb(m, "PageTables:", page_state.nr_page_table_pages);
	kb(m, "CommitLimit:", totalram_pages + swap_total / 4);
}

struct vmstat_line {
	const char *name;
	const u32 *value;
};

/* One line per counter; a new counter is one more line. */
static const struct vmstat_line vmstat_lines[] = {
	{ "nr_slab", &page_state.nr_slab },
	{ "nr_page_table_pages", &page_state.nr_page_table_pages },
	{ "nr_mapped", &rmap_stats.nr_mapped },
	{ "nr_dirty", &nr_file_dirty },
	{ "nr_writeback", &nr_writeback },
	{ "pgalloc_dma", &page_state.pgalloc[ZONE_DMA] },
	{ "pgalloc_normal", &page_state.pgalloc[ZONE_NORMAL] },
	{ "pgalloc_high", &page_state.pgalloc[ZONE_HIGHMEM] },
	{ "pgfree", &page_state.pgfree },
	{ "pgalloc_fail", &page_state.pgalloc_fail },
	{ "pgfault", &vm_events.pgfault },
	{ "pgmajfault", &vm_events.pgmajfault },
	{ "pgscan", &vm_events.pgscan },
	{ "pgsteal", &vm_events.pgsteal },
	{ "pgscan_anon", &vm_events.pgscan_anon },
	{ "pgscan_file", &vm_events.pgscan_file },
	{ "pgsteal_anon", &vm_events.pgsteal_anon },
	{ "pgsteal_file", &vm_events.pgsteal_file },
	{ "pgactivate", &vm_events.pgactivate },
	{ "pgdeactivate", &vm_events.pgdeactivate },
	{ "pswpin", &vm_events.pswpin },
	{ "pswpout", &vm_events.pswpout },
	{ "pgrotated", &vm_events.pgrotated },
	{ "kswapd_wakeup", &vm_events.kswapd_wakeup },
	{ "allocstall", &vm_events.allocstall },
	{ "oom_kill", &vm_events.oom_kill },
	{ "swap_write_error", &vm_events.swap_write_error },
	{ "nr_tlb_remote_flush", &tlb_events.remote_flush },
	{ "nr_tlb_remote_flush_received", &tlb_events.remote_flush_received },
	{ "nr_tlb_local_flush_all", &tlb_events.local_flush_all },
	{ "nr_tlb_local_flush_one", &tlb_events.local_flush_one },
	{ "swap_ra", &vm_events.swap_ra },
	{ "swap_ra_hit", &vm_events.swap_ra_hit },
	{ "rmap_pte_chains", &rmap_stats.pte_chains },
	{ "rmap_pte_chains_peak", &rmap_stats.pte_chains_peak },
	{ "rmap_ptes_visited", &rmap_stats.ptes_visited },
	{ "rmap_vmas_scanned", &rmap_stats.vmas_scanned },
	{ "rmap_anon_vmas", &rmap_stats.anon_vmas },
	{ "rmap_pages_unmapped", &rmap_stats.pages_unmapped },
	{ "rmap_referenced_calls", &rmap_stats.referenced_calls },
	{ "rmap_unmap_calls", &rmap_stats.unmap_calls },
	{ "rmap_unmap_success", &rmap_stats.unmap_success },
	{ "rmap_unmap_again", &rmap_stats.unmap_again },
	{ "rmap_unmap_fail", &rmap_stats.unmap_fail },
	{ "rmap_trylock_failed", &rmap_stats.trylock_failed },
	{ "pgtable_maps", &pgtable_maps },
	{ "pgtable_maps_high", &pgtable_maps_high },
	{ "bkl_contended", &bkl_stats.contended },
	{ "bkl_spin_ms", &bkl_stats.spin_ms },
	{ "bkl_sleeps", &bkl_stats.sleeps },
	{ "exit_zap_unlocked", &exit_zap_stats.unlocked },
	{ "exit_zap_locked", &exit_zap_stats.locked },
	{ "exit_zap_left", &exit_zap_stats.left },
};

void proc_vmstat_show(struct seq_buf *m, struct task_struct *t)
{
	u32 active, inactive;
	unsigned int i;

	(void)t;
	lru_sizes(&active, &inactive);
	seq_printf(m, "nr_free_pages %u\n", nr_free_pages());
	seq_printf(m, "nr_inactive %u\nnr_active %u\n", inactive, active);
	seq_printf(m, "nr_file_pages %lu\n", pagecache_nr_pages());
	for (i = 0; i < ARRAY_SIZE(vmstat_lines); i++)
		seq_printf(m, "%s %u\n", vmstat_lines[i].name,
			   *vmstat_lines[i].value);
	/* Counted in sectors, shown in KiB, as Linux does. */
	seq_printf(m, "pgpgin %u\npgpgout %u\n", vm_events.pgpgin / 2,
		   vm_events.pgpgout / 2);
	seq_printf(m, "rmap_walk_ticks %llu\n", rmap_stats.walk_ticks);
	for (i = 0; i < NR_TRYLOCK_SITES; i++)
		seq_printf(m, "%s %u\n", trylock_site_names[i],
			   trylock_failures[i]);
}

void proc_rmap_show(struct seq_buf *m, struct task_struct *t)
{
	(void)t;
	seq_printf(m, "mode %s\ni_mmap %s\n", rmap_mode_name(),
		   i_mmap_mode_name());
	seq_printf(m, "mapped_pages %u\n", rmap_stats.nr_mapped);
	seq_printf(m, "pte_chains %u\npte_chains_peak %u\n",
		   rmap_stats.pte_chains, rmap_stats.pte_chains_peak);
	seq_printf(m, "ptes_visited %u\nvmas_scanned %u\n",
		   rmap_stats.ptes_visited, rmap_stats.vmas_scanned);
	seq_printf(m, "pages_unmapped %u\n", rmap_stats.pages_unmapped);
	seq_printf(m, "unmap_success %u\nunmap_again %u\nunmap_fail %u\n",
		   rmap_stats.unmap_success, rmap_stats.unmap_again,
		   rmap_stats.unmap_fail);
	seq_printf(m, "trylock_failed %u\n", rmap_stats.trylock_failed);
	seq_printf(m, "anon_vmas %u\ncluster_scans %u\n", rmap_stats.anon_vmas,
		   rmap_stats.cluster_scans);
	seq_printf(m, "walk_ticks %llu\n", rmap_stats.walk_ticks);
}

void proc_swaps_show(struct seq_buf *m, struct task_struct *t)
{
	size_t room = m->len < m->size ? m->size - m->len : 0;

	(void)t;
	/* swaps_show formats like snprintf: the full length comes back. */
	m->len += swaps_show(m->buf + m->len, room);
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
	spin_lock_irqsave(&cache_chain_lock, flags);
	list_for_each_entry(c, &cache_chain, next)
		seq_printf(m, "%-17s %6u %6u %6u %4u %4u : tunables %4u %4u "
			   "%4u : slabdata %6u %6u %6u\n", c->name,
			   c->active_objs, c->num_objs, c->size, c->num,
			   1u << c->order, 0u, 0u, 0u, c->active_slabs,
			   c->num_slabs, 0u);
	spin_unlock_irqrestore(&cache_chain_lock, flags);
}
