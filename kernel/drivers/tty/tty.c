/*
 * kernel/drivers/tty/tty.c - the console terminal as a character device.
 *
 * Opening 5:1 (/dev/console), 5:0 (/dev/tty: the opener's controlling
 * terminal, -ENXIO without one) or 4:64 (/dev/ttyS0) gives the console
 * tty.  A session leader without a controlling terminal that opens tty or
 * ttyS0 without O_NOCTTY acquires it, as on Linux (never through
 * /dev/console).  Reads sleep on read_wait, woken by the input interrupts;
 * until COM1 has raised its first interrupt the reader also polls it
 * every tick, so input works where IRQ 4 never comes.
 */
#include "kernel/drivers/tty/tty.h"
#include "fs/chrdev.h"
#include "fs/fcntl.h"
#include "fs/vfs.h"
#include "kernel/drivers/keyboard.h"
#include "kernel/drivers/serial.h"
#include "kernel/drivers/vga.h"
#include "kernel/errno.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/sched/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/cpu/trap.h"	/* before task.h, which needs struct trapframe */
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"

#define SERIAL_IRQ 4
#define CONSOLE_MINOR 1
#define TTY_MINOR 0
#define TTYS0_MINOR 64

struct tty_struct console_tty;
static bool serial_irq_seen;

static void console_out(struct tty_struct *tty, const char *buf, size_t n)
{
	size_t i;

	(void)tty;
	for (i = 0; i < n; i++) {
		serial_putc_raw(buf[i]);
		vga_putc(buf[i]);
	}
}

void tty_receive(struct tty_struct *tty, const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		n_tty_receive_char(tty, buf[i]);
}

static void poll_serial(void)
{
	int c;

	while ((c = serial_getc()) >= 0) {
		char ch = c;

		tty_receive(&console_tty, &ch, 1);
	}
}

static void serial_irq(struct trapframe *tf)
{
	(void)tf;
	serial_irq_seen = true;
	poll_serial();
}

static void keyboard_input(const char *bytes, int n)
{
	tty_receive(&console_tty, bytes, n);
}

/* Enough input for this read?  Raw mode: VMIN bytes (or n if fewer). */
static bool read_ready(struct tty_struct *tty, size_t n)
{
	u32 avail = n_tty_readable(tty);
	u32 vmin = tty->termios.c_cc[VMIN];

	if (tty->termios.c_lflag & ICANON)
		return avail > 0;
	return avail > 0 && avail >= min((u32)n, vmin ? vmin : 1);
}

/* Sleep until input may have come, or timeout ticks.  0 or -EINTR. */
static int tty_sleep(struct tty_struct *tty, size_t n, long timeout)
{
	wait_queue_t w;

	init_wait(&w);
	prepare_to_wait(&tty->read_wait, &w, TASK_INTERRUPTIBLE);
	if (!read_ready(tty, n) && !signal_pending(current))
		schedule_timeout(serial_irq_seen ? timeout : 1);
	finish_wait(&tty->read_wait, &w);
	return signal_pending(current) ? -EINTR : 0;
}

static ssize_t tty_read(struct file *file, char *buf, size_t n, loff_t *pos)
{
	struct tty_struct *tty = file->private_data;
	bool canon = tty->termios.c_lflag & ICANON;
	u32 vmin = tty->termios.c_cc[VMIN], vtime = tty->termios.c_cc[VTIME];
	/* VMIN 0, VTIME t: wait at most t tenths of a second for anything. */
	u32 deadline = jiffies + vtime * HZ / 10;
	int err;

	(void)pos;
	if (!n)
		return 0;
	for (;;) {
		if (!serial_irq_seen)
			poll_serial();
		if (read_ready(tty, n))
			return n_tty_copy(tty, buf, n);
		if (!canon && vmin == 0 &&
		    (vtime == 0 || (s32)(jiffies - deadline) >= 0))
			return 0;
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		err = tty_sleep(tty, n, (!canon && vmin == 0) ?
				(long)(deadline - jiffies) : MAX_SCHEDULE_TIMEOUT);
		if (err)
			return err;
	}
}

static ssize_t tty_write(struct file *file, const char *buf, size_t n,
			 loff_t *pos)
{
	struct tty_struct *tty = file->private_data;

	(void)pos;
	n_tty_write(tty, buf, n);
	return n;
}

static unsigned int tty_poll(struct file *file, struct wait_queue_head **wq)
{
	struct tty_struct *tty = file->private_data;
	unsigned int mask = POLLOUT | POLLWRNORM;

	if (!serial_irq_seen)
		poll_serial();
	if (wq)
		*wq = &tty->read_wait;
	if (n_tty_readable(tty))
		mask |= POLLIN | POLLRDNORM;
	return mask;
}

static int set_termios(struct tty_struct *tty, unsigned int cmd,
		       unsigned long arg)
{
	struct termios t, old = tty->termios;

	if (copy_from_user(&t, (void *)arg, sizeof(t)))
		return -EFAULT;
	if (cmd == TCSETSF)
		n_tty_flush_input(tty);
	tty->termios = t;
	n_tty_set_termios(tty, &old);
	return 0;
}

static int set_winsize(struct tty_struct *tty, unsigned long arg)
{
	struct winsize ws;

	if (copy_from_user(&ws, (void *)arg, sizeof(ws)))
		return -EFAULT;
	if (memcmp(&ws, &tty->winsize, sizeof(ws)) && tty->pgrp > 0)
		kill_pgrp(tty->pgrp, SIGWINCH);
	tty->winsize = ws;
	return 0;
}

static int tty_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tty_struct *tty = file->private_data;
	int v;

	switch (cmd) {
	case TCGETS:
		return copy_to_user((void *)arg, &tty->termios,
				    sizeof(tty->termios)) ? -EFAULT : 0;
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		return set_termios(tty, cmd, arg);
	case TIOCGWINSZ:
		return copy_to_user((void *)arg, &tty->winsize,
				    sizeof(tty->winsize)) ? -EFAULT : 0;
	case TIOCSWINSZ:
		return set_winsize(tty, arg);
	case TIOCGPGRP:
		return put_user(tty->pgrp, (int *)arg);
	case TIOCSPGRP:
		if (get_user(v, (int *)arg))
			return -EFAULT;
		if (v < 0)
			return -EINVAL;
		tty->pgrp = v;
		return 0;
	case TIOCGSID:
		if (!tty->session)
			return -ENOTTY;
		return put_user(tty->session, (int *)arg);
	case TIOCSCTTY:
		current->tty = tty;
		tty->session = current->session;
		tty->pgrp = current->pgrp;
		return 0;
	case TIOCNOTTY:
		if (current->tty != tty)
			return -ENOTTY;
		current->tty = NULL;
		if (current->pid == current->session)
			tty->session = tty->pgrp = 0;
		return 0;
	case FIONREAD:
		return put_user((int)n_tty_readable(tty), (int *)arg);
	case TIOCOUTQ:
		return put_user(0, (int *)arg);
	case TCFLSH:
		if (arg == TCIFLUSH || arg == TCIOFLUSH)
			n_tty_flush_input(tty);
		return arg <= TCIOFLUSH ? 0 : -EINVAL;
	case TCSBRK:
	case TCXONC:
		return 0;
	}
	return -ENOTTY;
}

static const struct file_operations tty_fops;

static int tty_open(struct inode *inode, struct file *file)
{
	unsigned int major = MAJOR(inode->i_rdev), minor = MINOR(inode->i_rdev);
	struct tty_struct *tty = &console_tty;

	if (major == TTYAUX_MAJOR && minor == TTY_MINOR) {
		if (!current || !current->tty)
			return -ENXIO;
		tty = current->tty;
	} else if (!(major == TTYAUX_MAJOR && minor == CONSOLE_MINOR) &&
		   !(major == TTY_MAJOR && minor == TTYS0_MINOR)) {
		return -ENXIO;
	}
	file->private_data = tty;
	file->f_op = &tty_fops;
	if (!(file->f_flags & O_NOCTTY) && minor != CONSOLE_MINOR && current &&
	    current->pid == current->session && !current->tty &&
	    !tty->session) {
		current->tty = tty;
		tty->session = current->session;
		tty->pgrp = current->pgrp;
	}
	return 0;
}

static const struct file_operations tty_fops = {
	.open = tty_open,
	.read = tty_read,
	.write = tty_write,
	.llseek = no_llseek,
	.ioctl = tty_ioctl,
	.poll = tty_poll,
};

void tty_init(void)
{
	struct tty_struct *tty = &console_tty;

	tty->name = "console";
	tty_default_termios(&tty->termios);
	tty->winsize.ws_row = 24;
	tty->winsize.ws_col = 80;
	init_waitqueue_head(&tty->read_wait);
	tty->write = console_out;
	register_chrdev(TTY_MAJOR, "ttyS", &tty_fops);
	register_chrdev(TTYAUX_MAJOR, "/dev/tty", &tty_fops);
	keyboard_init(keyboard_input);
	request_irq(SERIAL_IRQ, serial_irq, "serial");
	serial_enable_rx_irq();
}
