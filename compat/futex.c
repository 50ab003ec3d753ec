/*
 * compat/futex.c - futex(2) and futex_time64, and robust lists (see
 * compat/futex.h).
 *
 * A sleeper is a struct futex_q on its own kernel stack, on the hash
 * bucket of its key.  A waker takes the q off the bucket and wakes its
 * task; the sleeper knows it was woken because its q is off the list.
 * The buckets change with interrupts off (Mapback is uniprocessor), and a
 * task in a system call is never preempted, so the only place another
 * task can run in the middle of a futex operation is a fault on the user
 * word that sleeps.  FUTEX_WAIT queues itself before it reads the word,
 * so a wake that follows a change of the word always finds it.
 *
 * Keys, as 2.6's get_futex_key: a private futex, and any word in a
 * private mapping, is (mm, address); a word in a shared file mapping is
 * (inode, page index), the same in every process mapping the file; in
 * shared anonymous memory it is the page, which mmap makes present and
 * fork hands to the child.  The offset in the page completes each key.
 * A private key is never checked against the mappings (FUTEX_WAKE_PRIVATE
 * anywhere wakes no one); a shared one needs a page that can be read and
 * can change: EFAULT for no mapping, PROT_NONE, or read-only anonymous
 * memory, as Linux 6.1.
 */
#include "compat/futex.h"
#include "kernel/errno.h"
#include "kernel/list.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/process/task.h"
#include "kernel/time/time.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"
#include "fs/file.h"
#include "mm/phys/page.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/vma.h"

struct futex_key {
	const void *object;	/* the mm, the inode or the page */
	unsigned long word;	/* page address (mm) or page index (inode) */
	u32 offset;		/* byte in the page */
};

/* A sleeper, on its kernel stack. */
struct futex_q {
	struct list_head list;	/* in its bucket; emptied by the waker */
	struct task_struct *task;
	struct futex_key key;
	u32 bitset;
};

#define FUTEX_HASHSIZE	256
/* A bucket is all zeroes until its first use (hash_futex). */
static struct list_head futex_queues[FUTEX_HASHSIZE];

static struct list_head *hash_futex(const struct futex_key *k)
{
	u32 h = ((u32)k->object ^ (u32)k->word * 2654435761u) + k->offset;
	struct list_head *head;

	head = &futex_queues[(h ^ h >> 8 ^ h >> 16) % FUTEX_HASHSIZE];
	if (!head->next)
		INIT_LIST_HEAD(head);
	return head;
}

static bool match_futex(const struct futex_key *a, const struct futex_key *b)
{
	return a->object == b->object && a->word == b->word &&
	       a->offset == b->offset;
}

/* Shared anonymous memory: the page itself (-EAGAIN if not present). */
static int anon_page_key(struct mm_struct *mm, unsigned long addr,
			 struct futex_key *key)
{
	pgd_t *pgd = pgd_offset(mm->pgd, addr);
	int err = -EAGAIN;
	pte_t *pte;
	u32 flags;

	spin_lock_irqsave(&mm->page_table_lock, flags);
	if (pgd_present(*pgd)) {
		pte = pte_offset_map(pgd, addr);
		if (pte_present(*pte)) {
			key->object = pte_page(*pte);
			key->word = 0;
			err = 0;
		}
		pte_unmap(pte);
	}
	spin_unlock_irqrestore(&mm->page_table_lock, flags);
	return err;
}

static int shared_futex_key(struct mm_struct *mm, unsigned long addr,
			    struct futex_key *key)
{
	struct vm_area_struct *vma;
	int err = 0;

	down(&mm->mmap_sem);
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start > addr ||
	    !(vma->vm_flags & (VM_READ | VM_WRITE | VM_EXEC))) {
		err = -EFAULT;
	} else if (!(vma->vm_flags & (VM_SHARED | VM_WRITE)) &&
		   !vma->vm_file) {
		/* A read-only anonymous page never changes: no futex there
		 * (Linux's get_futex_key). */
		err = -EFAULT;
	} else if ((vma->vm_flags & VM_SHARED) && vma->vm_file) {
		key->object = vma->vm_file->f_inode;
		key->word = vma->vm_pgoff +
			    ((addr - vma->vm_start) >> PAGE_SHIFT);
	} else if (vma->vm_flags & VM_SHARED) {
		err = anon_page_key(mm, addr, key);
	}
	up(&mm->mmap_sem);
	return err;
}

static int get_futex_key(u32 *uaddr, bool shared, struct futex_key *key)
{
	unsigned long addr = (unsigned long)uaddr;
	struct mm_struct *mm = current->mm;
	int err, tries;
	u32 v;

	if (addr & 3)
		return -EINVAL;
	if (!mm || !access_ok(uaddr, sizeof(u32)))
		return -EFAULT;
	key->object = mm;
	key->word = addr & PAGE_MASK;
	key->offset = addr & ~PAGE_MASK;
	if (!shared)
		return 0;
	for (tries = 0; tries < 2; tries++) {
		err = shared_futex_key(mm, addr, key);
		if (err != -EAGAIN)
			return err;
		if (copy_from_user(&v, uaddr, sizeof(v))) /* bring it back */
			return -EFAULT;
	}
	return -EFAULT;
}

/* Take q off its bucket and wake its task.  Interrupts are off; q may be
 * gone (its sleeper returned) as soon as they are on again. */
static void wake_futex(struct futex_q *q)
{
	struct task_struct *t = q->task;

	list_del_init(&q->list);
	wake_up_process(t);
}

/* Wake up to nr sleepers on key whose bitset meets bitset. */
static int wake_key(const struct futex_key *key, int nr, u32 bitset)
{
	struct list_head *head = hash_futex(key);
	struct futex_q *q, *n;
	u32 flags = irq_save();
	int woken = 0;

	list_for_each_entry_safe(q, n, head, list) {
		if (woken >= nr)
			break;
		if (match_futex(&q->key, key) && (q->bitset & bitset)) {
			wake_futex(q);
			woken++;
		}
	}
	irq_restore(flags);
	return woken;
}

long futex_wake(u32 *uaddr, bool shared, int nr, u32 bitset)
{
	struct futex_key key;
	int err;

	if (!bitset)
		return -EINVAL;
	err = get_futex_key(uaddr, shared, &key);
	if (err)
		return err;
	return wake_key(&key, nr, bitset);
}

/* When a wait gives up: absent, or the jiffies value of its deadline. */
struct futex_timeout {
	bool set;
	u32 deadline;
};

static bool timed_out(const struct futex_timeout *to)
{
	return to->set && (s32)(jiffies - to->deadline) >= 0;
}

/* Sleep until woken (q off its list), a signal, or the deadline. */
static long futex_sleep(struct futex_q *q, const struct futex_timeout *to)
{
	u32 flags = irq_save();
	long ret = 0;

	for (;;) {
		if (list_empty(&q->list))
			break;
		if (signal_pending(current)) {
			/* A wait without a timeout restarts after a handler
			 * with SA_RESTART, as on Linux. */
			ret = to->set ? -EINTR : -ERESTARTSYS;
			break;
		}
		if (timed_out(to)) {
			ret = -ETIMEDOUT;
			break;
		}
		current->state = TASK_INTERRUPTIBLE;
		if (to->set)
			schedule_timeout((s32)(to->deadline - jiffies));
		else
			schedule();
	}
	current->state = TASK_RUNNING;
	irq_restore(flags);
	return ret;
}

static long futex_wait(u32 *uaddr, bool shared, u32 val,
		       const struct futex_timeout *to, u32 bitset)
{
	struct futex_q q;
	long ret;
	u32 uval, flags;

	if (!bitset)
		return -EINVAL;
	ret = get_futex_key(uaddr, shared, &q.key);
	if (ret)
		return ret;
	q.task = current;
	q.bitset = bitset;
	flags = irq_save();
	list_add_tail(&q.list, hash_futex(&q.key));
	irq_restore(flags);
	if (get_user(uval, uaddr))
		ret = -EFAULT;
	else if (uval != val)
		ret = -EAGAIN;
	else
		ret = futex_sleep(&q, to);
	flags = irq_save();
	if (!list_empty(&q.list))
		list_del(&q.list);
	else if (ret)
		ret = 0;	/* woken as well: the wake counted us */
	irq_restore(flags);
	return ret;
}

/* REQUEUE and CMP_REQUEUE: wake nr_wake sleepers on uaddr1, move up to
 * nr_requeue others to uaddr2 (glibc's condition variables). */
static long futex_requeue(u32 *uaddr1, bool shared, u32 *uaddr2, int nr_wake,
			  int nr_requeue, const u32 *cmpval)
{
	struct futex_key key1, key2;
	struct list_head *head1, *head2;
	struct futex_q *q, *n;
	int err, woken = 0, moved = 0;
	u32 cur, flags;

	if (nr_wake < 0 || nr_requeue < 0)
		return -EINVAL;
	err = get_futex_key(uaddr1, shared, &key1);
	if (!err)
		err = get_futex_key(uaddr2, shared, &key2);
	if (err)
		return err;
	if (cmpval && get_user(cur, uaddr1))
		return -EFAULT;
	if (cmpval && cur != *cmpval)
		return -EAGAIN;
	head1 = hash_futex(&key1);
	head2 = hash_futex(&key2);
	flags = irq_save();
	list_for_each_entry_safe(q, n, head1, list) {
		if (!match_futex(&q->key, &key1))
			continue;
		if (woken < nr_wake) {
			wake_futex(q);
			woken++;
		} else if (moved < nr_requeue) {
			q->key = key2;
			if (head2 != head1)	/* else it would come round again */
				list_move_tail(&q->list, head2);
			moved++;
		} else {
			break;
		}
	}
	irq_restore(flags);
	return woken + moved;
}

#define FUTEX_OP_SET		0
#define FUTEX_OP_ADD		1
#define FUTEX_OP_OR		2
#define FUTEX_OP_ANDN		3
#define FUTEX_OP_XOR		4
#define FUTEX_OP_OPARG_SHIFT	8
#define FUTEX_OP_CMP_EQ		0
#define FUTEX_OP_CMP_NE		1
#define FUTEX_OP_CMP_LT		2
#define FUTEX_OP_CMP_LE		3
#define FUTEX_OP_CMP_GT		4
#define FUTEX_OP_CMP_GE		5

static s32 sign_extend12(u32 v)
{
	return (s32)(v << 20) >> 20;
}

static int apply_op(int op, u32 old, u32 oparg, u32 *new)
{
	switch (op) {
	case FUTEX_OP_SET:  *new = oparg; return 0;
	case FUTEX_OP_ADD:  *new = old + oparg; return 0;
	case FUTEX_OP_OR:   *new = old | oparg; return 0;
	case FUTEX_OP_ANDN: *new = old & ~oparg; return 0;
	case FUTEX_OP_XOR:  *new = old ^ oparg; return 0;
	default:            return -ENOSYS;
	}
}

static int compare_op(int cmp, s32 old, s32 cmparg)
{
	switch (cmp) {
	case FUTEX_OP_CMP_EQ: return old == cmparg;
	case FUTEX_OP_CMP_NE: return old != cmparg;
	case FUTEX_OP_CMP_LT: return old < cmparg;
	case FUTEX_OP_CMP_LE: return old <= cmparg;
	case FUTEX_OP_CMP_GT: return old > cmparg;
	case FUTEX_OP_CMP_GE: return old >= cmparg;
	default:              return -ENOSYS;
	}
}

/*
 * WAKE_OP's operation on *uaddr, then its comparison of the old value:
 * 1 or 0, or an error.  Read and write are one step unless the write
 * faults and the fault sleeps (a COW copy waiting for memory).
 */
static int futex_atomic_op(u32 encoded, u32 *uaddr)
{
	int op = (encoded >> 28) & 7, cmp = (encoded >> 24) & 15, err;
	u32 oparg = (u32)sign_extend12(encoded >> 12 & 0xfff), old, new;

	if (encoded >> 28 & FUTEX_OP_OPARG_SHIFT)
		oparg = 1u << (oparg & 31);
	if (get_user(old, uaddr))
		return -EFAULT;
	err = apply_op(op, old, oparg, &new);
	if (err)
		return err;
	if (compare_op(cmp, 0, 0) < 0)
		return -ENOSYS;
	if (put_user(new, uaddr))
		return -EFAULT;
	return compare_op(cmp, (s32)old, sign_extend12(encoded & 0xfff));
}

static long futex_wake_op(u32 *uaddr1, bool shared, u32 *uaddr2, int nr_wake,
			  int nr_wake2, u32 encoded)
{
	struct futex_key key1, key2;
	int err, woken;

	err = get_futex_key(uaddr1, shared, &key1);
	if (!err)
		err = get_futex_key(uaddr2, shared, &key2);
	if (err)
		return err;
	err = futex_atomic_op(encoded, uaddr2);
	if (err < 0)
		return err;
	woken = wake_key(&key1, nr_wake, FUTEX_BITSET_MATCH_ANY);
	if (err)
		woken += wake_key(&key2, nr_wake2, FUTEX_BITSET_MATCH_ANY);
	return woken;
}

/* The user's timespec, 32-bit (futex) or 64-bit (futex_time64) time. */
static int get_futex_timespec(struct timespec64 *ts, u32 uts, bool time64)
{
	struct old_timespec32 t32;

	if (time64) {
		if (copy_from_user(ts, (void *)uts, sizeof(*ts)))
			return -EFAULT;
		ts->tv_nsec = (s32)ts->tv_nsec;	/* upper half: padding */
	} else {
		if (copy_from_user(&t32, (void *)uts, sizeof(t32)))
			return -EFAULT;
		ts->tv_sec = t32.tv_sec;
		ts->tv_nsec = t32.tv_nsec;
	}
	if (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000)
		return -EINVAL;
	return 0;
}

/* FUTEX_WAIT's timeout is relative; WAIT_BITSET's is absolute, on
 * CLOCK_MONOTONIC or (FUTEX_CLOCK_REALTIME) CLOCK_REALTIME. */
static int futex_deadline(struct futex_timeout *to, u32 uts, bool time64,
			  bool absolute, int clock)
{
	struct timespec64 ts, now;
	int err;

	to->set = uts != 0;
	to->deadline = 0;
	if (!uts)
		return 0;
	err = get_futex_timespec(&ts, uts, time64);
	if (err)
		return err;
	if (absolute) {
		clock_read(clock, &now);
		ts.tv_sec -= now.tv_sec;
		ts.tv_nsec -= now.tv_nsec;
		if (ts.tv_nsec < 0) {
			ts.tv_nsec += 1000000000;
			ts.tv_sec--;
		}
		if (ts.tv_sec < 0)
			ts.tv_sec = ts.tv_nsec = 0;	/* already past */
	}
	if (ts.tv_sec > MAX_SCHEDULE_TIMEOUT / 1000)
		ts.tv_sec = MAX_SCHEDULE_TIMEOUT / 1000;	/* ~ for ever */
	to->deadline = jiffies + timespec64_to_jiffies(&ts);
	return 0;
}

static long do_futex(u32 *uaddr, int op, u32 val, u32 utime, u32 *uaddr2,
		     u32 val3, bool time64)
{
	int cmd = op & FUTEX_CMD_MASK;
	bool shared = !(op & FUTEX_PRIVATE_FLAG);
	int clock = op & FUTEX_CLOCK_REALTIME ? CLOCK_REALTIME : CLOCK_MONOTONIC;
	struct futex_timeout to;
	long err;

	if ((op & FUTEX_CLOCK_REALTIME) && cmd != FUTEX_WAIT &&
	    cmd != FUTEX_WAIT_BITSET)
		return -ENOSYS;
	switch (cmd) {
	case FUTEX_WAIT:
		val3 = FUTEX_BITSET_MATCH_ANY;
		/* fall through */
	case FUTEX_WAIT_BITSET:
		err = futex_deadline(&to, utime, time64, cmd == FUTEX_WAIT_BITSET,
				     clock);
		if (err)
			return err;
		return futex_wait(uaddr, shared, val, &to, val3);
	case FUTEX_WAKE:
		val3 = FUTEX_BITSET_MATCH_ANY;
		/* fall through */
	case FUTEX_WAKE_BITSET:
		return futex_wake(uaddr, shared, (int)val, val3);
	case FUTEX_REQUEUE:
		return futex_requeue(uaddr, shared, uaddr2, (int)val, (int)utime,
				     NULL);
	case FUTEX_CMP_REQUEUE:
		return futex_requeue(uaddr, shared, uaddr2, (int)val, (int)utime,
				     &val3);
	case FUTEX_WAKE_OP:
		return futex_wake_op(uaddr, shared, uaddr2, (int)val, (int)utime,
				     val3);
	default:
		return -ENOSYS;		/* FUTEX_FD (gone), the PI ops */
	}
}

/* For the ops that take no timeout, utime is a count (val2). */
long sys_futex(u32 *uaddr, int op, u32 val, u32 utime, u32 *uaddr2, u32 val3)
{
	return do_futex(uaddr, op, val, utime, uaddr2, val3, false);
}

long sys_futex_time64(u32 *uaddr, int op, u32 val, u32 utime, u32 *uaddr2,
		      u32 val3)
{
	return do_futex(uaddr, op, val, utime, uaddr2, val3, true);
}

/* Linux's struct robust_list_head on i386. */
struct robust_list_head {
	u32 next;		/* first entry, or the head's own address */
	s32 futex_offset;	/* from an entry to its lock word */
	u32 list_op_pending;	/* an entry being added or removed */
};

/* Entries walked at most, so a looping list cannot hang the exit. */
#define ROBUST_LIST_LIMIT	2048

long sys_set_robust_list(u32 head, u32 len)
{
	if (len != sizeof(struct robust_list_head))
		return -EINVAL;
	current->robust_list = head;
	return 0;
}

long sys_get_robust_list(int pid, u32 *uhead, u32 *ulen)
{
	struct task_struct *t = pid ? find_task_by_pid(pid) : current;

	if (!t)
		return -ESRCH;
	if (put_user((u32)sizeof(struct robust_list_head), ulen))
		return -EFAULT;
	return put_user(t->robust_list, uhead);
}

/* The owner t died holding the lock at uaddr: say so, wake a waiter. */
static void handle_futex_death(u32 *uaddr, struct task_struct *t)
{
	u32 uval, nval;

	if (get_user(uval, uaddr) || (uval & FUTEX_TID_MASK) != (u32)t->pid)
		return;
	nval = (uval & FUTEX_WAITERS) | FUTEX_OWNER_DIED;
	if (put_user(nval, uaddr))
		return;
	if (uval & FUTEX_WAITERS)
		futex_wake(uaddr, true, 1, FUTEX_BITSET_MATCH_ANY);
}

/* Bit 0 of a list pointer marks a PI futex; the address is the rest. */
void exit_robust_list(struct task_struct *t)
{
	struct robust_list_head head;
	u32 entry, next, pending;
	int limit = ROBUST_LIST_LIMIT;

	if (copy_from_user(&head, (void *)t->robust_list, sizeof(head)))
		return;
	entry = head.next & ~1u;
	pending = head.list_op_pending & ~1u;
	while (entry != t->robust_list && limit-- > 0) {
		/* The next link first: the woken waiter may free this one. */
		if (get_user(next, (u32 *)entry))
			return;
		if (entry != pending)
			handle_futex_death((u32 *)(entry + head.futex_offset), t);
		entry = next & ~1u;
	}
	if (pending)
		handle_futex_death((u32 *)(pending + head.futex_offset), t);
}
