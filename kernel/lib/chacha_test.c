/*
 * kernel/lib/chacha_test.c - ChaCha20 against RFC 8439's test vector
 * (section 2.3.2): key 00 01 .. 1f, counter 1, nonce 00:00:00:09
 * 00:00:00:4a 00:00:00:00.
 */
#include "kernel/ktest.h"
#include "kernel/lib/chacha.h"

KTEST(chacha20_rfc8439_block)
{
	static const u32 want[CHACHA_STATE_WORDS] = {
		0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3,
		0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
		0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
		0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2,
	};
	u32 state[CHACHA_STATE_WORDS], out[CHACHA_STATE_WORDS];
	int i;

	chacha_init_consts(state);
	for (i = 0; i < 8; i++)		/* bytes 4i..4i+3, little-endian */
		state[4 + i] = (4 * i) | (4 * i + 1) << 8 |
			       (4 * i + 2) << 16 | (u32)(4 * i + 3) << 24;
	state[12] = 1;
	state[13] = 0x09000000;
	state[14] = 0x4a000000;
	state[15] = 0;
	chacha20_block(state, out);
	for (i = 0; i < CHACHA_STATE_WORDS; i++)
		KEXPECT_EQ(out[i], want[i]);
	KEXPECT_EQ(state[12], 1u);	/* the input is left alone */
}
