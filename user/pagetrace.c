/*
 * pagetrace.c - /bin/pagetrace: one user address followed down the
 * reverse map, or one page's life as events.
 *
 *   pagetrace PID ADDR      write ADDR to /proc/PID/pagetrace, print the
 *                           report (mm/rmap/pagetrace.c builds it)
 *   pagetrace -f PID ADDR   follow the page PID maps at ADDR: print each
 *                           event /proc/pagetrace_events records for it
 *                           (mapped, referenced, deactivated, unmapped,
 *                           written to swap, freed, swapped in), once a
 *                           second, until interrupted
 *
 * PID may be "self".  ADDR is hex with 0x, or decimal.  The report is read
 * line by line in docs/book/06-reverse-mapping.md ("Following one page
 * with pagetrace").
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "say.h"

#define EVENTS "/proc/pagetrace_events"

static int usage(void)
{
	say("usage: pagetrace [-f] PID ADDR\n");
	return 2;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0) {
		say("pagetrace: %s: %m\n", path);
		return -1;
	}
	n = write(fd, text, strlen(text));
	if (n < 0)
		say("pagetrace: write %s: %m\n", path);
	close(fd);
	return n < 0 ? -1 : 0;
}

/* Copy path to stdout. */
static int cat_file(const char *path)
{
	char buf[1024];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		say("pagetrace: %s: %m\n", path);
		return -1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(1, buf, n) != n)
			break;
	close(fd);
	return 0;
}

/* Each event line starts with its number, from 1: print the new ones. */
static int follow(const char *pid, const char *addr)
{
	static char buf[16384];
	char text[64], *line, *nl;
	long last = 0, seq;
	bool first = true;
	ssize_t n;
	int fd;

	snprintf(text, sizeof(text), "%s %s\n", pid, addr);
	if (write_file(EVENTS, text))
		return 1;
	for (;;) {
		fd = open(EVENTS, O_RDONLY);
		if (fd < 0)
			return 1;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n < 0)
			return 1;
		buf[n] = '\0';
		for (line = buf; (nl = strchr(line, '\n')); line = nl + 1) {
			/* The "# following" header: once, at the start. */
			if (line[0] == '#') {
				if (first && write(1, line, nl + 1 - line) < 0)
					return 1;
				continue;
			}
			seq = strtol(line, NULL, 10);
			if (seq > last) {
				last = seq;
				if (write(1, line, nl + 1 - line) < 0)
					return 1;
			}
		}
		first = false;
		sleep(1);
	}
}

int main(int argc, char **argv)
{
	char path[64], text[32];

	if (argc == 4 && !strcmp(argv[1], "-f"))
		return follow(argv[2], argv[3]);
	if (argc != 3)
		return usage();
	snprintf(path, sizeof(path), "/proc/%s/pagetrace", argv[1]);
	snprintf(text, sizeof(text), "%s\n", argv[2]);
	if (write_file(path, text) || cat_file(path))
		return 1;
	return 0;
}
