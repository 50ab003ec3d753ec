/*
 * pattern.h - per-page check patterns for the memory-pressure tests.
 *
 * Every 32-bit word of page n holds a value derived from (n, word, seed),
 * so a page that comes back from swap at the wrong place, stale, or with
 * a single flipped word is caught.  Sizes come from the environment
 * (TEST_*_MIB, see each test; "3x" is three times MemTotal, tap.h's
 * env_mib) so a boot can ask for more than RAM while the host run stays
 * small.
 */
#ifndef PATTERN_H
#define PATTERN_H

#include <stdint.h>

#define PAGE 4096
#define PAGE_WORDS (PAGE / 4)

static inline uint32_t pattern_word(uint32_t page, uint32_t word, uint32_t seed)
{
	uint32_t x = page * 0x9e3779b1u ^ word * 0x85ebca6bu ^ seed;

	x ^= x >> 15;
	x *= 0x2c1b3c6du;
	return x ^ (x >> 12);
}

static inline void pattern_fill(uint32_t *p, uint32_t page, uint32_t seed)
{
	uint32_t w;

	for (w = 0; w < PAGE_WORDS; w++)
		p[w] = pattern_word(page, w, seed);
}

/* 1 when the page holds exactly its pattern. */
static inline int pattern_check(const uint32_t *p, uint32_t page, uint32_t seed)
{
	uint32_t w;

	for (w = 0; w < PAGE_WORDS; w++)
		if (p[w] != pattern_word(page, w, seed))
			return 0;
	return 1;
}

/*
 * The same promise for tests that sweep gigabytes (the high-memory tests):
 * the page's first word is pattern_word's, each next one the last plus an
 * odd step, so the words of a page differ from each other and from other
 * pages' and seeds', for a third of the instructions.
 */
#define PATTERN_STEP 0x2c1b3c6du

static inline void pattern_fill_quick(uint32_t *p, uint32_t page,
				      uint32_t seed)
{
	uint32_t x = pattern_word(page, 0, seed), w;

	for (w = 0; w < PAGE_WORDS; w++, x += PATTERN_STEP)
		p[w] = x;
}

static inline int pattern_check_quick(const uint32_t *p, uint32_t page,
				      uint32_t seed)
{
	uint32_t x = pattern_word(page, 0, seed), w;

	for (w = 0; w < PAGE_WORDS; w++, x += PATTERN_STEP)
		if (p[w] != x)
			return 0;
	return 1;
}

#endif
