/*
 * multicall.c - the one program that holds the user tests, as BusyBox holds
 * its applets.
 *
 * Every user/tests/NAME.c is still a program of its own with its own main:
 * user/user.mk compiles it as before, renames its main to NAME_main in the
 * object (objcopy) and links all of them with this file into one static
 * binary, installed as /tests/NAME, a hard link per test.  The run is
 * chosen by the name the program was started by, the last component of
 * argv[0], so a test that execs itself by argv[0] gets itself again.  The
 * C library, about 50 KiB, is then in the initramfs once instead of once
 * per test.  A test whose point is its own ELF file, or that starts itself
 * with an argv[0] that names no test, stays a program of its own
 * (" * Standalone:" in its header comment, docs/testing.md).
 *
 * tests-table.h, which user.mk writes, holds TEST(NAME) for each test here.
 */
#include <stdio.h>
#include <string.h>

#define TEST(name) int name##_main(int argc, char **argv, char **envp);
#include "tests-table.h"
#undef TEST

struct test {
	const char *name;
	int (*main)(int argc, char **argv, char **envp);
};

#define TEST(name) { #name, name##_main },
static const struct test tests[] = {
#include "tests-table.h"
};
#undef TEST

/* The last component of the name the program was started by. */
static const char *called_as(int argc, char **argv)
{
	const char *slash;

	if (argc < 1 || !argv[0])
		return "";
	slash = strrchr(argv[0], '/');
	return slash ? slash + 1 : argv[0];
}

int main(int argc, char **argv, char **envp)
{
	const char *name = called_as(argc, argv);
	size_t i;

	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		if (strcmp(name, tests[i].name) == 0)
			return tests[i].main(argc, argv, envp);
	fprintf(stderr,
		"multicall: \"%s\" is not a test of this program: run it as "
		"/tests/NAME\n",
		name);
	return 127;
}
