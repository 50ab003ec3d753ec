/*
 * cow.c - copy-on-write isolation across fork, both ways.
 *
 * Private anonymous memory, a private file mapping and the bss are
 * shared copy-on-write after fork.  Pipes order the steps: the parent
 * writes after the fork and the child must not see it, the child writes
 * and the parent must not see it, untouched pages stay equal in both, and
 * a grandchild forked after the child's write sees the child's version.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include "tests/tap.h"

#define PAGE 4096
#define NPAGES 8

static int to_child[2], to_parent[2];

static void step_send(int fd)
{
	char c = 's';

	if (write(fd, &c, 1) != 1)
		_exit(90);
}

static void step_wait(int fd)
{
	char c;

	if (read(fd, &c, 1) != 1)
		_exit(91);
}

/* The parent's side: a child that died (EOF) or a failed call ends the
 * test with a message. */
static void parent_step(int fd, int send, const char *what)
{
	char c = 's';
	ssize_t n = send ? write(fd, &c, 1) : read(fd, &c, 1);

	if (n != 1) {
		diag("%s: the child is gone or the pipe failed (%zd, %s)", what,
		     n, n < 0 ? strerror(errno) : "EOF");
		exit(done_testing() | 1);
	}
}

static void fill(char *m, char v)
{
	int i;

	for (i = 0; i < NPAGES; i++)
		memset(m + i * PAGE, v + i, PAGE);
}

/* Child side: 0 when each check passes, else the number of the check. */
static int child(char *m)
{
	pid_t pid;
	int i;

	/* 1: before anything, the pre-fork contents. */
	for (i = 0; i < NPAGES; i++)
		if (m[i * PAGE + 7] != 'a' + i)
			return 1;
	step_send(to_parent[1]);
	step_wait(to_child[0]);		/* the parent has written page 0 */
	if (m[0] != 'a')
		return 2;		/* must not see the parent's write */
	m[PAGE] = 'C';			/* our write to page 1 */
	step_send(to_parent[1]);
	step_wait(to_child[0]);
	pid = fork();
	if (pid < 0)
		return 5;
	if (pid == 0)
		_exit(m[PAGE] == 'C' && m[0] == 'a' ? 0 : 1);
	if (wait_for(pid) != 0)
		return 3;		/* the grandchild sees our version */
	for (i = 2; i < NPAGES; i++)
		if (m[i * PAGE + 100] != 'a' + i)
			return 4;
	return 0;
}

static void run(const char *what, char *m)
{
	pid_t pid;

	fill(m, 'a');
	must(pipe(to_child));
	must(pipe(to_parent));
	pid = must(fork());
	if (pid == 0) {
		close(to_child[1]);
		close(to_parent[0]);
		_exit(child(m));
	}
	/* Only the child holds these: its death is EOF, not a hang. */
	close(to_child[0]);
	close(to_parent[1]);
	parent_step(to_parent[0], 0, what);
	m[0] = 'P';			/* our write to page 0 */
	parent_step(to_child[1], 1, what);
	parent_step(to_parent[0], 0, what);	/* the child wrote page 1 */
	ok(m[PAGE] == 'b', "%s: parent does not see the child's write", what);
	ok(m[0] == 'P', "%s: parent keeps its own write", what);
	parent_step(to_child[1], 1, what);
	is_exit(wait_for(pid), 0, "%s: child never saw the parent's writes", what);
	ok(m[PAGE * 5 + 9] == 'f', "%s: untouched pages intact", what);
	close(to_child[1]);
	close(to_parent[0]);
}

int main(void)
{
	static char bss_pages[NPAGES * PAGE] __attribute__((aligned(PAGE)));
	char *anon, *file;
	int fd;

	anon = mmap(NULL, NPAGES * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ok(anon != MAP_FAILED, "private anonymous mapping");
	run("anonymous", anon);

	fd = open("cow-f", O_RDWR | O_CREAT | O_TRUNC, 0644);
	ftruncate(fd, NPAGES * PAGE);
	file = mmap(NULL, NPAGES * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	ok(file != MAP_FAILED, "private file mapping");
	run("private file", file);
	{
		char c;
		ok(pread(fd, &c, 1, 0) == 1 && c == 0, "private writes never reached the file");
	}
	close(fd);
	unlink("cow-f");

	run("bss", bss_pages);
	return done_testing();
}
