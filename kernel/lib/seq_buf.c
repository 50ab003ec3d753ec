/*
 * kernel/lib/seq_buf.c - appending formatted text to a bounded buffer.
 */
#include "kernel/lib/seq_buf.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"

void seq_write(struct seq_buf *m, const void *data, size_t n)
{
	if (m->len < m->size)
		memcpy(m->buf + m->len, data, min(n, m->size - m->len));
	m->len += n;
}

void seq_printf(struct seq_buf *m, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(tmp)) {
		/* Longer than one line ever is: format again in place. */
		if (m->len < m->size) {
			va_start(ap, fmt);
			vsnprintf(m->buf + m->len, m->size - m->len, fmt, ap);
			va_end(ap);
		}
		m->len += n;
		return;
	}
	seq_write(m, tmp, n);
}

void seq_puts(struct seq_buf *m, const char *s)
{
	seq_write(m, s, strlen(s));
}

void seq_putc(struct seq_buf *m, char c)
{
	seq_write(m, &c, 1);
}
