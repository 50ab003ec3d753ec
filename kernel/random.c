/*
 * kernel/random.c - the entropy pool, the ChaCha20 generator, getrandom
 * and the /dev/random, /dev/urandom devices (see kernel/random.h).
 *
 * Input: sixteen words that every event is folded into by a few add,
 * rotate and xor steps (mix_pool), cheap enough to run on every
 * interrupt.  An event is the time it happened - the TSC where the CPU
 * has one (boot_cpu.has_tsc), else jiffies - and where the CPU was (the
 * interrupted eip), which on a 386 without a TSC is the part an outsider
 * cannot know.  random_init adds the CMOS clock's time at boot.
 *
 * Output: ChaCha20 blocks (kernel/lib/chacha.c) under a 256-bit key.
 * Before each request the key is re-derived from itself and the pool when
 * new events came in (reseed), and after it the key is replaced by fresh
 * output ("fast key erasure"), so bytes already handed out cannot be
 * recomputed from a later key.  The generator counts as ready from boot on, so getrandom
 * never blocks: this is the kernel's judgement, stated here, that the
 * boot seed plus a running pool is enough for a teaching kernel; Linux
 * makes the same call once its own boot jitter has been collected.
 */
#include "kernel/random.h"
#include "fs/vfs.h"
#include "kernel/cpu/cpu.h"
#include "kernel/drivers/rtc.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/chacha.h"
#include "kernel/lib/string.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/page.h"

#define GRND_NONBLOCK 0x0001
#define GRND_RANDOM 0x0002
#define GRND_INSECURE 0x0004

#define MAX_RW_COUNT 0x7ffff000	/* Linux's cap on one transfer */

static u32 pool[16];
static unsigned int pool_pos;
static unsigned long pool_events;	/* events mixed since the last reseed */

static u32 crng_key[8];
static u64 crng_counter;

static inline u32 rol32(u32 v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

/* Two words into the pool; called with interrupts off. */
static void mix_pool(u32 a, u32 b)
{
	u32 *x = &pool[pool_pos], *y = &pool[(pool_pos + 1) & 15];

	*x = rol32(*x ^ a, 7) + *y;
	*y = rol32(*y + b, 13) ^ *x;
	pool_pos = (pool_pos + 2) & 15;
	pool_events++;
}

static u32 event_time(void)
{
	return boot_cpu.has_tsc ? (u32)cpu_rdtsc() : jiffies;
}

void add_interrupt_randomness(int irq, u32 eip)
{
	mix_pool(event_time() ^ ((u32)irq << 24), eip ^ jiffies);
}

/* One block of key and counter; nonce words n0, n1. */
static void crng_chacha(const u32 key[8], u64 counter, u32 n0, u32 n1,
			u32 out[CHACHA_STATE_WORDS])
{
	u32 state[CHACHA_STATE_WORDS];

	chacha_init_consts(state);
	memcpy(&state[4], key, 8 * sizeof(u32));
	state[12] = (u32)counter;
	state[13] = (u32)(counter >> 32);
	state[14] = n0;
	state[15] = n1;
	chacha20_block(state, out);
	memset(state, 0, sizeof(state));
}

/* New key from the old one and the whole pool; interrupts off. */
static void reseed(void)
{
	u32 key[8], out[16];
	int i;

	for (i = 0; i < 8; i++)
		key[i] = crng_key[i] ^ pool[i];
	crng_chacha(key, crng_counter++, pool[8] ^ pool[12] ^ pool[14],
		       pool[9] ^ pool[13] ^ pool[15], out);
	for (i = 0; i < 8; i++)
		crng_key[i] = out[i] ^ pool[10 + (i & 1)];
	pool_events = 0;
	memset(out, 0, sizeof(out));
	memset(key, 0, sizeof(key));
}

/* The next block of output; interrupts off. */
static void crng_block(u32 out[16])
{
	crng_chacha(crng_key, crng_counter++, 0, 0, out);
}

/* Fast key erasure: the key that made this request's bytes is gone. */
static void crng_rekey(void)
{
	u32 out[16];

	crng_block(out);
	memcpy(crng_key, out, sizeof(crng_key));
	memset(out, 0, sizeof(out));
}

static void crng_begin(void)
{
	u32 flags = irq_save();

	if (pool_events)
		reseed();
	irq_restore(flags);
}

static void crng_end(void)
{
	u32 flags = irq_save();

	crng_rekey();
	irq_restore(flags);
}

/* One block out, under the lock the IRQ mixer honours. */
static void crng_next(u32 out[16])
{
	u32 flags = irq_save();

	crng_block(out);
	irq_restore(flags);
}

void get_random_bytes(void *buf, size_t n)
{
	u32 block[16];
	char *p = buf;

	crng_begin();
	while (n > 0) {
		size_t k = min(n, (size_t)CHACHA_BLOCK_SIZE);

		crng_next(block);
		memcpy(p, block, k);
		p += k;
		n -= k;
	}
	crng_end();
	memset(block, 0, sizeof(block));
}

/*
 * n bytes to user memory: the count written, or -EFAULT when none could
 * be.  Every 4 KiB it looks for a signal, as Linux does, so a huge
 * request can be interrupted: the bytes so far, or -ERESTARTSYS.
 */
static long get_random_bytes_user(char *ubuf, size_t n)
{
	u32 block[16];
	size_t done = 0;
	long ret = 0;

	crng_begin();
	while (done < n) {
		size_t k = min(n - done, (size_t)CHACHA_BLOCK_SIZE);
		size_t left;

		crng_next(block);
		left = copy_to_user(ubuf + done, block, k);
		done += k - left;
		if (left) {
			ret = done ? (long)done : -EFAULT;
			break;
		}
		if (done % PAGE_SIZE == 0 && done < n) {
			if (signal_pending(current))
				break;
			cond_resched();
		}
	}
	crng_end();
	memset(block, 0, sizeof(block));
	if (ret)
		return ret;
	return done ? (long)done : (n ? -ERESTARTSYS : 0);
}

long sys_getrandom(char *ubuf, size_t count, unsigned int flags)
{
	if (flags & ~(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	if ((flags & (GRND_INSECURE | GRND_RANDOM)) ==
	    (GRND_INSECURE | GRND_RANDOM))
		return -EINVAL;
	/* Ready from boot (see the top), so GRND_NONBLOCK never sees EAGAIN
	 * and GRND_RANDOM, which since Linux 5.6 reads the same generator,
	 * never blocks either. */
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	return get_random_bytes_user(ubuf, count);
}

/* Buffers here are kernel memory (fs/file.h): fs/sys_rw.c copies. */
static ssize_t random_read(struct file *f, char *buf, size_t n, loff_t *pos)
{
	(void)f;
	(void)pos;
	get_random_bytes(buf, n);
	return n;
}

/* Anyone may write into the pool, as on Linux; it cannot hurt to add. */
static ssize_t random_write(struct file *f, const char *buf, size_t n,
			    loff_t *pos)
{
	size_t i;
	u32 flags;

	(void)f;
	(void)pos;
	flags = irq_save();
	for (i = 0; i < n; i += 4) {
		u32 w = 0;

		memcpy(&w, buf + i, min(n - i, (size_t)4));
		mix_pool(w, i);
	}
	irq_restore(flags);
	return n;
}

const struct file_operations random_fops = {
	.read = random_read, .write = random_write, .llseek = noop_llseek,
};

void random_init(void)
{
	u32 flags = irq_save();
	u64 tsc = boot_cpu.has_tsc ? cpu_rdtsc() : 0;

	mix_pool(rtc_read_epoch(), jiffies);
	mix_pool((u32)tsc, (u32)(tsc >> 32));
	reseed();
	irq_restore(flags);
}
