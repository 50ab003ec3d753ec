/*
 * kernel/cmdline_test.c - ktests for command-line parsing.  They parse
 * their own lines, then restore the real one.
 */
#include "kernel/cmdline.h"
#include "kernel/ktest.h"
#include "kernel/multiboot.h"

KTEST(cmdline_parsing)
{
	u32 v = 0;

	cmdline_init("build/mapback.elf ktest rmap=pte_chain mem=16M init=/bin/sh x=-3");
	KEXPECT_TRUE(cmdline_has("ktest"));
	KEXPECT_TRUE(cmdline_has("rmap"));
	KEXPECT_FALSE(cmdline_has("build/mapback.elf"));
	KEXPECT_FALSE(cmdline_has("kt"));
	KEXPECT_STREQ(cmdline_get("rmap"), "pte_chain");
	KEXPECT_STREQ(cmdline_get("init"), "/bin/sh");
	KEXPECT_TRUE(cmdline_get("ktest") == NULL);
	KEXPECT_EQ(cmdline_get_size("mem", 0), 16u << 20);
	KEXPECT_EQ(cmdline_get_long("x", 0), -3);
	KEXPECT_EQ(cmdline_get_long("missing", 99), 99);

	cmdline_init("mem=8192K mem=8M");
	KEXPECT_EQ(cmdline_get_size("mem", 0), 8u << 20);
	KEXPECT_FALSE(parse_size("12Q", &v));
	KEXPECT_TRUE(parse_size("3G", &v));
	KEXPECT_EQ(v, 3u << 30);

	cmdline_init(boot_info.cmdline);
	KEXPECT_TRUE(cmdline_has("ktest"));
}

/* Words past the 64th are dropped (with a warning), never overrun. */
KTEST(cmdline_more_words_than_fit)
{
	static char line[70 * 4 + 1];
	char *p = line;
	int i;

	for (i = 0; i < 70; i++) {
		*p++ = 'w';
		*p++ = (char)('0' + i / 10);
		*p++ = (char)('0' + i % 10);
		*p++ = ' ';
	}
	*p = '\0';
	cmdline_init(line);
	KEXPECT_TRUE(cmdline_has("w00"));
	KEXPECT_TRUE(cmdline_has("w63"));
	KEXPECT_FALSE(cmdline_has("w64"));
	KEXPECT_FALSE(cmdline_has("w69"));

	cmdline_init(boot_info.cmdline);
	KEXPECT_TRUE(cmdline_has("ktest"));
}
