/*
 * kernel/cpu/sys_tls.c - thread-local storage: set_thread_area,
 * get_thread_area and set_tid_address.
 *
 * A libc puts its thread pointer in a GDT segment: set_thread_area
 * stores a struct user_desc in one of the task's three TLS slots and
 * loads it into the GDT (kernel/cpu/gdt.c load_tls); the scheduler reloads
 * the slots on every switch.  entry_number -1 asks for a free slot and is
 * answered with the one chosen (musl and glibc both do this; the selector
 * is then entry_number * 8 + 3).  clone's CLONE_SETTLS fills the new
 * thread's slot the same way, from a user_desc naming its slot.
 */
#include "kernel/errno.h"
#include "kernel/cpu/gdt.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"

static bool tls_slot_free(const struct user_desc *d)
{
	return d->seg_not_present && !d->base_addr && !d->limit;
}

int do_set_thread_area(struct task_struct *p, struct user_desc *uinfo,
		       bool can_allocate)
{
	struct user_desc d;
	int idx;

	if (copy_from_user(&d, uinfo, sizeof(d)))
		return -EFAULT;
	if (d.entry_number == (u32)-1 && can_allocate) {
		for (idx = 0; idx < GDT_ENTRY_TLS_ENTRIES; idx++)
			if (tls_slot_free(&p->tls_array[idx]))
				break;
		if (idx == GDT_ENTRY_TLS_ENTRIES)
			return -ESRCH;
		d.entry_number = GDT_ENTRY_TLS_MIN + idx;
		if (put_user(d.entry_number, &uinfo->entry_number))
			return -EFAULT;
	}
	if (d.entry_number < GDT_ENTRY_TLS_MIN ||
	    d.entry_number > GDT_ENTRY_TLS_MAX)
		return -EINVAL;
	p->tls_array[d.entry_number - GDT_ENTRY_TLS_MIN] = d;
	if (p == current)
		load_tls(p->tls_array);
	return 0;
}

long sys_set_thread_area(struct user_desc *uinfo)
{
	return do_set_thread_area(current, uinfo, true);
}

long sys_get_thread_area(struct user_desc *uinfo)
{
	u32 entry;

	if (get_user(entry, &uinfo->entry_number))
		return -EFAULT;
	if (entry < GDT_ENTRY_TLS_MIN || entry > GDT_ENTRY_TLS_MAX)
		return -EINVAL;
	if (copy_to_user(uinfo, &current->tls_array[entry - GDT_ENTRY_TLS_MIN],
			 sizeof(*uinfo)))
		return -EFAULT;
	return put_user(entry, &uinfo->entry_number);
}

long sys_set_tid_address(u32 tidptr)
{
	current->clear_child_tid = tidptr;
	return current->pid;
}
