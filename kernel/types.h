/*
 * kernel/types.h - fixed-width integer types and the few macros every file
 * wants.  Mapback is freestanding: there is no libc, so these come from here.
 */
#ifndef KERNEL_TYPES_H
#define KERNEL_TYPES_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef short s16;
typedef int s32;
typedef long long s64;

typedef unsigned int size_t;
typedef int ssize_t;
typedef unsigned int uintptr_t;
typedef int bool;

#define true 1
#define false 0
#define NULL ((void *)0)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a) (((x) + (a) - 1) & ~((a) - 1))
#define ALIGN_DOWN(x, a) ((x) & ~((a) - 1))
#define offsetof(t, m) __builtin_offsetof(t, m)
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define INT_MAX 0x7fffffff
#define INT_MIN (-INT_MAX - 1)

#define __noreturn __attribute__((noreturn))
#define __packed __attribute__((packed))
#define __printf(a, b) __attribute__((format(printf, a, b)))
#define __used __attribute__((used))
#define __section(s) __attribute__((section(s)))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

typedef __builtin_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)

#endif
