/*
 * kernel/drivers/tty/n_tty.c - the line discipline: input editing, echo, signals, output.
 *
 * Input arrives a byte at a time, often from an interrupt handler, and
 * goes into a ring buffer of N_TTY_BUF_SIZE bytes indexed by free-running
 * u32 counters.  In canonical mode a line becomes readable when its
 * delimiter (newline, VEOL or VEOF) arrives; read_delim marks those bytes
 * so a reader stops at a line's end, and VEOF itself is never handed to
 * the reader (a ^D on an empty line is therefore a zero-byte read: EOF).
 * All changes happen with interrupts off.
 */
#include "kernel/drivers/tty/tty.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"
#include "kernel/signal/signal.h"

#define RING(i) ((i) & (N_TTY_BUF_SIZE - 1))

static bool L(struct tty_struct *tty, u32 flag)
{
	return tty->termios.c_lflag & flag;
}

/* c is the special character cc[idx] (0 disables one, as _POSIX_VDISABLE). */
static bool is_cc(struct tty_struct *tty, u8 c, int idx)
{
	return tty->termios.c_cc[idx] && c == tty->termios.c_cc[idx];
}

static bool is_delim(struct tty_struct *tty, u32 i)
{
	return tty->read_delim[RING(i) / 8] & (1 << (RING(i) % 8));
}

static void set_delim(struct tty_struct *tty, u32 i, bool on)
{
	if (on)
		tty->read_delim[RING(i) / 8] |= 1 << (RING(i) % 8);
	else
		tty->read_delim[RING(i) / 8] &= ~(1 << (RING(i) % 8));
}

static void put_out(struct tty_struct *tty, char c)
{
	switch (c) {
	case '\n':
		tty->column = 0;
		break;
	case '\r':
		tty->column = 0;
		break;
	case '\b':
		if (tty->column)
			tty->column--;
		break;
	case '\t':
		tty->column = (tty->column + 8) & ~7u;
		break;
	default:
		if ((u8)c >= ' ')
			tty->column++;
	}
	tty->write(tty, &c, 1);
}

static void opost(struct tty_struct *tty, char c)
{
	u32 oflag = tty->termios.c_oflag;

	if (oflag & OPOST) {
		if (c == '\n' && (oflag & ONLCR))
			put_out(tty, '\r');
		else if (c == '\r' && (oflag & OCRNL))
			c = '\n';
	}
	put_out(tty, c);
}

void n_tty_write(struct tty_struct *tty, const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		opost(tty, buf[i]);
}

static bool echoed_as_caret(struct tty_struct *tty, u8 c)
{
	return L(tty, ECHOCTL) && (c < ' ' || c == 0x7f) && c != '\t' &&
	       c != '\n';
}

static void echo_char(struct tty_struct *tty, u8 c)
{
	if (!L(tty, ECHO))
		return;
	if (echoed_as_caret(tty, c)) {
		opost(tty, '^');
		opost(tty, c == 0x7f ? '?' : c + '@');
	} else {
		opost(tty, c);
	}
}

/* Erase the last byte of the line being edited; false if there is none. */
static bool erase_one(struct tty_struct *tty)
{
	u8 c;
	int cols;

	if (tty->read_head == tty->canon_head)
		return false;
	c = tty->read_buf[RING(--tty->read_head)];
	if (!L(tty, ECHO) || !L(tty, ECHOE))
		return true;
	cols = echoed_as_caret(tty, c) ? 2 : 1;
	while (cols--)
		n_tty_write(tty, "\b \b", 3);
	return true;
}

static void store(struct tty_struct *tty, u8 c, bool delim)
{
	if (tty->read_head - tty->read_tail >= N_TTY_BUF_SIZE - 1)
		return;	/* full: drop, as Linux does */
	set_delim(tty, tty->read_head, delim);
	tty->read_buf[RING(tty->read_head++)] = c;
	if (delim)
		tty->canon_head = tty->read_head;
}

static bool signal_char(struct tty_struct *tty, u8 c)
{
	int sig;

	if (!L(tty, ISIG))
		return false;
	if (is_cc(tty, c, VINTR))
		sig = SIGINT;
	else if (is_cc(tty, c, VQUIT))
		sig = SIGQUIT;
	else if (is_cc(tty, c, VSUSP))
		sig = SIGTSTP;
	else
		return false;
	if (!L(tty, NOFLSH))
		n_tty_flush_input(tty);
	echo_char(tty, c);
	if (tty->pgrp > 0)
		kill_pgrp(tty->pgrp, sig);
	wake_up(&tty->read_wait);
	return true;
}

static void canon_char(struct tty_struct *tty, u8 c)
{
	if (is_cc(tty, c, VERASE)) {
		erase_one(tty);
	} else if (is_cc(tty, c, VWERASE) && L(tty, IEXTEN)) {
		while (tty->read_head != tty->canon_head &&
		       tty->read_buf[RING(tty->read_head - 1)] == ' ')
			erase_one(tty);
		while (tty->read_head != tty->canon_head &&
		       tty->read_buf[RING(tty->read_head - 1)] != ' ')
			erase_one(tty);
	} else if (is_cc(tty, c, VKILL)) {
		while (erase_one(tty))
			;
	} else if (is_cc(tty, c, VEOF)) {
		store(tty, c, true);
		wake_up(&tty->read_wait);
	} else if (c == '\n' || is_cc(tty, c, VEOL) || is_cc(tty, c, VEOL2)) {
		if (L(tty, ECHO) || L(tty, ECHONL))
			opost(tty, '\n');
		store(tty, c, true);
		wake_up(&tty->read_wait);
	} else {
		echo_char(tty, c);
		store(tty, c, false);
	}
}

void n_tty_receive_char(struct tty_struct *tty, u8 c)
{
	u32 iflag = tty->termios.c_iflag;
	u32 flags = irq_save();

	if (iflag & ISTRIP)
		c &= 0x7f;
	if (c == '\r') {
		if (iflag & IGNCR)
			goto out;
		if (iflag & ICRNL)
			c = '\n';
	} else if (c == '\n' && (iflag & INLCR)) {
		c = '\r';
	}
	if (signal_char(tty, c))
		goto out;
	if (L(tty, ICANON)) {
		canon_char(tty, c);
	} else {
		echo_char(tty, c);
		store(tty, c, false);
		tty->canon_head = tty->read_head;
		wake_up(&tty->read_wait);
	}
out:
	irq_restore(flags);
}

u32 n_tty_readable(struct tty_struct *tty)
{
	if (L(tty, ICANON))
		return tty->canon_head - tty->read_tail;
	return tty->read_head - tty->read_tail;
}

size_t n_tty_copy(struct tty_struct *tty, char *buf, size_t n)
{
	bool canon = L(tty, ICANON);
	u32 flags = irq_save();
	u32 avail = n_tty_readable(tty);
	size_t done = 0;

	while (done < n && avail) {
		u32 i = tty->read_tail++;
		u8 c = tty->read_buf[RING(i)];
		bool delim = canon && is_delim(tty, i);

		avail--;
		if (delim && is_cc(tty, c, VEOF))
			break;	/* ^D ends the read and is not data */
		buf[done++] = c;
		if (delim)
			break;
	}
	irq_restore(flags);
	return done;
}

void n_tty_flush_input(struct tty_struct *tty)
{
	u32 flags = irq_save();

	tty->read_tail = tty->canon_head = tty->read_head;
	irq_restore(flags);
}

void n_tty_set_termios(struct tty_struct *tty, const struct termios *old)
{
	u32 flags = irq_save();

	/* Leaving canonical mode: the partial line is readable at once. */
	if ((old->c_lflag & ICANON) && !L(tty, ICANON))
		tty->canon_head = tty->read_head;
	/* Entering it: what is there counts as complete input. */
	if (!(old->c_lflag & ICANON) && L(tty, ICANON))
		tty->canon_head = tty->read_head;
	irq_restore(flags);
	wake_up(&tty->read_wait);
}

void tty_default_termios(struct termios *t)
{
	static const u8 cc[NCCS] = {
		[VINTR] = 003, [VQUIT] = 034, [VERASE] = 0177, [VKILL] = 025,
		[VEOF] = 004, [VTIME] = 0, [VMIN] = 1, [VSTART] = 021,
		[VSTOP] = 023, [VSUSP] = 032, [VEOL] = 0, [VREPRINT] = 022,
		[VDISCARD] = 017, [VWERASE] = 027, [VLNEXT] = 026, [VEOL2] = 0,
	};

	memset(t, 0, sizeof(*t));
	t->c_iflag = ICRNL | IXON;
	t->c_oflag = OPOST | ONLCR;
	t->c_cflag = B38400 | CS8 | CREAD | HUPCL;
	t->c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE |
		     IEXTEN;
	memcpy(t->c_cc, cc, NCCS);
}
