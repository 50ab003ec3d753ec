/*
 * shell.c - BusyBox sh scripts with checked output and exit status.
 *
 * Each case runs `$BUSYBOX sh -c SCRIPT` (BUSYBOX defaults to
 * /bin/busybox; make test-host points it at the fetched binary) in the
 * current directory, collects its standard output through a pipe, and
 * compares the output and the exit status with what the script must give:
 * pipes, redirection, loops, $(...), exit statuses, here-documents,
 * functions, traps, background jobs and wait, and the common applets
 * (su from root to nobody, with the ids id reports).
 */
#include <fcntl.h>
#include "tests/tap.h"

struct shell_case {
	const char *name;
	const char *script;
	const char *out;
	int status;
};

static const struct shell_case cases[] = {
	{ "echo", "echo hello world", "hello world\n", 0 },
	{ "pipe", "echo hello | tr a-z A-Z", "HELLO\n", 0 },
	{ "long pipeline", "printf 'b\\na\\nc\\na\\n' | sort | uniq | wc -l", "3\n", 0 },
	{ "redirection", "echo one > f; echo two >> f; cat f; wc -l < f; rm f",
	  "one\ntwo\n2\n", 0 },
	{ "stderr redirection", "ls /nonexistent-dir 2>&1 >/dev/null | grep -c nonexistent",
	  "1\n", 0 },
	{ "for loop", "for i in 1 2 3; do echo -n $i; done; echo", "123\n", 0 },
	{ "while and arithmetic", "i=0; while [ $i -lt 10 ]; do i=$((i + 1)); done; echo $i",
	  "10\n", 0 },
	{ "command substitution", "x=$(echo a b c | wc -w); echo \"words: $x\"", "words: 3\n", 0 },
	{ "nested substitution", "echo $(echo $(echo deep))", "deep\n", 0 },
	{ "exit status", "false; echo $?; true; echo $?", "1\n0\n", 0 },
	{ "exit code of the script", "exit 3", "", 3 },
	{ "subshell status", "(exit 5); echo $?", "5\n", 0 },
	{ "and/or lists", "true && echo y || echo n; false && echo y || echo n", "y\nn\n", 0 },
	{ "pipeline status is the last command's", "false | true; echo $?", "0\n", 0 },
	{ "killed child status", "sh -c 'kill -9 $$'; echo $?", "137\n", 0 },
	{ "here-document", "cat <<EOF\nline $((1 + 1))\nEOF", "line 2\n", 0 },
	{ "case", "for w in apple kiwi; do case $w in a*) echo A;; *) echo other;; esac; done",
	  "A\nother\n", 0 },
	{ "function", "f() { echo \"arg=$1\"; return 4; }; f x; echo $?", "arg=x\n4\n", 0 },
	{ "trap", "trap 'echo caught' USR1; kill -USR1 $$; echo after", "caught\nafter\n", 0 },
	{ "background and wait", "(exit 6) & wait $!; echo $?", "6\n", 0 },
	{ "several jobs", "for i in 1 2 3; do (echo job$i > j$i) & done; wait; cat j1 j2 j3; rm j?",
	  "job1\njob2\njob3\n", 0 },
	{ "sed and grep", "printf 'abc\\nxyz\\n' | sed s/b/B/ | grep -v xyz", "aBc\n", 0 },
	{ "head and cut", "printf '1:a\\n2:b\\n3:c\\n' | head -n 2 | cut -d: -f2", "a\nb\n", 0 },
	{ "files and dirs", "mkdir -p d/e && echo x > d/e/f && cp d/e/f d/g && mv d/g d/h && "
	  "ls d && rm -r d && [ ! -e d ] && echo gone", "e\nh\ngone\n", 0 },
	{ "test and [", "[ -d . ] && [ ! -f . ] && [ 3 -gt 2 ] && [ abc = abc ] && echo yes",
	  "yes\n", 0 },
	{ "read", "printf 'x y\\n' | { read a b; echo \"$b$a\"; }", "yx\n", 0 },
	{ "uname and expr", "uname -s | grep -c . ; expr 6 \\* 7", "1\n42\n", 0 },
	{ "su to nobody", "id -u; su -s /bin/sh nobody -c 'id -u; id -g; id -G'",
	  "0\n65534\n65534\n65534\n", 0 },
};

/* Run one script; its output into out (NUL-terminated), its wait status. */
static int run(const char *busybox, const char *script, char *out, size_t size)
{
	int p[2], status;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(p) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		/* stderr is not checked; ash reports "Killed" jobs there. */
		dup2(null, 2);
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		execl(busybox, "sh", "-c", script, (char *)NULL);
		_exit(126);
	}
	close(p[1]);
	while (len < size - 1 && (n = read(p[0], out + len, size - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(p[0]);
	status = wait_for(pid);
	return status;
}

int main(void)
{
	const char *busybox = getenv("BUSYBOX");
	char out[1024];
	unsigned i;

	if (!busybox || !*busybox)
		busybox = "/bin/busybox";
	if (!ok(access(busybox, X_OK) == 0, "BusyBox at %s", busybox))
		return done_testing();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct shell_case *c = &cases[i];
		int status = run(busybox, c->script, out, sizeof(out));
		int good = WIFEXITED(status) && WEXITSTATUS(status) == c->status &&
			   strcmp(out, c->out) == 0;

		if (!ok(good, "%s", c->name)) {
			char st[48];
			tap_status_str(status, st, sizeof(st));
			diag("script: %s", c->script);
			diag("got %s, output: '%s'", st, out);
		}
	}
	return done_testing();
}
