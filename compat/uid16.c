/*
 * compat/uid16.c - the 16-bit id calls of the i386 ABI (setuid, getuid,
 * chown, getgroups ... before their *32 versions), as Linux's
 * compat/uid16.c: an id comes in as 16 bits, 0xffff standing for -1,
 * and goes out as 16 bits, an id above 65535 shown as OVERFLOWUID.
 */
#include "fs/syscalls.h"
#include "kernel/process/cred.h"
#include "kernel/cpu/uaccess.h"

/* The 32-bit calls (kernel/process/sys_cred.c) these wrap. */
long sys_setuid(u32 uid);
long sys_setgid(u32 gid);
long sys_setreuid(u32 ruid, u32 euid);
long sys_setregid(u32 rgid, u32 egid);
long sys_setresuid(u32 ruid, u32 euid, u32 suid);
long sys_setresgid(u32 rgid, u32 egid, u32 sgid);
long sys_setfsuid(u32 uid);
long sys_setfsgid(u32 gid);

static u32 low2high(u32 id)
{
	id &= 0xffff;
	return id == 0xffff ? INVALID_ID : id;
}

static u16 high2low(u32 id)
{
	return id > 0xffff ? OVERFLOWUID : id;
}

long sys_setuid16(u32 uid)
{
	return sys_setuid(low2high(uid));
}

long sys_setgid16(u32 gid)
{
	return sys_setgid(low2high(gid));
}

long sys_setreuid16(u32 ruid, u32 euid)
{
	return sys_setreuid(low2high(ruid), low2high(euid));
}

long sys_setregid16(u32 rgid, u32 egid)
{
	return sys_setregid(low2high(rgid), low2high(egid));
}

long sys_setresuid16(u32 ruid, u32 euid, u32 suid)
{
	return sys_setresuid(low2high(ruid), low2high(euid), low2high(suid));
}

long sys_setresgid16(u32 rgid, u32 egid, u32 sgid)
{
	return sys_setresgid(low2high(rgid), low2high(egid), low2high(sgid));
}

long sys_setfsuid16(u32 uid)
{
	return sys_setfsuid(low2high(uid));
}

long sys_setfsgid16(u32 gid)
{
	return sys_setfsgid(low2high(gid));
}

long sys_getuid16(void)
{
	return high2low(current_cred()->uid);
}

long sys_geteuid16(void)
{
	return high2low(current_cred()->euid);
}

long sys_getgid16(void)
{
	return high2low(current_cred()->gid);
}

long sys_getegid16(void)
{
	return high2low(current_cred()->egid);
}

static long put_ids16(u32 r, u32 e, u32 s, u16 *ur, u16 *ue, u16 *us)
{
	u16 v[3] = { high2low(r), high2low(e), high2low(s) };

	if (copy_to_user(ur, &v[0], 2) || copy_to_user(ue, &v[1], 2) ||
	    copy_to_user(us, &v[2], 2))
		return -EFAULT;
	return 0;
}

long sys_getresuid16(u16 *ruid, u16 *euid, u16 *suid)
{
	const struct cred *c = current_cred();

	return put_ids16(c->uid, c->euid, c->suid, ruid, euid, suid);
}

long sys_getresgid16(u16 *rgid, u16 *egid, u16 *sgid)
{
	const struct cred *c = current_cred();

	return put_ids16(c->gid, c->egid, c->sgid, rgid, egid, sgid);
}

long sys_getgroups16(int size, u16 *list)
{
	return getgroups_common(size, list, 2);
}

long sys_setgroups16(int size, const u16 *list)
{
	return setgroups_common(size, list, 2);
}

long sys_chown16(const char *path, u32 uid, u32 gid)
{
	return sys_chown32(path, low2high(uid), low2high(gid));
}

long sys_lchown16(const char *path, u32 uid, u32 gid)
{
	return sys_lchown32(path, low2high(uid), low2high(gid));
}

long sys_fchown16(unsigned int fd, u32 uid, u32 gid)
{
	return sys_fchown32(fd, low2high(uid), low2high(gid));
}
