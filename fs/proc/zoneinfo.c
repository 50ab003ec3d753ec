/*
 * fs/proc/zoneinfo.c - /proc/zoneinfo and /proc/buddyinfo: the zones
 * (mm/phys/mmzone.h) in Linux 6.1's formats.
 *
 * zoneinfo lists every zone Mapback has (DMA, Normal, HighMem), populated
 * or not; an empty one stops after its protection line, as in Linux.  The
 * first populated zone carries the per-node stats.  boost and cma are
 * always 0 (no watermark boosting, no CMA), "managed" is present_pages
 * (the pages given to the allocator), and the per-CPU pagesets Linux
 * lists are left out: Mapback has none.  The LRU lists are not split into anon and file, so
 * the per-zone counts are the 2.6 names nr_inactive and nr_active, as in
 * /proc/vmstat.  "protection" is the lowmem reserve against allocations
 * of each class zone.  buddyinfo has one line per populated zone: the free
 * blocks of each order.
 */
#include "fs/proc/procfs.h"
#include "mm/locking.h"
#include "mm/phys/mmzone.h"
#include "mm/rmap/rmap.h"
#include "mm/vm/filemap.h"
#include "mm/vmstat.h"
#include "mm/writeback/writeback.h"

static void stat_line(struct seq_buf *m, const char *name, u32 value)
{
	seq_printf(m, "\n      %-12s %u", name, value);
}

static void node_stats(struct seq_buf *m)
{
	seq_puts(m, "\n  per-node stats");
	stat_line(m, "nr_mapped", rmap_stats.nr_mapped);
	stat_line(m, "nr_file_pages", pagecache_nr_pages());
	stat_line(m, "nr_dirty", nr_file_dirty);
	stat_line(m, "nr_writeback", nr_writeback);
	stat_line(m, "nr_page_table_pages", page_state.nr_page_table_pages);
}

static void zone_show(struct seq_buf *m, struct zone *z, bool first)
{
	struct zone c;
	u32 flags;
	int i;

	spin_lock_irqsave(&z->lock, flags);
	c = *z;
	spin_unlock_irqrestore(&z->lock, flags);
	seq_printf(m, "Node 0, zone %8s", c.name);
	if (first)
		node_stats(m);
	seq_printf(m,
		   "\n  pages free     %u"
		   "\n        boost    0"
		   "\n        min      %u"
		   "\n        low      %u"
		   "\n        high     %u"
		   "\n        spanned  %u"
		   "\n        present  %u"
		   "\n        managed  %u"
		   "\n        cma      0",
		   c.free_pages, c.pages_min, c.pages_low, c.pages_high,
		   c.spanned_pages, c.present_pages, c.present_pages);
	seq_printf(m, "\n        protection: (%u", c.lowmem_reserve[0]);
	for (i = 1; i < MAX_NR_ZONES; i++)
		seq_printf(m, ", %u", c.lowmem_reserve[i]);
	seq_putc(m, ')');
	if (!c.present_pages) {
		seq_putc(m, '\n');
		return;
	}
	stat_line(m, "nr_free_pages", c.free_pages);
	stat_line(m, "nr_inactive", c.nr_inactive);
	stat_line(m, "nr_active", c.nr_active);
	seq_printf(m,
		   "\n  node_unreclaimable:  0"
		   "\n  start_pfn:           %u\n",
		   c.zone_start_pfn);
}

void proc_zoneinfo_show(struct seq_buf *m, struct task_struct *t)
{
	bool first = true;
	int i;

	(void)t;
	for (i = 0; i < MAX_NR_ZONES; i++) {
		zone_show(m, &zones[i], first && zones[i].present_pages);
		if (zones[i].present_pages)
			first = false;
	}
}

void proc_buddyinfo_show(struct seq_buf *m, struct task_struct *t)
{
	u32 nr_free[MAX_ORDER];
	int i, o;

	(void)t;
	for (i = 0; i < MAX_NR_ZONES; i++) {
		u32 flags;

		if (!zones[i].present_pages)
			continue;
		spin_lock_irqsave(&zones[i].lock, flags);
		for (o = 0; o < MAX_ORDER; o++)
			nr_free[o] = zones[i].free_area[o].nr_free;
		spin_unlock_irqrestore(&zones[i].lock, flags);
		seq_printf(m, "Node 0, zone %8s ", zones[i].name);
		for (o = 0; o < MAX_ORDER; o++)
			seq_printf(m, "%6u ", nr_free[o]);
		seq_putc(m, '\n');
	}
}
