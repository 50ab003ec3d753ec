/*
 * vma.c - splitting VMAs, mprotect, SIGSEGV codes, /proc/self/maps.
 *
 * Inside a PROT_NONE guard (so nothing merges with a neighbour), munmap of
 * the middle page leaves two VMAs and mprotect of the middle leaves three,
 * each checked in /proc/self/maps and by touching; a write to a read-only
 * page is SIGSEGV/SEGV_ACCERR with the exact si_addr, an access past a VMA
 * is SEGV_MAPERR; mprotect errors; and every maps line has Linux's format,
 * with a known file mapping's line checked field by field.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include "tests/tap.h"
#include "tests/fault.h"

#define PAGE 4096

struct map_line {
	unsigned long start, end;
	char perms[5];
	unsigned long long offset;
	unsigned major, minor;
	unsigned long inode;
	char path[PATH_MAX];
};

/*
 * Parse one maps line strictly: "%08lx-%08lx rwxp %08llx hh:hh inode "
 * (Linux ends the fixed part with a space), then for a named mapping
 * padding spaces and the path.  Returns 0 if the line is malformed.
 */
static int parse_line(const char *s, struct map_line *m)
{
	int n = 0, i;

	if (sscanf(s, "%lx-%lx %4c %llx %x:%x %lu%n", &m->start, &m->end, m->perms,
		   &m->offset, &m->major, &m->minor, &m->inode, &n) != 7)
		return 0;
	m->perms[4] = '\0';
	/* Fixed widths: 8+1+8 addresses, perms, 8-digit offset, 2:2 device. */
	if (s[8] != '-' || s[17] != ' ' || s[22] != ' ' || s[31] != ' ' || s[34] != ':' ||
	    s[37] != ' ')
		return 0;
	for (i = 0; i < 3; i++)
		if (m->perms[i] != "rwx"[i] && m->perms[i] != '-')
			return 0;
	if (m->perms[3] != 'p' && m->perms[3] != 's')
		return 0;
	if (m->start >= m->end || (m->start & (PAGE - 1)) || (m->end & (PAGE - 1)))
		return 0;
	s += n;
	if (*s++ != ' ')
		return 0;
	if (*s == '\0') {
		m->path[0] = '\0';
		return 1;
	}
	while (*s == ' ')
		s++;
	snprintf(m->path, sizeof(m->path), "%s", s);
	return m->path[0] != '\0';
}

/* Read /proc/self/maps into lines; returns the count, -1 on error. */
static int read_maps(struct map_line *lines, int max, int *bad)
{
	static char buf[65536];
	char *line, *save;
	int fd = open("/proc/self/maps", O_RDONLY), n = 0;
	long len = 0, r;

	if (fd < 0)
		return -1;
	while ((r = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += r;
	close(fd);
	buf[len] = '\0';
	*bad = 0;
	for (line = strtok_r(buf, "\n", &save); line && n < max; line = strtok_r(NULL, "\n", &save)) {
		if (parse_line(line, &lines[n]))
			n++;
		else
			++*bad;
	}
	return n;
}

static struct map_line maps[512];
static int nmaps;

static struct map_line *find(void *start)
{
	int i, bad;

	nmaps = read_maps(maps, 512, &bad);
	for (i = 0; i < nmaps; i++)
		if (maps[i].start == (uintptr_t)start)
			return &maps[i];
	return NULL;
}

/* The VMA starting at p is [p, p + pages) with these permissions. */
static int vma_is(char *p, int pages, const char *perms)
{
	struct map_line *m = find(p);

	return m && m->end == (uintptr_t)(p + pages * PAGE) && strcmp(m->perms, perms) == 0;
}

static char *guarded(int pages)
{
	char *g = mmap(NULL, (pages + 2) * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (g == MAP_FAILED)
		return NULL;
	return mmap(g + PAGE, pages * PAGE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
}

static void test_munmap_split(void)
{
	char *p = guarded(5);
	int i;

	ok(p != NULL, "5 pages inside a guard");
	for (i = 0; i < 5; i++)
		p[i * PAGE] = 'A' + i;
	ok(vma_is(p, 5, "rw-p"), "one rw-p VMA of 5 pages");
	ok_sys(munmap(p + 2 * PAGE, PAGE), "munmap the middle page");
	ok(vma_is(p, 2, "rw-p"), "left part: 2 pages");
	ok(vma_is(p + 3 * PAGE, 2, "rw-p"), "right part: 2 pages");
	is(touch_read(p + 2 * PAGE), SIGSEGV, "the hole faults");
	is(fault_code, SEGV_MAPERR, "SEGV_MAPERR");
	ok(p[0] == 'A' && p[PAGE] == 'B' && p[3 * PAGE] == 'D' && p[4 * PAGE] == 'E',
	   "the remaining pages keep their data");
	munmap(p - PAGE, 7 * PAGE);
}

static void test_mprotect(void)
{
	char *p = guarded(3);

	memset(p, 'z', 3 * PAGE);
	ok_sys(mprotect(p + PAGE, PAGE, PROT_READ), "mprotect the middle read-only");
	ok(vma_is(p, 1, "rw-p") && vma_is(p + PAGE, 1, "r--p") && vma_is(p + 2 * PAGE, 1, "rw-p"),
	   "three VMAs: rw-p r--p rw-p");
	is(touch_write(p + PAGE + 123, 'w'), SIGSEGV, "write to read-only: SIGSEGV");
	is(fault_code, SEGV_ACCERR, "SEGV_ACCERR");
	ok(fault_addr == p + PAGE + 123, "si_addr exact");
	is(touch_read(p + PAGE + 123), 0, "reading it works");
	ok(p[PAGE + 123] == 'z', "data intact");
	ok_sys(mprotect(p + PAGE, PAGE, PROT_NONE), "PROT_NONE");
	is(touch_read(p + PAGE), SIGSEGV, "reading PROT_NONE: SIGSEGV");
	is(fault_code, SEGV_ACCERR, "SEGV_ACCERR");
	ok_sys(mprotect(p + PAGE, PAGE, PROT_READ | PROT_WRITE), "back to read-write");
	ok(vma_is(p, 3, "rw-p"), "the three VMAs merge back into one");
	is(touch_write(p + PAGE, 'q'), 0, "writable again");
	ok(p[PAGE + 1] == 'z', "data survived the protection changes");
	is(touch_read(p + 3 * PAGE), SIGSEGV, "past the VMA (in the guard): SIGSEGV");
	is(fault_code, SEGV_ACCERR, "guard is PROT_NONE: SEGV_ACCERR");
	munmap(p - PAGE, 5 * PAGE);
	is(touch_read(p + 3 * PAGE), SIGSEGV, "past the VMA, nothing mapped: SIGSEGV");
	is(fault_code, SEGV_MAPERR, "SEGV_MAPERR");

	/* Raw: musl's mprotect rounds the address down itself. */
	is_errno(syscall(SYS_mprotect, p + 1, PAGE, PROT_READ), EINVAL, "mprotect unaligned: EINVAL");
	is_errno(mprotect(p, PAGE, PROT_READ), ENOMEM, "mprotect of unmapped memory: ENOMEM");
	{
		int fd = open("vma-f", O_RDWR | O_CREAT | O_TRUNC, 0644);
		int rd;
		char *m;
		ftruncate(fd, PAGE);
		rd = open("vma-f", O_RDONLY);
		m = mmap(NULL, PAGE, PROT_READ, MAP_SHARED, rd, 0);
		is_errno(mprotect(m, PAGE, PROT_READ | PROT_WRITE), EACCES,
			 "PROT_WRITE on a shared map of a read-only fd: EACCES");
		munmap(m, PAGE);
		close(rd);
		close(fd);
		unlink("vma-f");
	}
}

static void test_maps_format(void)
{
	char cwd[PATH_MAX], want[PATH_MAX + 16];
	struct map_line *m;
	struct stat st;
	int i, bad, stack = 0, exe = 0;
	char *f, *a;
	int fd;

	nmaps = read_maps(maps, 512, &bad);
	ok(nmaps > 3, "/proc/self/maps lists our mappings (%d)", nmaps);
	is(bad, 0, "every line has Linux's format");
	for (i = 0; i < nmaps; i++) {
		stack += strcmp(maps[i].path, "[stack]") == 0;
		exe += maps[i].perms[2] == 'x' && maps[i].inode != 0;
	}
	is(stack, 1, "one [stack] line");
	ok(exe >= 1, "an executable file mapping (our text)");

	fd = open("vma-maps", O_RDWR | O_CREAT | O_TRUNC, 0644);
	ftruncate(fd, 3 * PAGE);
	fstat(fd, &st);
	f = mmap(NULL, 2 * PAGE, PROT_READ, MAP_SHARED, fd, PAGE);
	m = find(f);
	ok(m != NULL, "the file mapping has a line");
	if (m) {
		ok(m->end == (uintptr_t)f + 2 * PAGE, "its end");
		is(strcmp(m->perms, "r--s"), 0, "perms r--s (%s)", m->perms);
		is(m->offset, PAGE, "offset 00001000");
		ok(m->major == major(st.st_dev) && m->minor == minor(st.st_dev), "device %x:%x",
		   m->major, m->minor);
		is(m->inode, st.st_ino, "inode");
		getcwd(cwd, sizeof(cwd));
		snprintf(want, sizeof(want), "%s/vma-maps", strcmp(cwd, "/") ? cwd : "");
		ok(strcmp(m->path, want) == 0, "path %s", m->path);
	}
	a = mmap(NULL, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	m = find(a);
	ok(m && strcmp(m->perms, "rwxp") == 0 && m->offset == 0 && m->major == 0 &&
	   m->minor == 0 && m->inode == 0 && m->path[0] == '\0',
	   "anonymous line: rwxp 00000000 00:00 0, no name");
	munmap(a, PAGE);
	munmap(f, 2 * PAGE);
	close(fd);
	unlink("vma-maps");
}

int main(void)
{
	test_munmap_split();
	test_mprotect();
	test_maps_format();
	return done_testing();
}
