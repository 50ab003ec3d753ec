/*
 * kernel/lib/errseq.h - an error that each reader sees once, as Linux's
 * include/linux/errseq.h.
 *
 * A writeback error happens once, in an interrupt, but every file open on
 * the file system must hear of it at its next syncfs. One word holds the
 * last error and a counter of errors; each reader keeps a copy of the word
 * from when it last looked, and an error is new to it when the word
 * differs:
 *
 *   bits 31..13  counter   bumped by an error that someone has seen
 *   bit  12      SEEN      a reader has reported the current error
 *   bits 11..0   -errno    the last error (0: none yet)
 *
 * The counter moves only when the previous error was seen, so errors
 * nobody looked at yet count as one, and a reader that opens the file
 * system after an error nobody has seen yet (errseq_sample returns 0
 * then) still gets it.
 *
 * All three functions run with interrupts off (atomic_begin): the word is
 * set from the disk's completion interrupt.
 */
#ifndef KERNEL_LIB_ERRSEQ_H
#define KERNEL_LIB_ERRSEQ_H

#include "kernel/types.h"

typedef u32 errseq_t;

/* Record error (a negative errno) in *eseq. */
void errseq_set(errseq_t *eseq, int error);
/* What a new reader starts from: the current word if its error was seen,
 * else 0, so that an unseen error is new to this reader too. */
errseq_t errseq_sample(errseq_t *eseq);
/* The error (negative) if *eseq changed since *since, then *since is
 * brought up to date and the error marked seen; else 0. */
int errseq_check_and_advance(errseq_t *eseq, errseq_t *since);

#endif
