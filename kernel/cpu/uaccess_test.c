/*
 * kernel/cpu/uaccess_test.c - ktests for the user-access primitives on
 * addresses no user space backs: kernel addresses are refused without a
 * fault, unmapped user addresses fault and are recovered by the fixup.
 * Copies into real user memory are exercised by kernel/process/user_mode_test.c.
 */
#include "kernel/ktest.h"
#include "kernel/cpu/uaccess.h"

#define UNMAPPED ((void *)0x00001000)	/* this kthread has no mm at all */
#define KERNEL ((void *)0xC0001000)

KTEST(uaccess_refuses_kernel_addresses)
{
	char buf[16];

	KEXPECT_EQ(copy_from_user(buf, KERNEL, sizeof(buf)), sizeof(buf));
	KEXPECT_EQ(copy_to_user(KERNEL, buf, sizeof(buf)), sizeof(buf));
	KEXPECT_EQ(clear_user(KERNEL, sizeof(buf)), sizeof(buf));
	KEXPECT_EQ(strncpy_from_user(buf, KERNEL, sizeof(buf)), -EFAULT);
	/* A range that starts in user space and runs into the kernel. */
	KEXPECT_EQ(copy_from_user(buf, (void *)0xBFFFFFF8, 16), 16);
	KEXPECT_FALSE(access_ok((void *)0xBFFFFFF8, 16));
	KEXPECT_TRUE(access_ok((void *)0xBFFFFFF8, 8));
	KEXPECT_FALSE(access_ok((void *)0xFFFFFFF0, 0x20));
}

KTEST(uaccess_recovers_from_faults)
{
	char buf[16] = "untouched";

	KEXPECT_EQ(copy_from_user(buf, UNMAPPED, sizeof(buf)), sizeof(buf));
	KEXPECT_STREQ(buf, "untouched");
	KEXPECT_EQ(copy_to_user(UNMAPPED, buf, sizeof(buf)), sizeof(buf));
	KEXPECT_EQ(clear_user(UNMAPPED, 8), 8);
	KEXPECT_EQ(strncpy_from_user(buf, UNMAPPED, sizeof(buf)), -EFAULT);
	KEXPECT_EQ(copy_from_user(buf, UNMAPPED, 0), 0);
}
