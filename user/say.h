/*
 * say.h - printf straight to fd 1, for init and the benchmarks.
 *
 * Unbuffered on purpose: these programs fork a lot, and a stdio buffer
 * that is not empty at fork would be printed twice.  One write() per call,
 * so lines from a parent and its children never interleave mid-line.
 */
#ifndef SAY_H
#define SAY_H

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

static inline void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static inline void say(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (len > (int)sizeof(buf) - 1)
		len = sizeof(buf) - 1;
	if (write(1, buf, len) < 0)
		return;
}

#endif
