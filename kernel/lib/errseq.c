/*
 * kernel/lib/errseq.c - an error that each reader sees once: the word
 * and its three operations are described in errseq.h.
 */
#include "kernel/lib/errseq.h"
#include "mm/locking.h"

#define ERRSEQ_ERRNO_MASK 0xfffu
#define ERRSEQ_SEEN (1u << 12)
#define ERRSEQ_CTR_INC (1u << 13)

void errseq_set(errseq_t *eseq, int error)
{
	u32 flags, old, new;

	if (error >= 0 || -error > (int)ERRSEQ_ERRNO_MASK)
		return;
	flags = atomic_begin();
	old = *eseq;
	new = (old & ~(ERRSEQ_ERRNO_MASK | ERRSEQ_SEEN)) | (u32)-error;
	if (old & ERRSEQ_SEEN)
		new += ERRSEQ_CTR_INC;
	*eseq = new;
	atomic_end(flags);
}

errseq_t errseq_sample(errseq_t *eseq)
{
	u32 flags = atomic_begin();
	errseq_t old = *eseq;

	atomic_end(flags);
	return old & ERRSEQ_SEEN ? old : 0;
}

int errseq_check_and_advance(errseq_t *eseq, errseq_t *since)
{
	u32 flags = atomic_begin();
	errseq_t old = *eseq;
	int err = 0;

	if (old != *since) {
		old |= ERRSEQ_SEEN;
		*eseq = old;
		*since = old;
		err = -(int)(old & ERRSEQ_ERRNO_MASK);
	}
	atomic_end(flags);
	return err;
}
