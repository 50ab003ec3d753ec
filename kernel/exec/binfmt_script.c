/*
 * kernel/exec/binfmt_script.c - "#!interpreter [arg]" scripts.
 *
 * As Linux: argv[0] is replaced by the script's path and the interpreter
 * (and its one optional argument) go in front, so `/s a b` starting with
 * "#!/bin/sh -e" runs `/bin/sh -e /s a b`.  The interpreter line must end
 * within the first BINPRM_BUF_SIZE bytes.  The interpreter may itself be a
 * script, up to MAX_SCRIPT_DEPTH levels (then ELOOP).
 */
#include "fs/file.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/exec/binprm.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

int load_script(struct linux_binprm *bprm)
{
	char line[BINPRM_BUF_SIZE];
	char *interp, *arg = NULL, *p, *nl;
	int err;

	if (bprm->buf[0] != '#' || bprm->buf[1] != '!')
		return -ENOEXEC;
	if (++bprm->depth > MAX_SCRIPT_DEPTH)
		return -ELOOP;
	memcpy(line, bprm->buf + 2, sizeof(line) - 2);
	line[sizeof(line) - 2] = 0;
	nl = strchr(line, '\n');
	if (!nl)
		return -ENOEXEC;	/* no complete interpreter line */
	*nl = 0;
	for (p = line; is_blank(*p); p++)
		;
	if (!*p)
		return -ENOEXEC;
	interp = p;
	while (*p && !is_blank(*p))
		p++;
	if (*p) {
		*p++ = 0;
		while (is_blank(*p))
			p++;
		/* The rest of the line, trailing blanks cut, is one argument. */
		if (*p) {
			char *e = p + strlen(p);

			while (e > p && is_blank(e[-1]))
				*--e = 0;
			arg = p;
		}
	}

	fput(bprm->file);
	bprm->file = NULL;
	remove_arg_zero(bprm);
	err = copy_string_kernel(bprm, bprm->filename);
	bprm->argc++;
	if (!err && arg) {
		err = copy_string_kernel(bprm, arg);
		bprm->argc++;
	}
	if (!err) {
		err = copy_string_kernel(bprm, interp);
		bprm->argc++;
	}
	if (!err)
		err = open_exec(bprm, interp);
	if (err)
		return err;
	return search_binary_handler(bprm);
}
