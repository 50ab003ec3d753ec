/*
 * kernel/lib/errseq_test.c - each reader of an errseq word hears of an
 * error once, readers that came before it and the first one after it
 * (while nobody has seen it) alike.
 */
#include "kernel/errno.h"
#include "kernel/ktest.h"
#include "kernel/lib/errseq.h"

KTEST(errseq_reports_each_error_once_to_each_reader)
{
	errseq_t word = 0, early, late, fresh;

	early = errseq_sample(&word);
	KEXPECT_EQ(errseq_check_and_advance(&word, &early), 0);

	errseq_set(&word, -EIO);
	late = errseq_sample(&word); /* unseen: a new reader gets it too */
	KEXPECT_EQ(late, 0u);
	KEXPECT_EQ(errseq_check_and_advance(&word, &early), -EIO);
	KEXPECT_EQ(errseq_check_and_advance(&word, &early), 0);
	KEXPECT_EQ(errseq_check_and_advance(&word, &late), -EIO);
	KEXPECT_EQ(errseq_check_and_advance(&word, &late), 0);

	fresh = errseq_sample(&word); /* seen: nothing new for this one */
	KEXPECT_EQ(errseq_check_and_advance(&word, &fresh), 0);

	errseq_set(&word, -ENOSPC); /* after a seen error: a new one */
	KEXPECT_EQ(errseq_check_and_advance(&word, &fresh), -ENOSPC);
	KEXPECT_EQ(errseq_check_and_advance(&word, &early), -ENOSPC);

	errseq_set(&word, 0); /* not an error: no change */
	KEXPECT_EQ(errseq_check_and_advance(&word, &fresh), 0);
}
