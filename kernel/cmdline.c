/*
 * kernel/cmdline.c - split the command line once, answer questions later.
 *
 * cmdline_init copies the line and cuts it into NUL-terminated words in
 * place; words[] points into that copy.  QEMU's -kernel passes the image's
 * file name as the first word and GRUB 2 passes the kernel's path: a first
 * word that holds a '/' and no '=' is the image, not a parameter.
 */
#include "kernel/cmdline.h"
#include "kernel/lib/string.h"
#include "kernel/multiboot.h"
#include "kernel/printk.h"

#define MAX_WORDS 64

static char line_copy[CMDLINE_MAX];
static char *words[MAX_WORDS];
static int nr_words;

extern const struct kernel_param __start_kparams[], __stop_kparams[];

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

void cmdline_init(const char *line)
{
	char *p = line_copy;

	strlcpy(line_copy, line, sizeof(line_copy));
	nr_words = 0;
	while (*p) {
		while (is_space(*p))
			*p++ = '\0';
		if (!*p)
			break;
		if (nr_words == MAX_WORDS) {
			printk(KERN_WARNING "Command line: more than %d words, "
			       "ignored from \"%s\"\n", MAX_WORDS, p);
			break;
		}
		words[nr_words++] = p;
		while (*p && !is_space(*p))
			p++;
	}
	if (nr_words && strchr(words[0], '/') && !strchr(words[0], '=')) {
		memmove(words, words + 1, (nr_words - 1) * sizeof(words[0]));
		nr_words--;
	}
}

/* Length of the key part of a word: up to '=' or the end. */
static size_t key_len(const char *w)
{
	const char *eq = strchr(w, '=');

	return eq ? (size_t)(eq - w) : strlen(w);
}

static const char *find_word(const char *key)
{
	size_t n = strlen(key);
	int i;

	/* The last occurrence wins, as on Linux. */
	for (i = nr_words - 1; i >= 0; i--)
		if (key_len(words[i]) == n && !strncmp(words[i], key, n))
			return words[i];
	return NULL;
}

bool cmdline_has(const char *word)
{
	return find_word(word) != NULL;
}

const char *cmdline_get(const char *key)
{
	const char *w = find_word(key);
	const char *eq = w ? strchr(w, '=') : NULL;

	return eq ? eq + 1 : NULL;
}

static bool parse_ulong(const char **sp, u32 *out)
{
	const char *s = *sp;
	u32 v = 0;

	if (*s < '0' || *s > '9')
		return false;
	while (*s >= '0' && *s <= '9')
		v = v * 10 + (u32)(*s++ - '0');
	*out = v;
	*sp = s;
	return true;
}

long cmdline_get_long(const char *key, long def)
{
	const char *s = cmdline_get(key);
	bool neg = false;
	u32 v;

	if (!s)
		return def;
	if (*s == '-') {
		neg = true;
		s++;
	}
	if (!parse_ulong(&s, &v) || *s)
		return def;
	return neg ? -(long)v : (long)v;
}

bool parse_size(const char *s, u32 *bytes)
{
	u32 v;
	int shift = 0;

	if (!parse_ulong(&s, &v))
		return false;
	switch (*s) {
	case 'K':
	case 'k':
		shift = 10;
		s++;
		break;
	case 'M':
	case 'm':
		shift = 20;
		s++;
		break;
	case 'G':
	case 'g':
		shift = 30;
		s++;
		break;
	}
	if (*s || (shift && v > (0xFFFFFFFFu >> shift)))
		return false;
	*bytes = v << shift;
	return true;
}

u32 cmdline_get_size(const char *key, u32 def)
{
	const char *s = cmdline_get(key);
	u32 v;

	return s && parse_size(s, &v) ? v : def;
}

static bool is_known(const char *w)
{
	const struct kernel_param *p;
	size_t n = key_len(w);

	for (p = __start_kparams; p < __stop_kparams; p++)
		if (strlen(p->name) == n && !strncmp(p->name, w, n))
			return true;
	return false;
}

void cmdline_report_unknown(void)
{
	int i;

	for (i = 0; i < nr_words; i++)
		if (!is_known(words[i]))
			printk("cmdline: unknown parameter '%s' ignored\n", words[i]);
}

int cmdline_unknown_words(const char **out, int max)
{
	int i, n = 0;

	for (i = 0; i < nr_words && n < max; i++)
		if (!is_known(words[i]))
			out[n++] = words[i];
	return n;
}
