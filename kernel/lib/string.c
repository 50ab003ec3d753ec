/*
 * kernel/lib/string.c - byte-at-a-time string and memory functions.
 *
 * Plain loops, except memcpy/memset which use the 386's string instructions
 * (rep movsl / rep stosl): they are on every x86 and are the simplest fast
 * way to move page-sized blocks.
 */
#include "kernel/lib/string.h"

void *memset(void *s, int c, size_t n)
{
	u8 *p = s;
	u32 v = (u8)c * 0x01010101u;
	size_t words = n / 4;

	asm volatile("rep stosl" : "+D"(p), "+c"(words) : "a"(v) : "memory");
	for (n &= 3; n; n--)
		*p++ = (u8)c;
	return s;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	void *d = dst;
	size_t words = n / 4, rest = n & 3;

	asm volatile("rep movsl" : "+D"(d), "+S"(src), "+c"(words) : : "memory");
	asm volatile("rep movsb" : "+D"(d), "+S"(src), "+c"(rest) : : "memory");
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	u8 *d = dst;
	const u8 *s = src;

	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (u8)*a - (u8)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (u8)*a - (u8)*b;
		if (!*a)
			break;
	}
	return 0;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

/* The first occurrence of needle in haystack, or NULL. */
char *strstr(const char *haystack, const char *needle)
{
	size_t n = strlen(needle);

	for (; *haystack; haystack++)
		if (!strncmp(haystack, needle, n))
			return (char *)haystack;
	return n ? NULL : (char *)haystack;
}

/* Copy at most size-1 bytes and always terminate; return strlen(src). */
size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size ? len : size - 1;
		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

/* Linux's simple_strtoul: base 0 reads 0x... as hex, else decimal.  No
 * digit at all leaves *endp at cp, so callers can tell. */
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	const char *s = cp, *digits;
	unsigned long v = 0;

	if ((base == 0 || base == 16) && s[0] == '0' &&
	    (s[1] == 'x' || s[1] == 'X'))
		s += 2, base = 16;
	else if (base == 0)
		base = 10;
	for (digits = s;; s++) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			break;
		if (d >= base)
			break;
		v = v * base + d;
	}
	if (endp)
		*endp = (char *)(s == digits ? cp : s);
	return v;
}
