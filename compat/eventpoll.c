/*
 * compat/eventpoll.c - epoll_create, epoll_create1, epoll_ctl, epoll_wait,
 * epoll_pwait and epoll_pwait2 (Linux: compat/eventpoll.c).
 *
 * An epoll instance is an anonymous file (fs/anon_inodes.c) whose
 * private_data is a struct eventpoll: the set of watched (file, fd)
 * pairs, one struct epitem each, and a ready list.  Readiness comes from
 * the files' own poll operations, the ones poll(2) uses (fs/sys_poll.c):
 * f_op->poll says what is ready now and names the wait queue the file
 * wakes when that may change.  Each item hangs a function entry on that
 * queue for as long as it is in the set (kernel/sched/wait.h), so a wake-up of
 * the file calls ep_poll_callback, which puts the item on the ready list
 * and wakes the tasks in epoll_wait.  epoll_wait sleeps on the instance's
 * own queue and never scans the whole set: it asks only the items on the
 * ready list for their events again (a wake-up says "may have changed"),
 * reports those that are ready, and then
 *  - level-triggered (the default): puts the item back on the ready
 *    list, so the next epoll_wait asks it again and reports it for as
 *    long as it stays ready;
 *  - EPOLLET: leaves it off until the file's next wake-up;
 *  - EPOLLONESHOT: disables it (its events become 0) until EPOLL_CTL_MOD.
 *
 * The ready list changes with interrupts off (a tty wakes its queue from
 * its interrupt handler); everything else (the items of every set, each
 * file's f_ep_links) under the one mutex epmutex, since copying events
 * out may fault and sleep.  Items hold no reference on their file: the
 * file's last fput calls eventpoll_release, which removes them, as in
 * Linux.  An epoll file may watch another (nesting up to EP_MAX_NESTS);
 * a cycle is refused with ELOOP.
 */
#include "compat/eventpoll.h"
#include "fs/anon_inodes.h"
#include "fs/fcntl.h"
#include "fs/syscalls.h"
#include "fs/sys_util.h"
#include "fs/vfs.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/sched/sched.h"
#include "kernel/sched/semaphore.h"
#include "kernel/signal/signal.h"
#include "kernel/time/time.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/sched/wait.h"
#include "mm/phys/slab.h"

#define EPOLL_CTL_ADD 1
#define EPOLL_CTL_DEL 2
#define EPOLL_CTL_MOD 3

#define EPOLLIN		0x001
#define EPOLLOUT	0x004
#define EPOLLERR	0x008
#define EPOLLHUP	0x010
#define EPOLLEXCLUSIVE	(1u << 28)
#define EPOLLWAKEUP	(1u << 29)
#define EPOLLONESHOT	(1u << 30)
#define EPOLLET		(1u << 31)

/* Flags that say how to report, not what. */
#define EP_PRIVATE_BITS (EPOLLWAKEUP | EPOLLONESHOT | EPOLLET | EPOLLEXCLUSIVE)
/* What EPOLLEXCLUSIVE may come with. */
#define EPOLLEXCLUSIVE_OK_BITS (EPOLLIN | EPOLLOUT | EPOLLERR | EPOLLHUP | \
				EPOLLWAKEUP | EPOLLET | EPOLLEXCLUSIVE)

#define EPOLL_CLOEXEC O_CLOEXEC
#define EP_MAX_NESTS 4
/* Linux's bound on maxevents: the array's size must fit in an int. */
#define EP_MAX_EVENTS (0x7fffffff / sizeof(struct epoll_event))

/* The i386 layout: 12 bytes, data not 8-aligned. */
struct epoll_event {
	u32 events;
	u64 data;
} __attribute__((packed));

struct eventpoll {
	struct list_head items;		/* every epitem, by ep_link */
	struct list_head rdllist;	/* ready epitems, by rdllink */
	wait_queue_head_t wq;		/* tasks in epoll_wait */
	wait_queue_head_t poll_wait;	/* poll() of the epoll file itself */
};

struct epitem {
	struct list_head ep_link;	/* in ep->items */
	struct list_head rdllink;	/* in ep->rdllist, or empty */
	struct list_head f_link;	/* in file->f_ep_links */
	struct eventpoll *ep;
	struct file *file;		/* watched, not referenced */
	int fd;				/* the fd it was added by */
	struct epoll_event event;	/* events 0: a fired EPOLLONESHOT */
	wait_queue_t wait;		/* on *whead, calls ep_poll_callback */
	wait_queue_head_t *whead;	/* the file's queue, or NULL */
};

static DECLARE_MUTEX(epmutex);
static const struct file_operations eventpoll_fops;

static bool is_file_epoll(struct file *f)
{
	return f->f_op == &eventpoll_fops;
}

/* The item's ready events now (what it watches, plus ERR and HUP). */
static u32 ep_item_poll(struct epitem *epi)
{
	return epi->file->f_op->poll(epi->file, NULL) & epi->event.events;
}

/* Interrupts off. */
static void ep_set_ready(struct eventpoll *ep, struct epitem *epi)
{
	if (list_empty(&epi->rdllink))
		list_add_tail(&epi->rdllink, &ep->rdllist);
	wake_up(&ep->wq);
	wake_up(&ep->poll_wait);
}

/* The watched file woke its queue (interrupts are off). */
static void ep_poll_callback(wait_queue_t *w)
{
	struct epitem *epi = container_of(w, struct epitem, wait);

	if (epi->event.events & ~EP_PRIVATE_BITS)
		ep_set_ready(epi->ep, epi);
}

static struct epitem *ep_find(struct eventpoll *ep, struct file *file,
			      int fd)
{
	struct epitem *epi;

	list_for_each_entry(epi, &ep->items, ep_link)
		if (epi->file == file && epi->fd == fd)
			return epi;
	return NULL;
}

/* epmutex held. */
static void ep_remove(struct epitem *epi)
{
	u32 flags;

	if (epi->whead)
		remove_wait_queue(epi->whead, &epi->wait);
	list_del(&epi->f_link);
	list_del(&epi->ep_link);
	flags = irq_save();
	if (!list_empty(&epi->rdllink))
		list_del_init(&epi->rdllink);
	irq_restore(flags);
	kfree(epi);
}

void eventpoll_release(struct file *file)
{
	if (list_empty(&file->f_ep_links))
		return;
	down(&epmutex);
	while (!list_empty(&file->f_ep_links))
		ep_remove(list_entry(file->f_ep_links.next, struct epitem,
				     f_link));
	up(&epmutex);
}

/* epmutex held. */
static int ep_insert(struct eventpoll *ep, const struct epoll_event *ev,
		     struct file *tf, int fd)
{
	struct epitem *epi = kzalloc(sizeof(*epi), GFP_KERNEL);
	u32 flags, revents;

	if (!epi)
		return -ENOMEM;
	INIT_LIST_HEAD(&epi->rdllink);
	epi->ep = ep;
	epi->file = tf;
	epi->fd = fd;
	epi->event = *ev;
	init_waitqueue_func_entry(&epi->wait, ep_poll_callback);
	list_add_tail(&epi->ep_link, &ep->items);
	list_add_tail(&epi->f_link, &tf->f_ep_links);
	revents = tf->f_op->poll(tf, &epi->whead) & epi->event.events;
	if (epi->whead)
		add_wait_queue(epi->whead, &epi->wait);
	if (revents) {
		flags = irq_save();
		ep_set_ready(ep, epi);
		irq_restore(flags);
	}
	return 0;
}

/* epmutex held. */
static void ep_modify(struct eventpoll *ep, struct epitem *epi,
		      const struct epoll_event *ev)
{
	u32 flags;

	epi->event = *ev;
	if (ep_item_poll(epi)) {
		flags = irq_save();
		ep_set_ready(ep, epi);
		irq_restore(flags);
	}
}

/* Does from reach ep through nested epoll files (or nest too deep)? */
static bool ep_loop_check(struct eventpoll *from, struct eventpoll *ep,
			  int depth)
{
	struct epitem *epi;

	if (from == ep || depth > EP_MAX_NESTS)
		return true;
	list_for_each_entry(epi, &from->items, ep_link)
		if (is_file_epoll(epi->file) &&
		    ep_loop_check(epi->file->private_data, ep, depth + 1))
			return true;
	return false;
}

/*
 * Copy the ready items' events to uevents (at most maxevents); the number
 * copied, or -EFAULT if the first could not be.  Items stay off the ready
 * list while they are looked at, so a wake-up meanwhile (the copy may
 * sleep) puts them back through ep_poll_callback, never twice.
 */
static int ep_send_events(struct eventpoll *ep, struct epoll_event *uevents,
			  int maxevents)
{
	struct list_head txlist;
	struct epitem *epi;
	struct epoll_event ev;
	int n = 0;
	u32 flags;

	INIT_LIST_HEAD(&txlist);
	down(&epmutex);
	flags = irq_save();
	list_splice_init(&ep->rdllist, &txlist);
	irq_restore(flags);
	while (!list_empty(&txlist) && n < maxevents) {
		epi = list_entry(txlist.next, struct epitem, rdllink);
		list_del_init(&epi->rdllink);
		ev.events = ep_item_poll(epi);
		if (!ev.events)
			continue;
		ev.data = epi->event.data;
		if (copy_to_user(&uevents[n], &ev, sizeof(ev))) {
			flags = irq_save();
			if (list_empty(&epi->rdllink))
				list_add(&epi->rdllink, &txlist);
			irq_restore(flags);
			if (!n)
				n = -EFAULT;
			break;
		}
		n++;
		if (epi->event.events & EPOLLONESHOT) {
			epi->event.events &= EP_PRIVATE_BITS;
		} else if (!(epi->event.events & EPOLLET)) {
			flags = irq_save();
			if (list_empty(&epi->rdllink))
				list_add_tail(&epi->rdllink, &ep->rdllist);
			irq_restore(flags);
		}
	}
	flags = irq_save();
	list_splice(&txlist, &ep->rdllist);
	irq_restore(flags);
	up(&epmutex);
	return n;
}

static bool ep_events_available(struct eventpoll *ep)
{
	return !list_empty(&ep->rdllist);
}

/* timeout in ticks, < 0 forever.  Never restarted: a signal is EINTR. */
static int ep_poll(struct eventpoll *ep, struct epoll_event *uevents,
		   int maxevents, long timeout)
{
	u32 deadline = jiffies + (timeout > 0 ? timeout : 0);
	wait_queue_t w;
	int n;

	for (;;) {
		n = ep_send_events(ep, uevents, maxevents);
		if (n || timeout == 0)
			return n;
		if (signal_pending(current))
			return -EINTR;
		if (timeout > 0 && (s32)(jiffies - deadline) >= 0)
			return 0;
		init_wait(&w);
		prepare_to_wait(&ep->wq, &w, TASK_INTERRUPTIBLE);
		if (!ep_events_available(ep) && !signal_pending(current))
			schedule_timeout(timeout < 0 ? MAX_SCHEDULE_TIMEOUT
						     : (long)(deadline - jiffies));
		finish_wait(&ep->wq, &w);
	}
}

/* poll() of an epoll file: readable when one of its items is ready. */
static unsigned int ep_eventpoll_poll(struct file *file,
				      struct wait_queue_head **wq)
{
	struct eventpoll *ep = file->private_data;
	struct epitem *epi;
	unsigned int mask = 0;
	u32 flags;

	if (wq)
		*wq = &ep->poll_wait;
	flags = irq_save();
	list_for_each_entry(epi, &ep->rdllist, rdllink)
		if (ep_item_poll(epi)) {
			mask = POLLIN | POLLRDNORM;
			break;
		}
	irq_restore(flags);
	return mask;
}

static void ep_eventpoll_release(struct inode *inode, struct file *file)
{
	struct eventpoll *ep = file->private_data;

	(void)inode;
	down(&epmutex);
	while (!list_empty(&ep->items))
		ep_remove(list_entry(ep->items.next, struct epitem, ep_link));
	up(&epmutex);
	kfree(ep);
}

static const struct file_operations eventpoll_fops = {
	.llseek = no_llseek,
	.poll = ep_eventpoll_poll,
	.release = ep_eventpoll_release,
};

long sys_epoll_create1(int flags)
{
	struct eventpoll *ep;
	struct file *file;

	if (flags & ~EPOLL_CLOEXEC)
		return -EINVAL;
	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	if (!ep)
		return -ENOMEM;
	INIT_LIST_HEAD(&ep->items);
	INIT_LIST_HEAD(&ep->rdllist);
	init_waitqueue_head(&ep->wq);
	init_waitqueue_head(&ep->poll_wait);
	file = anon_inode_getfile("[eventpoll]", &eventpoll_fops, ep,
				  O_RDWR);
	if (!file) {
		kfree(ep);
		return -ENOMEM;
	}
	return anon_inode_install(file, flags & EPOLL_CLOEXEC);
}

/* size is only a hint, but must be positive (Linux's check). */
long sys_epoll_create(int size)
{
	if (size <= 0)
		return -EINVAL;
	return sys_epoll_create1(0);
}

static long do_epoll_ctl(struct file *f, int op, struct file *tf, int fd,
			 struct epoll_event *ev)
{
	struct eventpoll *ep;
	struct epitem *epi;
	long err;

	if (!tf->f_op || !tf->f_op->poll)
		return -EPERM;	/* regular files, directories: always ready */
	if (f == tf || !is_file_epoll(f))
		return -EINVAL;
	if (op != EPOLL_CTL_DEL && (ev->events & EPOLLEXCLUSIVE) &&
	    (op == EPOLL_CTL_MOD || is_file_epoll(tf) ||
	     (ev->events & ~EPOLLEXCLUSIVE_OK_BITS)))
		return -EINVAL;
	ep = f->private_data;
	down(&epmutex);
	err = -ELOOP;
	if (op == EPOLL_CTL_ADD && is_file_epoll(tf) &&
	    ep_loop_check(tf->private_data, ep, 1))
		goto out;
	epi = ep_find(ep, tf, fd);
	err = -EINVAL;
	switch (op) {
	case EPOLL_CTL_ADD:
		ev->events |= EPOLLERR | EPOLLHUP;
		err = epi ? -EEXIST : ep_insert(ep, ev, tf, fd);
		break;
	case EPOLL_CTL_DEL:
		err = -ENOENT;
		if (epi) {
			ep_remove(epi);
			err = 0;
		}
		break;
	case EPOLL_CTL_MOD:
		if (!epi) {
			err = -ENOENT;
		} else if (!(epi->event.events & EPOLLEXCLUSIVE)) {
			ev->events |= EPOLLERR | EPOLLHUP;
			ep_modify(ep, epi, ev);
			err = 0;
		}
		break;
	}
out:
	up(&epmutex);
	return err;
}

long sys_epoll_ctl(int epfd, int op, int fd, const struct epoll_event *uev)
{
	struct epoll_event ev = { 0, 0 };
	struct file *f, *tf;
	long err;

	if (op != EPOLL_CTL_DEL && copy_from_user(&ev, uev, sizeof(ev)))
		return -EFAULT;
	f = fget_current(epfd);
	if (!f)
		return -EBADF;
	tf = fget_current(fd);
	if (!tf) {
		fput(f);
		return -EBADF;
	}
	err = do_epoll_ctl(f, op, tf, fd, &ev);
	fput(tf);
	fput(f);
	return err;
}

static long do_epoll_wait(int epfd, struct epoll_event *uevents,
			  int maxevents, long ticks)
{
	struct file *f;
	long ret;

	if (maxevents <= 0 || (u32)maxevents > EP_MAX_EVENTS)
		return -EINVAL;
	if (!access_ok(uevents, maxevents * sizeof(struct epoll_event)))
		return -EFAULT;
	f = anon_inode_fget(epfd, &eventpoll_fops);
	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = ep_poll(f->private_data, uevents, maxevents, ticks);
	fput(f);
	return ret;
}

/* Milliseconds to ticks, rounded up, plus the tick already under way, so
 * the wait lasts at least that long; < 0 is forever. */
static long ep_timeout_ticks(int ms)
{
	if (ms < 0)
		return -1;
	if (!ms)
		return 0;
	if (ms / 1000 >= MAX_SCHEDULE_TIMEOUT / HZ - 1)
		return MAX_SCHEDULE_TIMEOUT - 1;
	return ms / 1000 * HZ + ((ms % 1000) * HZ + 999) / 1000 + 1;
}

long sys_epoll_wait(int epfd, struct epoll_event *uevents, int maxevents,
		    int timeout)
{
	return do_epoll_wait(epfd, uevents, maxevents,
			     ep_timeout_ticks(timeout));
}

static long do_epoll_pwait(int epfd, struct epoll_event *uevents,
			   int maxevents, long ticks, const sigset_t *umask,
			   u32 sigsetsize)
{
	bool set;
	long ret = set_user_sigmask(umask, sigsetsize, &set);

	if (ret)
		return ret;
	ret = do_epoll_wait(epfd, uevents, maxevents, ticks);
	restore_user_sigmask(set, ret);
	return ret;
}

long sys_epoll_pwait(int epfd, struct epoll_event *uevents, int maxevents,
		     int timeout, const sigset_t *umask, u32 sigsetsize)
{
	return do_epoll_pwait(epfd, uevents, maxevents,
			      ep_timeout_ticks(timeout), umask, sigsetsize);
}

/* The timeout as a struct timespec64 (NULL: forever). */
long sys_epoll_pwait2(int epfd, struct epoll_event *uevents, int maxevents,
		      const struct timespec64 *uts, const sigset_t *umask,
		      u32 sigsetsize)
{
	struct timespec64 ts;
	long ticks = -1;

	if (uts) {
		if (copy_from_user(&ts, uts, sizeof(ts)))
			return -EFAULT;
		/* A 32-bit process's tv_nsec: the upper half is padding. */
		ts.tv_nsec = (s32)ts.tv_nsec;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 ||
		    ts.tv_nsec >= NSEC_PER_SEC)
			return -EINVAL;
		ticks = timespec64_to_jiffies(&ts);
		if (ticks && ticks < MAX_SCHEDULE_TIMEOUT)
			ticks++;
	}
	return do_epoll_pwait(epfd, uevents, maxevents, ticks, umask,
			      sigsetsize);
}
