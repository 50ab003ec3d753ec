/*
 * kernel/printk.c - printk, the console fan-out and the kernel log buffer.
 *
 * Messages are formatted into a stack buffer first, so a printk from an
 * interrupt handler cannot interleave inside another message's characters:
 * the copy out to the consoles runs with interrupts off.  The log buffer is
 * a ring of LOG_BUF_LEN bytes; when it wraps, the oldest text is lost.
 */
#include "kernel/printk.h"
#include "kernel/drivers/serial.h"
#include "kernel/drivers/vga.h"
#include "kernel/io.h"
#include "kernel/lib/vsprintf.h"


static char log_buf[LOG_BUF_LEN];
static u32 log_end;	/* total bytes ever logged; the ring index is mod LEN */

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

static int vprintk_to(bool console, const char *fmt, va_list ap)
{
	char buf[512];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	u32 flags;

	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	flags = irq_save();
	log_store(buf, n);
	if (console)
		console_write(buf, n);
	irq_restore(flags);
	return n;
}

int vprintk(const char *fmt, va_list ap)
{
	return vprintk_to(true, fmt, ap);
}

int printk_log(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk_to(false, fmt, ap);
	va_end(ap);
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
	u32 start = log_end > LOG_BUF_LEN ? log_end - LOG_BUF_LEN : 0;
	size_t n = 0;

	while (start + n < log_end && n < len) {
		buf[n] = log_buf[(start + n) % LOG_BUF_LEN];
		n++;
	}
	return n;
}
