/*
 * kernel/ksyms.c - address to function name, by binary search over the
 * table the build generates (see kernel/ksyms.h).
 */
#include "kernel/ksyms.h"

extern char _text[], _etext[];

const char *ksym_lookup(u32 addr, u32 *offset)
{
	u32 lo = 0, hi = ksyms_count;

	if (addr < (u32)_text || addr >= (u32)_etext || ksyms_count == 0 ||
	    addr < ksyms[0].addr)
		return NULL;
	/* Find the last symbol at or below addr. */
	while (hi - lo > 1) {
		u32 mid = lo + (hi - lo) / 2;

		if (ksyms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	*offset = addr - ksyms[lo].addr;
	return ksyms[lo].name;
}
