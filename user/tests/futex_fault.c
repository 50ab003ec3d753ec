/*
 * futex_fault.c - futex on memory that cannot be read, as Linux 6.1.
 *
 * FUTEX_WAIT reads the word: EFAULT on an unmapped or PROT_NONE address,
 * private or shared; a private wait on a read-only page works (EAGAIN for
 * another value).  FUTEX_WAKE of a private futex never touches memory (0
 * woken wherever it points).  A shared futex (WAIT or WAKE) must find a
 * page that can change: EFAULT on an unmapped or PROT_NONE address and on
 * a read-only anonymous page.  WAKE_OP writes its second word: EFAULT on
 * a read-only page.
 */
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include "tests/tap.h"

#define PAGE 4096UL
#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_WAKE_OP 5
#define FUTEX_PRIVATE_FLAG 128
#define FUTEX_WAIT_PRIVATE (FUTEX_WAIT | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAKE_PRIVATE (FUTEX_WAKE | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAKE_OP_PRIVATE (FUTEX_WAKE_OP | FUTEX_PRIVATE_FLAG)

static long futex(void *uaddr, int op, uint32_t val, void *timeout,
		  void *uaddr2, uint32_t val3)
{
	return syscall(SYS_futex, uaddr, op, val, timeout, uaddr2, val3);
}

int main(void)
{
	char *p = mmap(NULL, 3 * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct timespec zero = { 0, 0 };
	char *none, *ro, *gone;

	if (p == MAP_FAILED)
		return ok(0, "mmap 3 pages"), done_testing();
	none = p;
	ro = p + PAGE;
	gone = p + 2 * PAGE;
	ro[0] = 1;
	must(mprotect(none, PAGE, PROT_NONE));
	must(mprotect(ro, PAGE, PROT_READ));
	must(munmap(gone, PAGE));

	is_errno(futex(gone, FUTEX_WAIT, 0, &zero, NULL, 0), EFAULT,
		 "FUTEX_WAIT on an unmapped address: EFAULT");
	is_errno(futex(gone, FUTEX_WAIT_PRIVATE, 0, &zero, NULL, 0), EFAULT,
		 "FUTEX_WAIT_PRIVATE on an unmapped address: EFAULT");
	is_errno(futex(none, FUTEX_WAIT, 0, &zero, NULL, 0), EFAULT,
		 "FUTEX_WAIT on PROT_NONE: EFAULT");
	is_errno(futex(none, FUTEX_WAIT_PRIVATE, 0, &zero, NULL, 0), EFAULT,
		 "FUTEX_WAIT_PRIVATE on PROT_NONE: EFAULT");
	is_errno(futex(ro, FUTEX_WAIT_PRIVATE, 0, &zero, NULL, 0), EAGAIN,
		 "FUTEX_WAIT_PRIVATE on a read-only page, other value: EAGAIN");
	is_errno(futex(ro, FUTEX_WAIT, 1, &zero, NULL, 0), EFAULT,
		 "FUTEX_WAIT on a read-only anonymous page: EFAULT");
	is_errno(
		futex(ro, FUTEX_WAIT_PRIVATE, 1, &zero, NULL, 0), ETIMEDOUT,
		"FUTEX_WAIT_PRIVATE on a read-only page, same value: times out");
	is_errno(futex(NULL, FUTEX_WAIT, 0, &zero, NULL, 0), EFAULT,
		 "FUTEX_WAIT on NULL: EFAULT");

	is(futex(gone, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0,
	   "FUTEX_WAKE_PRIVATE on an unmapped address: 0");
	is(futex(none, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0,
	   "FUTEX_WAKE_PRIVATE on PROT_NONE: 0");
	is_errno(futex(gone, FUTEX_WAKE, 1, NULL, NULL, 0), EFAULT,
		 "FUTEX_WAKE on an unmapped address: EFAULT");
	is_errno(futex(none, FUTEX_WAKE, 1, NULL, NULL, 0), EFAULT,
		 "FUTEX_WAKE on PROT_NONE: EFAULT");
	is_errno(futex(ro, FUTEX_WAKE, 1, NULL, NULL, 0), EFAULT,
		 "FUTEX_WAKE on a read-only anonymous page: EFAULT");
	is(futex(ro, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0,
	   "FUTEX_WAKE_PRIVATE on a read-only page: 0");
	is_errno(futex(gone + 1, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), EINVAL,
		 "a misaligned address: EINVAL");

	is_errno(futex(p + 4, FUTEX_WAKE_OP_PRIVATE, 1, (void *)1, ro, 0),
		 EFAULT, "FUTEX_WAKE_OP writing a read-only page: EFAULT");
	is_errno(futex(p + 4, FUTEX_WAKE_OP_PRIVATE, 1, (void *)1, gone, 0),
		 EFAULT, "FUTEX_WAKE_OP writing an unmapped page: EFAULT");
	munmap(p, 2 * PAGE);
	return done_testing();
}
