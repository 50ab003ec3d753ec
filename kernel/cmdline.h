/*
 * kernel/cmdline.h - the kernel command line.
 *
 * Words are `key=value` or bare (`ktest`).  A subsystem that reads a key
 * declares it with KERNEL_PARAM("key") at file scope, so that the boot can
 * list the words nobody asked for (printed, never fatal).
 */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include "kernel/types.h"

struct kernel_param {
	const char *name;
	const char *help;
};

#define __KPARAM_NAME2(line) __kparam_##line
#define __KPARAM_NAME(line) __KPARAM_NAME2(line)
#define KERNEL_PARAM(key, text)                                   \
	static const struct kernel_param __KPARAM_NAME(__LINE__) __used \
		__section(".kparams") = { key, text }

/* Split the line into words; skips a leading image path (QEMU -kernel). */
void cmdline_init(const char *line);
/* True if `word` appears bare or as `word=...`. */
bool cmdline_has(const char *word);
/* The value of key=value, or NULL.  The string lives as long as the kernel. */
const char *cmdline_get(const char *key);
/* key=N as a number, or def when absent or malformed. */
long cmdline_get_long(const char *key, long def);
/* key=N[KMG] as bytes, or def when absent or malformed. */
u32 cmdline_get_size(const char *key, u32 def);
/* Parse "N[KMG]" into *bytes; returns false on a malformed string. */
bool parse_size(const char *s, u32 *bytes);
/* Print the words no KERNEL_PARAM declared. */
void cmdline_report_unknown(void);
/* Store up to max of those words in out (for init's argv and envp);
 * returns how many. */
int cmdline_unknown_words(const char **out, int max);

#endif
