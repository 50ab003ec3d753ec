/*
 * kernel/printk.h - kernel messages.  printk formats with kernel/lib/vsprintf,
 * keeps the text in the log buffer that dmesg reads and writes it to every
 * console (COM1 and VGA) when its level is below console_loglevel.
 *
 * A message may start with a level, as Linux's: printk(KERN_DEBUG "...").
 * Without one it is KERN_WARNING (Linux's default message level).  The
 * level belongs to a line: a printk that continues a line the previous one
 * left open (no '\n' yet) keeps that line's level, as KERN_CONT does.
 */
#ifndef KERNEL_PRINTK_H
#define KERNEL_PRINTK_H

#include "kernel/lib/ratelimit.h"
#include "kernel/types.h"

#define KERN_SOH "\001"
#define KERN_EMERG KERN_SOH "0"
#define KERN_ALERT KERN_SOH "1"
#define KERN_CRIT KERN_SOH "2"
#define KERN_ERR KERN_SOH "3"
#define KERN_WARNING KERN_SOH "4"
#define KERN_NOTICE KERN_SOH "5"
#define KERN_INFO KERN_SOH "6"
#define KERN_DEBUG KERN_SOH "7"
#define KERN_CONT KERN_SOH "c"

#define MESSAGE_LOGLEVEL_DEFAULT 4 /* KERN_WARNING */
#define CONSOLE_LOGLEVEL_MIN 1 /* syslog's CONSOLE_OFF: KERN_EMERG only */
#define CONSOLE_LOGLEVEL_DEFAULT 7 /* all but KERN_DEBUG */
#define CONSOLE_LOGLEVEL_QUIET 4 /* `quiet`: errors and worse */
#define CONSOLE_LOGLEVEL_DEBUG 10 /* `debug`: everything */
#define CONSOLE_LOGLEVEL_MOTORMOUTH 15 /* a panic: everything */

/* Messages of a level below this reach the consoles; all reach the log. */
extern int console_loglevel;

int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list ap);
void console_write(const char *s, size_t n);
/* Read `loglevel=N`, `quiet` and `debug` from the command line, as Linux;
 * kmain calls it after cmdline_init. */
void printk_setup(void);
/* A panic or oops: everything to the console from now on. */
void console_verbose(void);

/* One printk at most burst times per interval from this call site:
 * messages a program can provoke at will. */
#define printk_ratelimited(fmt, ...)                                        \
	({                                                                  \
		static DEFINE_RATELIMIT_STATE(_rs, DEFAULT_RATELIMIT_INTERVAL, \
					      DEFAULT_RATELIMIT_BURST);     \
		if (__ratelimit(&_rs, __func__))                            \
			printk(fmt, ##__VA_ARGS__);                         \
	})

/* The log ring's size; when it wraps, the oldest text is lost. */
#define LOG_BUF_LEN 32768

/* Copy up to len bytes of the log (oldest first) into buf; returns bytes.
 * Each line starts with its level, "<N>", as syslog(2) gives it. */
size_t log_buf_read(char *buf, size_t len);

#endif
