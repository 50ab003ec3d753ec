/*
 * kernel/drivers/tty/n_tty_test.c - ktests for the line discipline, on a private tty whose
 * output goes to a buffer instead of the console.
 */
#include "kernel/drivers/tty/tty.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"
#include "mm/phys/slab.h"

static char out[256];
static size_t out_len;

static void capture(struct tty_struct *tty, const char *buf, size_t n)
{
	(void)tty;
	while (n-- && out_len < sizeof(out) - 1)
		out[out_len++] = *buf++;
	out[out_len] = '\0';
}

static struct tty_struct *test_tty(void)
{
	struct tty_struct *tty = kzalloc(sizeof(*tty), GFP_KERNEL);

	if (!tty)
		return NULL;
	tty_default_termios(&tty->termios);
	init_waitqueue_head(&tty->read_wait);
	tty->write = capture;
	out_len = 0;
	out[0] = '\0';
	return tty;
}

static void type(struct tty_struct *tty, const char *s)
{
	while (*s)
		n_tty_receive_char(tty, *s++);
}

KTEST(n_tty_canonical_lines_erase_and_eof)
{
	struct tty_struct *tty = test_tty();
	char buf[32];

	KASSERT_TRUE(tty != NULL);
	type(tty, "ls -x");
	KEXPECT_EQ(n_tty_readable(tty), 0);	/* no line yet */
	type(tty, "\177\177-l\r");		/* two DELs, then CR -> NL */
	KEXPECT_EQ(n_tty_readable(tty), 6);
	KEXPECT_EQ(n_tty_copy(tty, buf, sizeof(buf)), 6);
	KEXPECT_EQ(memcmp(buf, "ls -l\n", 6), 0);
	/* Echo: the text, each erase as "\b \b", NL as CR NL (ONLCR). */
	KEXPECT_STREQ(out, "ls -x\b \b\b \b-l\r\n");
	/* Two lines: each read returns one. */
	type(tty, "one\ntwo\n");
	KEXPECT_EQ(n_tty_copy(tty, buf, sizeof(buf)), 4);
	KEXPECT_EQ(memcmp(buf, "one\n", 4), 0);
	KEXPECT_EQ(n_tty_copy(tty, buf, 2), 2);	/* a short read */
	KEXPECT_EQ(n_tty_copy(tty, buf, sizeof(buf)), 2);
	KEXPECT_EQ(memcmp(buf, "o\n", 2), 0);
	/* ^U kills the line; ^D on an empty line reads as end of file. */
	type(tty, "junk\025\004");
	KEXPECT_EQ(n_tty_readable(tty), 1);
	KEXPECT_EQ(n_tty_copy(tty, buf, sizeof(buf)), 0);
	KEXPECT_EQ(n_tty_readable(tty), 0);
	/* ^D after text ends the read without a newline. */
	type(tty, "abc\004");
	KEXPECT_EQ(n_tty_copy(tty, buf, sizeof(buf)), 3);
	kfree(tty);
}

KTEST(n_tty_raw_mode_and_intr_flush)
{
	struct tty_struct *tty = test_tty();
	struct termios old;
	char buf[8];

	KASSERT_TRUE(tty != NULL);
	type(tty, "partial");
	old = tty->termios;
	tty->termios.c_lflag &= ~(ICANON | ECHO);
	n_tty_set_termios(tty, &old);
	/* Leaving canonical mode makes the partial line readable. */
	KEXPECT_EQ(n_tty_readable(tty), 7);
	KEXPECT_EQ(n_tty_copy(tty, buf, 3), 3);
	out_len = 0;
	type(tty, "\177\004x");	/* no editing in raw mode, no echo */
	KEXPECT_EQ(out_len, 0);
	KEXPECT_EQ(n_tty_readable(tty), 7);
	KEXPECT_EQ(n_tty_copy(tty, buf, sizeof(buf)), 7);
	KEXPECT_EQ(memcmp(buf, "tial\177\004x", 7), 0);
	/* ^C (ISIG) flushes pending input and echoes as ^C. */
	tty->termios.c_lflag |= ECHO | ECHOCTL;
	type(tty, "abc\003");
	KEXPECT_EQ(n_tty_readable(tty), 0);
	KEXPECT_STREQ(out, "abc^C");
	kfree(tty);
}
