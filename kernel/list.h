/*
 * kernel/list.h - circular doubly linked lists, as in Linux.
 *
 * A struct list_head is embedded in each object; the head of a list is a
 * list_head of its own whose next/prev point at itself when empty.  The LRU
 * lists, the i_mmap VMA lists and the task lists are all of this kind.
 */
#ifndef KERNEL_LIST_H
#define KERNEL_LIST_H

#include "kernel/types.h"

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h->prev = h;
}

static inline void __list_add(struct list_head *n, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

/* Insert n right after head (stack order). */
static inline void list_add(struct list_head *n, struct list_head *head)
{
	__list_add(n, head, head->next);
}

/* Insert n right before head, i.e. at the tail (queue order). */
static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	__list_add(n, head->prev, head);
}

/* Unlink e and leave it pointing at itself, so list_empty(e) is true. */
static inline void list_del_init(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	INIT_LIST_HEAD(e);
}

static inline void list_del(struct list_head *e)
{
	list_del_init(e);
}

static inline void list_move(struct list_head *e, struct list_head *head)
{
	list_del_init(e);
	list_add(e, head);
}

static inline void list_move_tail(struct list_head *e, struct list_head *head)
{
	list_del_init(e);
	list_add_tail(e, head);
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

/* Move every entry of list to the front of head; list is left garbage. */
static inline void list_splice(struct list_head *list, struct list_head *head)
{
	struct list_head *first = list->next, *last = list->prev;

	if (list_empty(list))
		return;
	first->prev = head;
	last->next = head->next;
	head->next->prev = last;
	head->next = first;
}

/* The same, leaving list empty. */
static inline void list_splice_init(struct list_head *list,
				    struct list_head *head)
{
	list_splice(list, head);
	INIT_LIST_HEAD(list);
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(head, type, member) \
	list_entry((head)->next, type, member)
#define list_last_entry(head, type, member) \
	list_entry((head)->prev, type, member)

#define list_for_each(pos, head) \
	for (pos = (head)->next; pos != (head); pos = pos->next)

#define list_for_each_entry(pos, head, member)                         \
	for (pos = list_entry((head)->next, __typeof__(*pos), member);  \
	     &pos->member != (head);                                    \
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

/* Safe against removal of pos: n holds the next entry. */
#define list_for_each_entry_safe(pos, n, head, member)                    \
	for (pos = list_entry((head)->next, __typeof__(*pos), member),     \
	    n = list_entry(pos->member.next, __typeof__(*pos), member);    \
	     &pos->member != (head);                                       \
	     pos = n, n = list_entry(n->member.next, __typeof__(*n), member))

#endif
