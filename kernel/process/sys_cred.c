/*
 * kernel/process/sys_cred.c - the user and group id calls: get*id, setuid,
 * setreuid, setresuid, setfsuid, getresuid and their gid twins (the
 * 32-bit calls; compat/uid16.c wraps them for the 16-bit ones).
 *
 * The rules are Linux's.  A task with CAP_SETUID (euid 0, kernel/process/cred.h)
 * may set any id.  Any other task may only shuffle the ids it holds:
 * setuid sets the effective id to the real or saved one; setreuid's real
 * id must be the real or effective one, its effective id any of the
 * three; setresuid takes any of the three for each.  -1 leaves an id as
 * it is in setreuid and setresuid, and is -EINVAL in setuid, where it
 * cannot be an id.  The saved id follows the effective one when setreuid
 * sets the real id or an effective id other than the real one; fsuid
 * follows the effective id on every change.  setfsuid never fails: it
 * returns the fsuid from before and changes it only when allowed.
 */
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "mm/vm/mm_struct.h"

/* The four uids or the four gids of the caller, with the privilege that
 * lets a task set them at will. */
struct ids {
	u32 *real, *eff, *saved, *fs;
	int cap;
};

static struct ids uids(void)
{
	struct cred *c = current_cred();

	return (struct ids){ &c->uid, &c->euid, &c->suid, &c->fsuid,
			     CAP_SETUID };
}

static struct ids gids(void)
{
	struct cred *c = current_cred();

	return (struct ids){ &c->gid, &c->egid, &c->sgid, &c->fsgid,
			     CAP_SETGID };
}

/* Is id one the caller holds as real, effective or saved id? */
static bool holds(const struct ids *i, u32 id)
{
	return id == *i->real || id == *i->eff || id == *i->saved;
}

static long set_id(struct ids i, u32 id)
{
	if (id == INVALID_ID)
		return -EINVAL;
	if (capable(i.cap))
		*i.real = *i.saved = id;
	else if (id != *i.real && id != *i.saved)
		return -EPERM;
	*i.fs = *i.eff = id;
	return 0;
}

static long set_re_id(struct ids i, u32 r, u32 e)
{
	bool priv = capable(i.cap);
	u32 old_real = *i.real;

	if (r != INVALID_ID && !priv && r != *i.real && r != *i.eff)
		return -EPERM;
	if (e != INVALID_ID && !priv && !holds(&i, e))
		return -EPERM;
	if (r != INVALID_ID)
		*i.real = r;
	if (e != INVALID_ID)
		*i.eff = e;
	if (r != INVALID_ID || (e != INVALID_ID && e != old_real))
		*i.saved = *i.eff;
	*i.fs = *i.eff;
	return 0;
}

static long set_res_id(struct ids i, u32 r, u32 e, u32 s)
{
	if (!capable(i.cap) && ((r != INVALID_ID && !holds(&i, r)) ||
				(e != INVALID_ID && !holds(&i, e)) ||
				(s != INVALID_ID && !holds(&i, s))))
		return -EPERM;
	if (r != INVALID_ID)
		*i.real = r;
	if (e != INVALID_ID)
		*i.eff = e;
	if (s != INVALID_ID)
		*i.saved = s;
	*i.fs = *i.eff;
	return 0;
}

static long set_fs_id(struct ids i, u32 id)
{
	u32 old = *i.fs;

	if (id != INVALID_ID &&
	    (holds(&i, id) || id == *i.fs || capable(i.cap)))
		*i.fs = id;
	return old;
}

/* Linux's commit_creds: a task whose real uid changed is marked when
 * that user had too many tasks already, not counting this one (its next
 * exec fails); once the effective or fs ids changed, the process is not
 * dumpable (fs.suid_dumpable, which is 0 here) and its parent's death
 * signal is forgotten. */
static long commit_creds(const struct cred *old, long ret)
{
	if (old->uid != current_cred()->uid) {
		if (nproc_over_limit(-1))
			current->flags |= PF_NPROC_EXCEEDED;
		else
			current->flags &= ~PF_NPROC_EXCEEDED;
	}
	if (!cred_ids_changed(old, current_cred()))
		return ret;
	if (current->mm)
		set_dumpable(current->mm, SUID_DUMP_DISABLE);
	current->pdeath_signal = 0;
	return ret;
}

static long get_res_id(struct ids i, u32 *r, u32 *e, u32 *s)
{
	if (put_user(*i.real, r) || put_user(*i.eff, e) ||
	    put_user(*i.saved, s))
		return -EFAULT;
	return 0;
}

long sys_getuid(void)
{
	return current_cred()->uid;
}

long sys_geteuid(void)
{
	return current_cred()->euid;
}

long sys_getgid(void)
{
	return current_cred()->gid;
}

long sys_getegid(void)
{
	return current_cred()->egid;
}

long sys_setuid(u32 uid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_id(uids(), uid));
}

long sys_setgid(u32 gid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_id(gids(), gid));
}

long sys_setreuid(u32 ruid, u32 euid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_re_id(uids(), ruid, euid));
}

long sys_setregid(u32 rgid, u32 egid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_re_id(gids(), rgid, egid));
}

long sys_setresuid(u32 ruid, u32 euid, u32 suid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_res_id(uids(), ruid, euid, suid));
}

long sys_setresgid(u32 rgid, u32 egid, u32 sgid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_res_id(gids(), rgid, egid, sgid));
}

long sys_setfsuid(u32 uid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_fs_id(uids(), uid));
}

long sys_setfsgid(u32 gid)
{
	struct cred old = *current_cred();

	return commit_creds(&old, set_fs_id(gids(), gid));
}

long sys_getresuid(u32 *ruid, u32 *euid, u32 *suid)
{
	return get_res_id(uids(), ruid, euid, suid);
}

long sys_getresgid(u32 *rgid, u32 *egid, u32 *sgid)
{
	return get_res_id(gids(), rgid, egid, sgid);
}
