/*
 * kernel/lib/chacha.c - the ChaCha20 block function (see chacha.h).
 *
 * Only 32-bit adds, xors and rotates: plain 386 code, and the same
 * result on every CPU.  kernel/lib/chacha_test.c checks it against the
 * RFC's test vector.
 */
#include "kernel/lib/chacha.h"
#include "kernel/lib/string.h"

static inline u32 rol32(u32 v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

#define QUARTERROUND(a, b, c, d)                        \
	do {                                            \
		a += b; d = rol32(d ^ a, 16);           \
		c += d; b = rol32(b ^ c, 12);           \
		a += b; d = rol32(d ^ a, 8);            \
		c += d; b = rol32(b ^ c, 7);            \
	} while (0)

void chacha_init_consts(u32 state[CHACHA_STATE_WORDS])
{
	state[0] = 0x61707865;	/* "expa" */
	state[1] = 0x3320646e;	/* "nd 3" */
	state[2] = 0x79622d32;	/* "2-by" */
	state[3] = 0x6b206574;	/* "te k" */
}

void chacha20_block(const u32 state[CHACHA_STATE_WORDS],
		    u32 out[CHACHA_STATE_WORDS])
{
	u32 x[CHACHA_STATE_WORDS];
	int i;

	memcpy(x, state, sizeof(x));
	for (i = 0; i < 10; i++) {	/* a column round and a diagonal round */
		QUARTERROUND(x[0], x[4], x[8], x[12]);
		QUARTERROUND(x[1], x[5], x[9], x[13]);
		QUARTERROUND(x[2], x[6], x[10], x[14]);
		QUARTERROUND(x[3], x[7], x[11], x[15]);
		QUARTERROUND(x[0], x[5], x[10], x[15]);
		QUARTERROUND(x[1], x[6], x[11], x[12]);
		QUARTERROUND(x[2], x[7], x[8], x[13]);
		QUARTERROUND(x[3], x[4], x[9], x[14]);
	}
	for (i = 0; i < CHACHA_STATE_WORDS; i++)
		out[i] = x[i] + state[i];
	memset(x, 0, sizeof(x));	/* no key material left on the stack */
}
