/*
 * kernel/lib/vsprintf.c - the one formatting engine behind printk, snprintf
 * and the /proc files.
 *
 * Output goes through struct out, which counts every character it was asked
 * to write but stores only those that fit, so vsnprintf returns the length
 * the full result would have had, as C99 says.
 */
#include "kernel/lib/vsprintf.h"
#include "kernel/lib/div64.h"
#include "kernel/lib/string.h"

struct out {
	char *buf;
	size_t size;
	size_t len;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

struct spec {
	int width;
	bool zero;
	bool left;
};

static void pad(struct out *o, int n, char c)
{
	while (n-- > 0)
		put(o, c);
}

static void put_str(struct out *o, const char *s, struct spec sp)
{
	int len = (int)strlen(s);

	if (!sp.left)
		pad(o, sp.width - len, ' ');
	while (*s)
		put(o, *s++);
	if (sp.left)
		pad(o, sp.width - len, ' ');
}

/* Print v in the given base; neg puts a minus sign before the digits. */
static void put_num(struct out *o, u64 v, u32 base, bool upper, bool neg,
		    struct spec sp)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0, len;

	do
		tmp[n++] = digits[do_div(&v, base)];
	while (v);
	len = n + neg;

	if (!sp.left && !sp.zero)
		pad(o, sp.width - len, ' ');
	if (neg)
		put(o, '-');
	if (!sp.left && sp.zero)
		pad(o, sp.width - len, '0');
	while (n)
		put(o, tmp[--n]);
	if (sp.left)
		pad(o, sp.width - len, ' ');
}

static const char *parse_spec(const char *f, struct spec *sp)
{
	sp->width = 0;
	sp->zero = sp->left = false;
	for (;; f++) {
		if (*f == '0')
			sp->zero = true;
		else if (*f == '-')
			sp->left = true;
		else
			break;
	}
	while (*f >= '0' && *f <= '9')
		sp->width = sp->width * 10 + (*f++ - '0');
	return f;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	struct spec sp;
	int longs;

	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt = parse_spec(fmt + 1, &sp);
		for (longs = 0; *fmt == 'l'; fmt++)
			longs++;

		switch (*fmt) {
		case 'd':
		case 'i': {
			s64 v = longs >= 2 ? va_arg(ap, s64) : va_arg(ap, s32);
			put_num(&o, v < 0 ? -(u64)v : (u64)v, 10, false, v < 0, sp);
			break;
		}
		case 'u':
		case 'o':
		case 'x':
		case 'X': {
			u64 v = longs >= 2 ? va_arg(ap, u64) : va_arg(ap, u32);
			u32 base = *fmt == 'u' ? 10 : *fmt == 'o' ? 8 : 16;

			put_num(&o, v, base, *fmt == 'X', false, sp);
			break;
		}
		case 'p':
			sp.zero = true;
			sp.width = 8;
			put_num(&o, (u32)va_arg(ap, void *), 16, false, false, sp);
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);
			put_str(&o, s ? s : "(null)", sp);
			break;
		}
		case 'c':
			put(&o, (char)va_arg(ap, int));
			break;
		case '%':
			put(&o, '%');
			break;
		case '\0':
			fmt--; /* a lone % at the end: stop at the terminator */
			break;
		default:
			put(&o, '%');
			put(&o, *fmt);
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
