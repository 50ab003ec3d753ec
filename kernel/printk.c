/*
 * kernel/printk.c - printk, the console fan-out and the kernel log buffer.
 *
 * Messages are formatted into a stack buffer first, then copied into the
 * log and out to the consoles with interrupts off and under logbuf_lock,
 * so neither an interrupt handler nor another CPU can put its characters
 * inside another message's.  A CPU that finds the lock held by itself (an
 * NMI, or a fault, arriving inside printk) writes without it: a garbled
 * line is better than a machine hung in its own report.  The log buffer
 * is a ring of LOG_BUF_LEN bytes; when it wraps, the oldest text is lost.
 *
 * Every line has a level (kernel/printk.h): the log keeps it as the "<N>"
 * that starts the line, as Linux's syslog(2) gives it and BusyBox dmesg
 * strips, and the consoles get the line only if N < console_loglevel.
 * A program's doings (an unknown system call) are logged at KERN_DEBUG:
 * in dmesg, not in the middle of its output on the console.
 */
#include "kernel/printk.h"
#include "kernel/drivers/serial.h"
#include "kernel/drivers/vga.h"
#include "kernel/cmdline.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/smp/smp.h"

KERNEL_PARAM("loglevel", "messages below this level reach the console (7)");
KERNEL_PARAM("quiet", "only errors reach the console (loglevel=4)");
KERNEL_PARAM("debug", "every message reaches the console (loglevel=10)");

int console_loglevel = CONSOLE_LOGLEVEL_DEFAULT;

static char log_buf[LOG_BUF_LEN];
static volatile u32 logbuf_lock;       /* 1 while a CPU writes */
static volatile int logbuf_owner = -1; /* that CPU, written by it only */
static u32 log_end;	/* total bytes ever logged; the ring index is mod LEN */
/* The line being written: its level, and whether it is still empty. */
static int line_level = MESSAGE_LOGLEVEL_DEFAULT;
static bool line_start = true;

void printk_setup(void)
{
	if (cmdline_has("quiet"))
		console_loglevel = CONSOLE_LOGLEVEL_QUIET;
	if (cmdline_has("debug"))
		console_loglevel = CONSOLE_LOGLEVEL_DEBUG;
	console_loglevel = (int)cmdline_get_long("loglevel", console_loglevel);
}

void console_verbose(void)
{
	console_loglevel = CONSOLE_LOGLEVEL_MOTORMOUTH;
}

void console_write(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		serial_putc(s[i]);
		vga_putc(s[i]);
	}
}

static void log_store(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		log_buf[log_end++ % LOG_BUF_LEN] = s[i];
}

/* The level a message starts with (skipped in *s), or -1: none, or
 * KERN_CONT. */
static int message_level(const char **s)
{
	const char *p = *s;

	if (p[0] != KERN_SOH[0] || !p[1])
		return -1;
	*s = p + 2;
	return p[1] >= '0' && p[1] <= '7' ? p[1] - '0' : -1;
}

/* n bytes of text at the current line's level; a line that starts
 * gets its "<N>" in the log.  Interrupts are off. */
static void emit(const char *s, size_t n)
{
	char prefix[3] = { '<', '0', '>' };
	bool shown;
	size_t i;

	for (i = 0; i < n; i++) {
		if (line_start) {
			prefix[1] = (char)('0' + line_level);
			log_store(prefix, sizeof(prefix));
			line_start = false;
		}
		log_store(&s[i], 1);
		shown = line_level < console_loglevel;
		if (shown)
			console_write(&s[i], 1);
		if (s[i] == '\n')
			line_start = true;
	}
}

/* Interrupts are off.  False if this CPU holds the lock already: then it
 * writes without.  The holder only writes to the log and to ports, so
 * the wait ends without this CPU answering anything. */
static bool logbuf_take(void)
{
	int cpu = smp_processor_id();

	if (logbuf_owner == cpu)
		return false;
	while (xchg(&logbuf_lock, 1))
		cpu_relax();
	logbuf_owner = cpu;
	return true;
}

static void logbuf_give(void)
{
	logbuf_owner = -1;
	xchg(&logbuf_lock, 0);
}

int vprintk(const char *fmt, va_list ap)
{
	char buf[512];
	const char *text = buf;
	int n = vsnprintf(buf, sizeof(buf), fmt, ap), level;
	bool took;
	u32 flags;

	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	level = message_level(&text);
	n -= text - buf;
	flags = irq_save();
	took = logbuf_take();
	/* A message with its own level ends a line left open. */
	if (level >= 0 && !line_start)
		emit("\n", 1);
	if (line_start)
		line_level = level >= 0 ? level : MESSAGE_LOGLEVEL_DEFAULT;
	emit(text, n);
	if (took)
		logbuf_give();
	irq_restore(flags);
	return n;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

size_t log_buf_read(char *buf, size_t len)
{
	u32 flags = irq_save(), start;
	bool took = logbuf_take();
	size_t n = 0;

	start = log_end > LOG_BUF_LEN ? log_end - LOG_BUF_LEN : 0;
	while (start + n < log_end && n < len) {
		buf[n] = log_buf[(start + n) % LOG_BUF_LEN];
		n++;
	}
	if (took)
		logbuf_give();
	irq_restore(flags);
	return n;
}
