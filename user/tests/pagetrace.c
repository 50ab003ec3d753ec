/*
 * pagetrace.c - /proc/PID/pagetrace, the page tracer (mm/rmap/pagetrace.h).
 *
 * A file page mapped MAP_SHARED by two processes is reported as mapped by
 * both of their VMAs, and an anonymous page shared by fork (before COW)
 * by both processes' PTEs, found through its pte_chain or its anon_vma as
 * the rmap mode says.  Linux has no such file, so there every check is
 * skipped; on Mapback (uname's sysname) a missing file is a failure.
 *
 * The pages are mlocked in the parent, and each report is retried a few
 * times after both processes touch the page again, so that reclaim (the
 * mem=8M boots) cannot leave a page unmapped while it is read.
 */
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include "tests/tap.h"
#include "tests/fault.h"

#define PAGE 4096
#define TRIES 8

static char report[8192];

/* The report for addr in this process; its length, or -1. */
static int read_report(void *addr)
{
	char text[32];
	int fd, n, len = 0;

	snprintf(text, sizeof(text), "%#lx\n", (unsigned long)addr);
	fd = open("/proc/self/pagetrace", O_WRONLY);
	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	if (n != (int)strlen(text))
		return -1;
	fd = open("/proc/self/pagetrace", O_RDONLY);
	if (fd < 0)
		return -1;
	while (len < (int)sizeof(report) - 1 &&
	       (n = read(fd, report + len, sizeof(report) - 1 - len)) > 0)
		len += n;
	close(fd);
	report[len] = '\0';
	return len;
}

/* Lines of the report that say pid maps the page. */
static int maps_by(int pid)
{
	char want[24];
	int n = 0;
	char *line, *nl;

	snprintf(want, sizeof(want), "pid %d vma", pid);
	for (line = report; (nl = strchr(line, '\n')); line = nl + 1) {
		*nl = '\0';
		if (strstr(line, want) && strstr(line, ": maps it"))
			n++;
		*nl = '\n';
	}
	return n;
}

/*
 * A child that keeps p mapped: on each byte from the parent it reads p
 * (faulting it back if reclaim took it) and answers; at EOF it exits.
 * -1, and both descriptors -1, when a pipe or the fork fails (as under
 * fault injection): the test then fails instead of reading from a
 * descriptor it never opened.
 */
static pid_t start_child(int *to, int *from, volatile char *p, int map_fd)
{
	int down[2] = { -1, -1 }, up[2] = { -1, -1 };
	pid_t pid;
	char c;

	*to = *from = -1;	/* what both_map sees if there is no child */
	if (pipe(down) || pipe(up) || (pid = fork()) < 0) {
		close(down[0]);
		close(down[1]);
		close(up[0]);
		close(up[1]);
		return -1;
	}
	if (pid == 0) {
		close(down[1]);
		close(up[0]);
		if (map_fd >= 0) {	/* a mapping of its own, not fork's */
			p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
				 MAP_SHARED, map_fd, 0);
			if (p == MAP_FAILED)
				_exit(1);
		}
		while (read(down[0], &c, 1) == 1) {
			c = p[0];
			if (write(up[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	close(down[0]);
	close(up[1]);
	*to = down[1];
	*from = up[0];
	return pid;
}

/* Both touch p, then the report is read, until both map it. */
static bool both_map(volatile char *p, int to, int from, pid_t child)
{
	int i;
	char c = 0;

	for (i = 0; i < TRIES; i++) {
		if (write(to, &c, 1) != 1 || read(from, &c, 1) != 1)
			return false;
		c = p[0];
		if (read_report((void *)p) > 0 && maps_by(getpid()) == 1 &&
		    maps_by(child) == 1)
			return true;
	}
	diag("last report:\n%s", report);
	return false;
}

static void end_child(int to, int from, pid_t pid)
{
	close(to);
	close(from);
	is_exit(wait_for(pid), 0, "child exits cleanly");
}

static void test_shared_file(void)
{
	int fd = open("pt-file", O_RDWR | O_CREAT | O_TRUNC, 0644);
	int to, from;
	char *p;
	pid_t pid;

	ok(fd >= 0 && ftruncate(fd, PAGE) == 0, "a one-page file");
	pid = start_child(&to, &from, NULL, fd);
	p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ok(p != MAP_FAILED, "parent maps it MAP_SHARED");
	p[0] = 'f';
	mlock(p, PAGE);
	ok(both_map(p, to, from, pid),
	   "file page: the parent's and the child's VMAs both map it");
	ok(strstr(report, "mapping: file inode") != NULL,
	   "the report names the file's inode");
	end_child(to, from, pid);
	munmap(p, PAGE);
	close(fd);
	unlink("pt-file");
}

static void test_cow_anon(void)
{
	char *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	const char *walk;
	int to, from;
	pid_t pid;

	ok(p != MAP_FAILED, "an anonymous page");
	p[0] = 'a';
	mlock(p, PAGE);
	pid = start_child(&to, &from, p, -1);
	ok(both_map(p, to, from, pid),
	   "anonymous page after fork: parent and child PTEs both map it");
	walk = strstr(report, "rmap anon_vma") ? "walk: anon_vma"
					       : "walk: pte_chain";
	ok(strstr(report, walk) != NULL, "found through %s", walk + 6);
	end_child(to, from, pid);
	munmap(p, PAGE);
}

int main(void)
{
	struct utsname u;

	if (access("/proc/self/pagetrace", F_OK) != 0 && uname(&u) == 0 &&
	    strcmp(u.sysname, "Mapback") != 0) {
		skip("page tracer", "no /proc/self/pagetrace (not Mapback)");
		return done_testing();
	}
	ok(access("/proc/self/pagetrace", F_OK) == 0,
	   "/proc/self/pagetrace exists");
	test_shared_file();
	test_cow_anon();
	return done_testing();
}
