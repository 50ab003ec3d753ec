/*
 * execve_argv.c - execve with an empty or NULL argv, and a NULL envp.
 *
 * Since Linux 5.18 a program started with no arguments gets one: argc 1
 * and argv[0] "" (with a warning in the kernel log), so code that starts
 * at argv[1] does not walk into envp.  A NULL envp is an empty
 * environment.  The test re-executes itself; the exec'd side recognises
 * itself by its empty argv[0] and reports through its exit status.
 *
 * Standalone: the exec'd side's argv[0] is "", which names no test of the
 * multi-call program (user/tests/multicall/multicall.c).
 */
#include <sys/wait.h>
#include "tests/tap.h"

extern char **environ;

/* The exec'd side: 0 when everything is as Linux gives it. */
static int empty_side(int argc, char **argv)
{
	const char *mode = getenv("EXECVE_ARGV");

	if (argc != 1 || argv[1] != NULL)
		return 10;
	if (!mode)
		return environ && environ[0] ? 11 : 0; /* envp NULL */
	if (strcmp(mode, "empty") != 0 || environ[1] != NULL)
		return 12;
	return argv[2] == environ[0] ? 0 : 13; /* envp right after */
}

static int spawn(const char *path, char **argv, char **envp)
{
	pid_t pid = fork();

	if (pid == 0) {
		execve(path, argv, envp);
		_exit(120);
	}
	return wait_for(pid);
}

int main(int argc, char **argv)
{
	char *empty[] = { NULL };
	char *env[] = { "EXECVE_ARGV=empty", NULL };

	if (argc >= 1 && argv[0][0] == '\0')
		return empty_side(argc, argv);
	is_exit(spawn(argv[0], empty, env), 0,
		"empty argv: argc 1, argv[0] \"\", then envp");
	is_exit(spawn(argv[0], NULL, env), 0, "NULL argv: the same");
	is_exit(spawn(argv[0], NULL, NULL), 0,
		"NULL argv and envp: argc 1, no environment");
	is_exit(spawn(argv[0], empty, empty), 0,
		"empty argv and envp: the same");
	return done_testing();
}
