/*
 * syslog.c - the kernel log as syslog(2) (klogctl) reads it, and what a
 * program's bad call leaves there.
 *
 * An unknown system call number is ENOSYS.  The kernel may say so in its
 * log (Mapback does, once per number; Linux does not), but only at
 * KERN_DEBUG, which the console does not show at its default level: a
 * program's own output on the console is not interleaved with kernel
 * chatter it provoked (tools/run-tests.sh checks the serial log too).
 * Every line of SYSLOG_ACTION_READ_ALL starts with its level, "<N>", as
 * Linux gives it and dmesg strips.  The console actions move the first
 * field of /proc/sys/kernel/printk, the console's level (dmesg -n), and
 * the test puts it back.  Reading the log needs CAP_SYSLOG on a Linux
 * with dmesg_restrict: then the log checks are skipped.
 */
#include <sys/klog.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define SYSLOG_ACTION_READ_ALL 3
#define SYSLOG_ACTION_CONSOLE_OFF 6
#define SYSLOG_ACTION_CONSOLE_ON 7
#define SYSLOG_ACTION_CONSOLE_LEVEL 8
#define SYSLOG_ACTION_SIZE_BUFFER 10
#define UNUSED_NR 223 /* a hole in the i386 table, on Linux too */
#define PAST_TABLE_NR 9999

/* Every line but the first (a wrapped ring may have cut it) has "<N>". */
static int lines_have_levels(const char *log, int *lines)
{
	const char *p = strchr(log, '\n');
	int bad = 0;

	*lines = 0;
	while (p && p[1]) {
		p++;
		(*lines)++;
		bad += !(p[0] == '<' && p[1] >= '0' && p[1] <= '7' &&
			 p[2] == '>');
		p = strchr(p, '\n');
	}
	return bad == 0;
}

/* How many lines name an unknown system call (*all) and how many of
 * them at a level the console shows by default (below KERN_DEBUG). */
static int loud_enosys_lines(const char *log, int *all)
{
	const char *p = log, *eol;
	int loud = 0;

	*all = 0;
	for (; *p; p = *eol ? eol + 1 : eol) {
		eol = p + strcspn(p, "\n");
		if (!memmem(p, eol - p, "unknown system call", 19))
			continue;
		(*all)++;
		loud += strncmp(p, "<7>", 3) != 0;
	}
	return loud;
}

/* The console's level: the first field of /proc/sys/kernel/printk. */
static int console_level(void)
{
	char buf[64];
	int fd = open("/proc/sys/kernel/printk", O_RDONLY), level = -1;
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	if (fd >= 0)
		close(fd);
	if (n > 0) {
		buf[n] = '\0';
		sscanf(buf, "%d", &level);
	}
	return level;
}

static void test_console_level(void)
{
	int was = console_level(), now[4];

	ok(was >= 1 && was <= 15, "/proc/sys/kernel/printk: console level %d",
	   was);
	if (was < 1 || was > 8) {
		skip("console actions", "a level dmesg -n cannot put back");
		return;
	}
	ok_sys(klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 5),
	       "CONSOLE_LEVEL 5");
	now[0] = console_level();
	ok_sys(klogctl(SYSLOG_ACTION_CONSOLE_OFF, NULL, 0), "CONSOLE_OFF");
	now[1] = console_level();
	ok_sys(klogctl(SYSLOG_ACTION_CONSOLE_ON, NULL, 0), "CONSOLE_ON");
	now[2] = console_level();
	is_errno(klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 0), EINVAL,
		 "CONSOLE_LEVEL 0: EINVAL");
	is_errno(klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 9), EINVAL,
		 "CONSOLE_LEVEL 9: EINVAL");
	ok_sys(klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, was),
	       "CONSOLE_LEVEL %d puts it back", was);
	now[3] = console_level();
	is(now[0], 5, "level 5 after CONSOLE_LEVEL 5");
	is(now[1], 1, "level 1 (KERN_EMERG only) after CONSOLE_OFF");
	is(now[2], 5, "level 5 again after CONSOLE_ON");
	is(now[3], was, "level %d again", was);
}

/* As nobody the console level is not ours to change (CAP_SYSLOG). */
static void test_unprivileged(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (setuid(65534) != 0)
			_exit(2);
		if (klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 5) != -1 ||
		    errno != EPERM)
			_exit(3);
		if (klogctl(SYSLOG_ACTION_CONSOLE_OFF, NULL, 0) != -1 ||
		    errno != EPERM)
			_exit(4);
		_exit(0);
	}
	is_exit(wait_for(pid), 0,
		"as nobody: CONSOLE_LEVEL and CONSOLE_OFF are EPERM");
}

int main(void)
{
	int size, n, lines = 0, leveled, enosys = 0, loud;
	char *log;

	is_errno(syscall(UNUSED_NR), ENOSYS, "system call %d: ENOSYS",
		 UNUSED_NR);
	is_errno(syscall(PAST_TABLE_NR), ENOSYS, "system call %d: ENOSYS",
		 PAST_TABLE_NR);
	is_errno(syscall(UNUSED_NR), ENOSYS, "system call %d again: ENOSYS",
		 UNUSED_NR);

	size = klogctl(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0);
	if (size < 0 && errno == EPERM) {
		skip("the log's lines have levels", "no CAP_SYSLOG");
		skip("unknown calls logged at KERN_DEBUG only",
		     "no CAP_SYSLOG");
		return done_testing();
	}
	test_console_level();
	test_unprivileged();
	ok(size > 0, "SYSLOG_ACTION_SIZE_BUFFER: %d bytes", size);
	log = malloc(size > 0 ? size + 1 : 1);
	n = size > 0 && log ? klogctl(SYSLOG_ACTION_READ_ALL, log, size) : -1;
	ok(n > 0 && n <= size, "SYSLOG_ACTION_READ_ALL: %d bytes", n);
	if (n < 0)
		n = 0;
	if (log)
		log[n] = '\0';
	leveled = log && lines_have_levels(log, &lines);
	ok(leveled && lines > 0,
	   "each of the log's %d lines starts with <level>", lines);
	loud = log ? loud_enosys_lines(log, &enosys) : -1;
	is(loud, 0, "no unknown-system-call line above KERN_DEBUG (%d at it)",
	   enosys);
	free(log);
	return done_testing();
}
