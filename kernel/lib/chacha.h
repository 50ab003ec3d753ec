/*
 * kernel/lib/chacha.h - the ChaCha20 block function (RFC 8439), as
 * Linux's lib/crypto/chacha.c: the random number generator's core.
 */
#ifndef KERNEL_LIB_CHACHA_H
#define KERNEL_LIB_CHACHA_H

#include "kernel/types.h"

#define CHACHA_BLOCK_SIZE 64
#define CHACHA_STATE_WORDS 16

/* Words 0-3 of a state: "expand 32-byte k". */
void chacha_init_consts(u32 state[CHACHA_STATE_WORDS]);
/*
 * One block: 20 rounds over state (constants, 8 key words, then counter
 * and nonce words as the caller lays them out), added to state, into out.
 * state is not changed; the caller advances its counter.
 */
void chacha20_block(const u32 state[CHACHA_STATE_WORDS],
		    u32 out[CHACHA_STATE_WORDS]);

#endif
