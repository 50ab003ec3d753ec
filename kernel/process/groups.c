/*
 * kernel/process/groups.c - supplementary groups: the sorted list a task shares
 * with the tasks it forked until one of them calls setgroups, the
 * membership test of permission checks, getgroups and setgroups.
 */
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

struct group_info *groups_alloc(int ngroups)
{
	struct group_info *gi;

	gi = kmalloc(sizeof(*gi) + ngroups * sizeof(u32), GFP_KERNEL);
	if (!gi)
		return NULL;
	gi->usage = 1;
	gi->ngroups = ngroups;
	return gi;
}

void put_group_info(struct group_info *gi)
{
	if (gi && --gi->usage == 0)
		kfree(gi);
}

/* Shell sort, as Linux's groups_sort: up to NGROUPS_MAX ids, no recursion. */
static void groups_sort(struct group_info *gi)
{
	int gap, i, j, n = gi->ngroups;

	for (gap = n / 2; gap > 0; gap /= 2)
		for (i = gap; i < n; i++) {
			u32 g = gi->gid[i];

			for (j = i; j >= gap && gi->gid[j - gap] > g; j -= gap)
				gi->gid[j] = gi->gid[j - gap];
			gi->gid[j] = g;
		}
}

void set_current_groups(struct group_info *gi)
{
	struct cred *c = current_cred();

	groups_sort(gi);
	put_group_info(c->group_info);
	c->group_info = gi;
}

static bool groups_search(const struct group_info *gi, u32 gid)
{
	int lo = 0, hi = gi ? gi->ngroups : 0;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (gi->gid[mid] == gid)
			return true;
		if (gi->gid[mid] < gid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool in_group_p(u32 gid)
{
	const struct cred *c = current_cred();

	return gid == c->fsgid || groups_search(c->group_info, gid);
}

/* The groups, each as a size-byte id (2: the 16-bit calls, which show a
 * big id as OVERFLOWUID), into list; count or -errno, as Linux. */
long getgroups_common(int size, void *list, int idsize)
{
	const struct group_info *gi = current_cred()->group_info;
	int i, n = gi ? gi->ngroups : 0;

	if (size < 0)
		return -EINVAL;
	if (!size)
		return n;
	if (n > size)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		u32 g = gi->gid[i];
		u16 g16 = g > 0xffff ? OVERFLOWUID : g;
		void *to = (char *)list + i * idsize;

		if (idsize == 2 ? copy_to_user(to, &g16, 2) :
				  copy_to_user(to, &g, 4))
			return -EFAULT;
	}
	return n;
}

long setgroups_common(int size, const void *list, int idsize)
{
	struct group_info *gi;
	int i;

	if (!capable(CAP_SETGID))
		return -EPERM;
	if ((unsigned int)size > NGROUPS_MAX)
		return -EINVAL;
	gi = groups_alloc(size);
	if (!gi)
		return -ENOMEM;
	for (i = 0; i < size; i++) {
		const void *from = (const char *)list + i * idsize;
		u16 g16;

		if (idsize == 2 ? copy_from_user(&g16, from, 2) :
				  copy_from_user(&gi->gid[i], from, 4)) {
			put_group_info(gi);
			return -EFAULT;
		}
		if (idsize == 2)
			gi->gid[i] = g16 == 0xffff ? INVALID_ID : g16;
		if (gi->gid[i] == INVALID_ID) {
			put_group_info(gi);
			return -EINVAL;
		}
	}
	set_current_groups(gi);
	return 0;
}

long sys_getgroups(int size, u32 *list)
{
	return getgroups_common(size, list, 4);
}

long sys_setgroups(int size, const u32 *list)
{
	return setgroups_common(size, list, 4);
}
