/*
 * kernel/sys_syslog.c - syslog(2), the kernel log for dmesg.
 *
 * Reads the printk ring (kernel/printk.c) without consuming it: BusyBox
 * dmesg asks the size (SYSLOG_ACTION_SIZE_BUFFER) and reads it all
 * (SYSLOG_ACTION_READ_ALL).  The console actions set the level below
 * which messages reach the console (kernel/printk.h), as Linux's do:
 * `dmesg -n N` is CONSOLE_LEVEL N.  Opening and closing are accepted and
 * change nothing; clearing the ring is not supported.
 */
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/printk.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"

#define SYSLOG_ACTION_CLOSE 0
#define SYSLOG_ACTION_OPEN 1
#define SYSLOG_ACTION_READ_ALL 3
#define SYSLOG_ACTION_CONSOLE_OFF 6
#define SYSLOG_ACTION_CONSOLE_ON 7
#define SYSLOG_ACTION_CONSOLE_LEVEL 8
#define SYSLOG_ACTION_SIZE_UNREAD 9
#define SYSLOG_ACTION_SIZE_BUFFER 10

/* The console's level before CONSOLE_OFF, or -1 when it is on. */
static int saved_console_loglevel = -1;

static long read_all(char *ubuf, int len)
{
	size_t n = len < LOG_BUF_LEN ? (size_t)len : LOG_BUF_LEN;
	char *kbuf;
	long ret;

	if (len < 0)
		return -EINVAL;
	if (!n)
		return 0;
	kbuf = kmalloc(n, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	n = log_buf_read(kbuf, n);
	ret = copy_to_user(ubuf, kbuf, n) ? -EFAULT : (long)n;
	kfree(kbuf);
	return ret;
}

/*
 * Linux's check_syslog_permissions with dmesg_restrict 0: reading the
 * whole log and asking its size are open to everybody; every other action
 * needs CAP_SYSLOG (or CAP_SYS_ADMIN), i.e. euid 0.
 */
static bool syslog_allowed(int type)
{
	if (type == SYSLOG_ACTION_READ_ALL || type == SYSLOG_ACTION_SIZE_BUFFER)
		return true;
	return capable(CAP_SYSLOG) || capable(CAP_SYS_ADMIN);
}

long sys_syslog(int type, char *ubuf, int len)
{
	if (!syslog_allowed(type))
		return -EPERM;
	switch (type) {
	case SYSLOG_ACTION_CLOSE:
	case SYSLOG_ACTION_OPEN:
		return 0;
	case SYSLOG_ACTION_CONSOLE_OFF:
		if (saved_console_loglevel == -1)
			saved_console_loglevel = console_loglevel;
		console_loglevel = CONSOLE_LOGLEVEL_MIN;
		return 0;
	case SYSLOG_ACTION_CONSOLE_ON:
		if (saved_console_loglevel != -1) {
			console_loglevel = saved_console_loglevel;
			saved_console_loglevel = -1;
		}
		return 0;
	case SYSLOG_ACTION_CONSOLE_LEVEL:
		if (len < 1 || len > 8)
			return -EINVAL;
		console_loglevel = len;
		saved_console_loglevel = -1;
		return 0;
	case SYSLOG_ACTION_READ_ALL:
		return read_all(ubuf, len);
	case SYSLOG_ACTION_SIZE_UNREAD:
	case SYSLOG_ACTION_SIZE_BUFFER:
		return LOG_BUF_LEN;
	default:
		return -EINVAL;
	}
}
