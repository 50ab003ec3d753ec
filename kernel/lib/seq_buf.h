/*
 * kernel/lib/seq_buf.h - building the text of a /proc file.
 *
 * A show function prints into a seq_buf with seq_printf.  The buffer is
 * sized by the caller; if the text did not fit, seq_overflow() is true and
 * procfs runs the show function again with a buffer twice as big, so show
 * functions just print everything.
 */
#ifndef KERNEL_LIB_SEQ_BUF_H
#define KERNEL_LIB_SEQ_BUF_H

#include "kernel/types.h"

struct seq_buf {
	char *buf;
	size_t size;
	size_t len;	/* may exceed size: what the full text needs */
};

void seq_printf(struct seq_buf *m, const char *fmt, ...) __printf(2, 3);
void seq_puts(struct seq_buf *m, const char *s);
void seq_putc(struct seq_buf *m, char c);
void seq_write(struct seq_buf *m, const void *data, size_t n);
static inline bool seq_overflow(const struct seq_buf *m)
{
	return m->len >= m->size;	/* one byte spare: vsnprintf's NUL */
}

#endif
