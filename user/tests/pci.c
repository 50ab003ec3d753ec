/*
 * pci.c - /proc/bus/pci/devices in Linux's format.
 *
 * Every line is 18 tab-separated fields: bus and devfn (4 hex digits),
 * vendor and device (8), the IRQ (hex), seven BAR starts and seven sizes
 * (hex, right-aligned in 16 columns, as Linux 6.1 prints them), and the
 * driver's name (maybe empty).  Bus 0 slot 0 (the host bridge)
 * comes first.  Where the PIIX3 IDE function is (QEMU's PC, 8086:7010),
 * its BAR4, the bus-master registers, is 16 ports of I/O space.  Skipped
 * where the kernel has no PCI in /proc (a host without it).
 */
#include <ctype.h>
#include "tests/tap.h"

static char text[32768];
static char *fields[18];

static int read_all(const char *path)
{
	int fd = open(path, O_RDONLY);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while (len < sizeof(text) - 1 &&
	       (n = read(fd, text + len, sizeof(text) - 1 - len)) > 0)
		len += (size_t)n;
	close(fd);
	text[len] = '\0';
	return (int)len;
}

/* Split line at tabs into fields; the number of fields. */
static int split(char *line)
{
	int n = 0;

	fields[n++] = line;
	for (; *line; line++)
		if (*line == '\t') {
			*line = '\0';
			if (n == 18)
				return 19;	/* too many */
			fields[n++] = line + 1;
		}
	return n;
}

/* Hex right-aligned in 16 columns. */
static int is_wide_hex(const char *s)
{
	if (strlen(s) != 16)
		return 0;
	while (*s == ' ')
		s++;
	return *s && strspn(s, "0123456789abcdef") == strlen(s);
}

static int is_hex(const char *s, size_t digits)
{
	size_t i;

	if (!*s || (digits && strlen(s) != digits))
		return 0;
	for (i = 0; s[i]; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

int main(void)
{
	char *line, *next;
	int lines = 0, bad = 0, i, n, piix = 0;
	unsigned long bar4, bar4_size;

	if (read_all("/proc/bus/pci/devices") < 0) {
		skip("/proc/bus/pci/devices", "no PCI in this kernel's /proc");
		return done_testing();
	}
	ok(strncmp(text, "0000\t", 5) == 0, "the first line is bus 0, slot 0");
	for (line = text; *line; line = next) {
		next = strchr(line, '\n');
		if (!next) {
			bad++;
			diag("line without a newline: %s", line);
			break;
		}
		*next++ = '\0';
		lines++;
		n = split(line);
		if (n != 18) {
			bad++;
			diag("line %d has %d fields", lines, n);
			continue;
		}
		if (!is_hex(fields[0], 4) || !is_hex(fields[1], 8)) {
			bad++;
			diag("line %d: address '%s' or IDs '%s'", lines, fields[0], fields[1]);
		}
		if (!is_hex(fields[2], 0)) {
			bad++;
			diag("line %d: IRQ '%s'", lines, fields[2]);
		}
		for (i = 3; i < 17; i++)
			if (!is_wide_hex(fields[i])) {
				bad++;
				diag("line %d field %d: '%s'", lines, i + 1, fields[i]);
			}
		if (!strcmp(fields[1], "80867010")) {
			piix = 1;
			bar4 = strtoul(fields[3 + 4], NULL, 16);
			bar4_size = strtoul(fields[10 + 4], NULL, 16);
			ok((bar4 & 1) && bar4 > 1, "PIIX3 IDE BAR4 is in I/O space (0x%lx)", bar4);
			is(bar4_size, 16, "PIIX3 IDE BAR4 is 16 ports");
		}
	}
	ok(lines > 0, "%d devices", lines);
	is(bad, 0, "every line has 18 fields, in Linux's widths");
	if (!piix)
		skip("PIIX3 IDE BAR4", "no 8086:7010 on this machine");
	return done_testing();
}
