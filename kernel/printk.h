/*
 * kernel/printk.h - kernel messages.  printk formats with kernel/lib/vsprintf,
 * writes the text to every console (COM1 and VGA) and keeps it in the log
 * buffer that dmesg reads.
 */
#ifndef KERNEL_PRINTK_H
#define KERNEL_PRINTK_H

#include "kernel/types.h"

int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list ap);
/* Into the log buffer only (dmesg), not the consoles: what a program
 * could make the kernel say over and over. */
int printk_log(const char *fmt, ...) __printf(1, 2);
void console_write(const char *s, size_t n);

/* The log ring's size; when it wraps, the oldest text is lost. */
#define LOG_BUF_LEN 32768

/* Copy up to len bytes of the log (oldest first) into buf; returns bytes. */
size_t log_buf_read(char *buf, size_t len);

#endif
