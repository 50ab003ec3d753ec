/*
 * rlimit_vm.c - the address-space limits: RLIMIT_AS, RLIMIT_DATA and
 * RLIMIT_STACK.
 *
 * Each part runs in a child, which lowers its own soft limit a little
 * above what it has mapped (VmSize or VmData of /proc/self/status) and
 * checks that growing past it is ENOMEM while staying under it works:
 *
 *   RLIMIT_AS: mmap, a MAP_FIXED mapping over pages already mapped (they
 *     are not new, so it fits), mremap growing in place or moving, brk
 *     (the old break comes back);
 *   RLIMIT_DATA: private writable mmap and brk are bounded; shared or
 *     read-only mappings are not;
 *   RLIMIT_STACK: the stack grows page by page under the limit, and past
 *     it the access is SIGSEGV.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <stdint.h>
#include "tests/tap.h"

#define KIB 1024L
#define MIB (1024 * KIB)

/* "Name:" of /proc/self/status in bytes. */
static long status_bytes(const char *name)
{
	char buf[4096];

	if (!read_proc("/proc/self/status", buf, sizeof(buf)))
		return -1;
	return meminfo_field(buf, name) * KIB;
}

static int set_soft_limit(int resource, long bytes)
{
	struct rlimit rl;

	if (getrlimit(resource, &rl) != 0)
		return -1;
	rl.rlim_cur = bytes;
	return setrlimit(resource, &rl);
}

static void *map(long len, int prot, int flags)
{
	return mmap(NULL, len, prot, flags | MAP_ANONYMOUS, -1, 0);
}

static uintptr_t raw_brk(uintptr_t addr)
{
	return (uintptr_t)syscall(SYS_brk, addr);
}

static void address_space_limit(void)
{
	char *a, *b, *p;
	uintptr_t old_brk;

	a = map(MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	ok(a != MAP_FAILED, "a 1 MiB mapping before the limit");
	if (!ok(set_soft_limit(RLIMIT_AS, status_bytes("VmSize") + 2 * MIB) ==
			0,
		"RLIMIT_AS set 2 MiB above VmSize"))
		return;

	p = map(4 * MIB, PROT_READ, MAP_PRIVATE);
	is_errno((long)p, ENOMEM, "RLIMIT_AS: 4 MiB more is ENOMEM");
	b = map(MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	ok(b != MAP_FAILED, "RLIMIT_AS: 1 MiB more fits");
	p = mmap(a, MIB, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
		 0);
	ok(p == a, "RLIMIT_AS: MAP_FIXED over mapped pages is not growth");
	p = mremap(b, MIB, 3 * MIB, MREMAP_MAYMOVE);
	is_errno((long)p, ENOMEM, "RLIMIT_AS: mremap past it is ENOMEM");
	p = mremap(b, MIB, MIB + 512 * KIB, MREMAP_MAYMOVE);
	ok(p != MAP_FAILED, "RLIMIT_AS: mremap under it works");

	old_brk = raw_brk(0);
	is(raw_brk(old_brk + 4 * MIB), old_brk,
	   "RLIMIT_AS: brk past it keeps the old break");
	is(raw_brk(old_brk + 64 * KIB), old_brk + 64 * KIB,
	   "RLIMIT_AS: brk under it moves the break");
}

static void data_limit(void)
{
	uintptr_t old_brk = raw_brk(0);
	char *p;

	if (!ok(set_soft_limit(RLIMIT_DATA, status_bytes("VmData") + MIB) == 0,
		"RLIMIT_DATA set 1 MiB above VmData"))
		return;
	p = map(2 * MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	is_errno((long)p, ENOMEM,
		 "RLIMIT_DATA: 2 MiB of private writable memory is ENOMEM");
	p = map(2 * MIB, PROT_READ | PROT_WRITE, MAP_SHARED);
	ok(p != MAP_FAILED, "RLIMIT_DATA: shared memory is not data");
	p = map(2 * MIB, PROT_READ, MAP_PRIVATE);
	ok(p != MAP_FAILED, "RLIMIT_DATA: read-only memory is not data");
	p = map(512 * KIB, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	ok(p != MAP_FAILED, "RLIMIT_DATA: 512 KiB of data fits");
	ok(set_soft_limit(RLIMIT_DATA, 64 * KIB) == 0, "RLIMIT_DATA 64 KiB");
	is(raw_brk(old_brk + 128 * KIB), old_brk,
	   "RLIMIT_DATA: brk past it keeps the old break");
}

/* Touch the stack a page at a time down to depth bytes below here. */
static void grow_stack(long depth)
{
	uintptr_t here = (uintptr_t)__builtin_frame_address(0);
	long off;

	for (off = 4096; off <= depth; off += 4096)
		*(volatile char *)(here - off) = 1;
}

static int stack_child(long limit, long depth)
{
	pid_t pid = must(fork());

	if (pid == 0) {
		if (set_soft_limit(RLIMIT_STACK, limit) != 0)
			_exit(3);
		grow_stack(depth);
		_exit(0);
	}
	return wait_for(pid);
}

/* A child's subtests, handed back so the numbering goes on after it. */
static struct tally {
	int count, failures;
} * tally;

static int in_child(void (*part)(void))
{
	pid_t pid = must(fork());
	int status;

	if (pid == 0) {
		part();
		tally->count = tap_count;
		tally->failures = tap_failures;
		_exit(0);
	}
	tally->count = tap_count;
	tally->failures = tap_failures;
	status = wait_for(pid);
	tap_count = tally->count;
	tap_failures = tally->failures;
	return status;
}

int main(void)
{
	tally = (struct tally *)must(mmap(NULL, sizeof(*tally),
					  PROT_READ | PROT_WRITE,
					  MAP_SHARED | MAP_ANONYMOUS, -1, 0));
	is_exit(in_child(address_space_limit), 0, "the RLIMIT_AS checks");
	is_exit(in_child(data_limit), 0, "the RLIMIT_DATA checks");
	is_exit(stack_child(2 * MIB, MIB), 0,
		"RLIMIT_STACK 2 MiB: the stack grows 1 MiB");
	is_signal(stack_child(512 * KIB, MIB), SIGSEGV,
		  "RLIMIT_STACK 512 KiB: growing 1 MiB is SIGSEGV");
	return done_testing();
}
