/*
 * kernel/lib/vsprintf.h - formatted output into a buffer.
 * Conversions: %d %i %u %x %X %p %s %c %%, with the l and ll length
 * modifiers, a field width, the 0 (zero pad) and - (left justify) flags.
 */
#ifndef KERNEL_LIB_VSPRINTF_H
#define KERNEL_LIB_VSPRINTF_H

#include "kernel/types.h"

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);

#endif
