/*
 * vm_dirty_bytes.c - /proc/sys/vm/dirty_bytes and dirty_background_bytes
 * as Linux 6.1 has them.
 *
 * Each byte limit is the twin of a ratio: writing one zeroes the other,
 * and the limit the flusher and the throttled writers use is whichever
 * is not zero.  dirty_bytes is at least two pages (8192) and
 * dirty_background_bytes at least 1: 0, a smaller number, a negative one
 * or no number at all is EINVAL and changes nothing.  Linux's quirks are
 * asserted too: dirty_ratio (dirty_bytes) zeroes its twin only when its
 * own value changes, the background pair always.  The values found are
 * restored at the end.
 */
#include "tests/tap.h"

#define VM "/proc/sys/vm/"

static long get(const char *name)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path), VM "%s", name);
	if (!read_proc(path, buf, sizeof(buf)))
		return -2;
	return strtol(buf, NULL, 10);
}

static int set(const char *name, const char *v)
{
	char path[128];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), VM "%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	n = write(fd, v, strlen(v));
	close(fd);
	return n == (ssize_t)strlen(v) ? 0 : -1;
}

static void restore(const char *bytes, long b, const char *ratio, long r)
{
	char v[32];

	snprintf(v, sizeof(v), "%ld", b ? b : r);
	set(b ? bytes : ratio, v);
}

int main(void)
{
	long ratio = get("dirty_ratio"), bytes = get("dirty_bytes");
	long bg_ratio = get("dirty_background_ratio");
	long bg_bytes = get("dirty_background_bytes");

	ok(bytes >= 0 && bg_bytes >= 0, "both files read (%ld, %ld)", bytes,
	   bg_bytes);
	ok((bytes == 0) != (ratio == 0), "one of dirty_ratio, dirty_bytes set");

	ok_sys(set("dirty_bytes", "1048576\n"), "dirty_bytes 1048576");
	is(get("dirty_bytes"), 1048576, "dirty_bytes reads it back");
	is(get("dirty_ratio"), 0, "dirty_ratio zeroed");
	is_errno(set("dirty_bytes", "8191"), EINVAL,
		 "dirty_bytes 8191: EINVAL");
	is_errno(set("dirty_bytes", "0"), EINVAL, "dirty_bytes 0: EINVAL");
	is_errno(set("dirty_bytes", "-8192"), EINVAL,
		 "dirty_bytes -8192: EINVAL");
	is_errno(set("dirty_bytes", "lots"), EINVAL,
		 "dirty_bytes lots: EINVAL");
	is(get("dirty_bytes"), 1048576, "unchanged by the failures");
	ok_sys(set("dirty_bytes", "  8192 \n"), "dirty_bytes 8192, blanks");
	is(get("dirty_bytes"), 8192, "the smallest: two pages");
	ok_sys(set("dirty_ratio", "0"), "dirty_ratio 0 (its value already)");
	is(get("dirty_bytes"), 8192, "an unchanged ratio leaves dirty_bytes");
	ok_sys(set("dirty_ratio", "25"), "dirty_ratio 25");
	is(get("dirty_ratio"), 25, "dirty_ratio reads it back");
	is(get("dirty_bytes"), 0, "dirty_bytes zeroed");

	ok_sys(set("dirty_background_bytes", "65536"),
	       "dirty_background_bytes 65536");
	is(get("dirty_background_bytes"), 65536, "reads it back");
	is(get("dirty_background_ratio"), 0, "dirty_background_ratio zeroed");
	is_errno(set("dirty_background_bytes", "0"), EINVAL,
		 "dirty_background_bytes 0: EINVAL");
	is_errno(set("dirty_background_bytes", "-1"), EINVAL,
		 "dirty_background_bytes -1: EINVAL");
	ok_sys(set("dirty_background_bytes", "1"), "dirty_background_bytes 1");
	is(get("dirty_background_bytes"), 1, "the smallest: 1");
	ok_sys(set("dirty_background_ratio", "0"),
	       "dirty_background_ratio 0 (its value already)");
	is(get("dirty_background_bytes"), 0,
	   "the background ratio zeroes its twin even so");
	ok_sys(set("dirty_background_bytes", "4096"),
	       "dirty_background_bytes 4096");
	ok_sys(set("dirty_background_ratio", "7"), "dirty_background_ratio 7");
	is(get("dirty_background_bytes"), 0, "dirty_background_bytes zeroed");
	is(get("dirty_background_ratio"), 7, "the ratio reads it back");

	restore("dirty_bytes", bytes, "dirty_ratio", ratio);
	restore("dirty_background_bytes", bg_bytes, "dirty_background_ratio",
		bg_ratio);
	is(get("dirty_ratio"), ratio, "dirty_ratio restored");
	is(get("dirty_background_ratio"), bg_ratio,
	   "dirty_background_ratio restored");
	return done_testing();
}
