/*
 * kernel/lib/string.h - the C string and memory functions the kernel uses.
 * GCC may also emit calls to memcpy/memset/memmove/memcmp on its own, so
 * these names must exist with their standard meaning.
 */
#ifndef KERNEL_LIB_STRING_H
#define KERNEL_LIB_STRING_H

#include "kernel/types.h"

void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);
size_t strlcpy(char *dst, const char *src, size_t size);
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base);

#endif
