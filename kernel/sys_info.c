/*
 * kernel/sys_info.c - system information and control: uname,
 * sethostname, sysinfo, resource limits and usage, reboot, sync,
 * sched_yield, prctl, personality.
 */
#include "kernel/errno.h"
#include "kernel/process/exit.h"
#include "kernel/lib/string.h"
#include "kernel/cpu/power.h"
#include "kernel/printk.h"
#include "kernel/sched/sched.h"
#include "kernel/process/task.h"
#include "kernel/time/timer.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/version.h"
#include "mm/phys/page.h"
#include "mm/phys/page_alloc.h"
#include "mm/reclaim/swap.h"
#include "mm/vm/mm_struct.h"
#include "mm/vmstat.h"

#define UTS_LEN 65

struct new_utsname {
	char sysname[UTS_LEN];
	char nodename[UTS_LEN];
	char release[UTS_LEN];
	char version[UTS_LEN];
	char machine[UTS_LEN];
	char domainname[UTS_LEN];
};

char hostname[UTS_LEN] = "mapback";	/* also core_pattern's %h */
static char domainname[UTS_LEN] = "(none)";

static void fill_utsname(struct new_utsname *u)
{
	memset(u, 0, sizeof(*u));
	strlcpy(u->sysname, UTS_SYSNAME, UTS_LEN);
	strlcpy(u->nodename, hostname, UTS_LEN);
	strlcpy(u->release, UTS_RELEASE, UTS_LEN);
	strlcpy(u->version, uts_version, UTS_LEN);
	strlcpy(u->machine, UTS_MACHINE, UTS_LEN);
	strlcpy(u->domainname, domainname, UTS_LEN);
}

long sys_uname(struct new_utsname *ubuf)
{
	struct new_utsname u;

	fill_utsname(&u);
	return copy_to_user(ubuf, &u, sizeof(u)) ? -EFAULT : 0;
}

/* The old uname (109): the same fields but the domain name. */
long sys_olduname(struct new_utsname *ubuf)
{
	struct new_utsname u;

	fill_utsname(&u);
	return copy_to_user(ubuf, &u,
			    offsetof(struct new_utsname, domainname)) ?
		       -EFAULT :
		       0;
}

#define OLDOLD_UTS_LEN 9

/* The oldest (59): five fields of 9 bytes, each cut to 8 and ended. */
long sys_oldolduname(char *ubuf)
{
	char out[5 * OLDOLD_UTS_LEN];
	struct new_utsname u;
	const char *fields[5] = { u.sysname, u.nodename, u.release, u.version,
				  u.machine };
	int i;

	fill_utsname(&u);
	memset(out, 0, sizeof(out));
	for (i = 0; i < 5; i++)
		memcpy(out + i * OLDOLD_UTS_LEN, fields[i], OLDOLD_UTS_LEN - 1);
	return copy_to_user(ubuf, out, sizeof(out)) ? -EFAULT : 0;
}

static long set_uts_name(char *dst, const char *uname, int len)
{
	char buf[UTS_LEN];

	if (len < 0 || len >= UTS_LEN)
		return -EINVAL;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (copy_from_user(buf, uname, len))
		return -EFAULT;
	buf[len] = '\0';
	memcpy(dst, buf, len + 1);
	return 0;
}

long sys_sethostname(const char *uname, int len)
{
	return set_uts_name(hostname, uname, len);
}

long sys_setdomainname(const char *uname, int len)
{
	return set_uts_name(domainname, uname, len);
}

struct sysinfo {
	s32 uptime;
	u32 loads[3];
	u32 totalram, freeram, sharedram, bufferram;
	u32 totalswap, freeswap;
	u16 procs, pad;
	u32 totalhigh, freehigh;
	u32 mem_unit;
	char _f[8];
};

long sys_sysinfo(struct sysinfo *uinfo)
{
	struct sysinfo si;
	struct task_struct *t;
	u32 swap_total_kb, swap_free_kb;

	memset(&si, 0, sizeof(si));
	si.uptime = jiffies / HZ;
	si.totalram = totalram_pages;
	si.freeram = nr_free_pages();
	/* BusyBox's free reads swap from here, not from /proc/meminfo. */
	si_swapinfo(&swap_total_kb, &swap_free_kb);
	si.totalswap = swap_total_kb / (PAGE_SIZE / 1024);
	si.freeswap = swap_free_kb / (PAGE_SIZE / 1024);
	si.mem_unit = PAGE_SIZE;
	list_for_each_entry(t, &task_list, tasks)
		si.procs++;
	return copy_to_user(uinfo, &si, sizeof(si)) ? -EFAULT : 0;
}

/*
 * Resource limits (kernel/process/resource.h).  The old getrlimit
 * reports "infinity" as 0x7fffffff.  Anyone may lower a hard limit; only
 * CAP_SYS_RESOURCE raises one, and not even it RLIMIT_NOFILE's past
 * fs.nr_open.  prlimit64 reaches another process only for a caller
 * whose ids are all the target's, or with CAP_SYS_RESOURCE.
 */
long sys_getrlimit(u32 resource, struct rlimit *urlim)
{
	struct rlimit r;

	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	r = current->signal->rlim[resource];
	if (r.rlim_cur > 0x7fffffff)
		r.rlim_cur = 0x7fffffff;
	if (r.rlim_max > 0x7fffffff)
		r.rlim_max = 0x7fffffff;
	return copy_to_user(urlim, &r, sizeof(r)) ? -EFAULT : 0;
}

long sys_ugetrlimit(u32 resource, struct rlimit *urlim)
{
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	return copy_to_user(urlim, &current->signal->rlim[resource], sizeof(*urlim))
		       ? -EFAULT : 0;
}

static long set_rlimit(struct task_struct *t, u32 resource,
		       const struct rlimit *r)
{
	if (r->rlim_cur > r->rlim_max)
		return -EINVAL;
	if (resource == RLIMIT_NOFILE && r->rlim_max > NR_OPEN)
		return -EPERM;
	if (r->rlim_max > t->signal->rlim[resource].rlim_max &&
	    !capable(CAP_SYS_RESOURCE))
		return -EPERM;
	t->signal->rlim[resource] = *r;
	return 0;
}

/* Linux's check_prlimit_permission. */
static bool may_prlimit(struct task_struct *t)
{
	const struct cred *c = current_cred(), *tc = &t->cred;

	if (t->signal == current->signal)
		return true;
	return (c->uid == tc->uid && c->uid == tc->euid && c->uid == tc->suid &&
		c->gid == tc->gid && c->gid == tc->egid && c->gid == tc->sgid) ||
	       capable(CAP_SYS_RESOURCE);
}

long sys_setrlimit(u32 resource, const struct rlimit *urlim)
{
	struct rlimit r;

	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	if (copy_from_user(&r, urlim, sizeof(r)))
		return -EFAULT;
	return set_rlimit(current, resource, &r);
}

struct rlimit64 {
	u64 rlim_cur;
	u64 rlim_max;
};

static u64 rlim_to_64(unsigned long v)
{
	return v == RLIM_INFINITY ? ~0ULL : v;
}

static unsigned long rlim_from_64(u64 v)
{
	return v >= RLIM_INFINITY ? RLIM_INFINITY : (unsigned long)v;
}

long sys_prlimit64(int pid, u32 resource, const struct rlimit64 *unew,
		   struct rlimit64 *uold)
{
	struct task_struct *t = pid ? find_task_by_pid(pid) : current;
	struct rlimit64 n, o;
	struct rlimit r;
	long err;

	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	if (unew && copy_from_user(&n, unew, sizeof(n)))
		return -EFAULT;
	if (!t)
		return -ESRCH;
	if (!may_prlimit(t))
		return -EPERM;
	o.rlim_cur = rlim_to_64(t->signal->rlim[resource].rlim_cur);
	o.rlim_max = rlim_to_64(t->signal->rlim[resource].rlim_max);
	if (unew) {
		r.rlim_cur = rlim_from_64(n.rlim_cur);
		r.rlim_max = rlim_from_64(n.rlim_max);
		err = set_rlimit(t, resource, &r);
		if (err)
			return err;
	}
	if (uold && copy_to_user(uold, &o, sizeof(o)))
		return -EFAULT;
	return 0;
}

#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#define RUSAGE_THREAD 1

long sys_getrusage(int who, struct rusage *uru)
{
	struct task_struct *t = current;
	struct rusage ru;

	memset(&ru, 0, sizeof(ru));
	if (who == RUSAGE_SELF || who == RUSAGE_THREAD) {
		jiffies_to_timeval(t->utime, &ru.ru_utime);
		jiffies_to_timeval(t->stime, &ru.ru_stime);
		ru.ru_minflt = t->min_flt;
		ru.ru_majflt = t->maj_flt;
		ru.ru_nvcsw = t->nvcsw;
		ru.ru_nivcsw = t->nivcsw;
	} else if (who == RUSAGE_CHILDREN) {
		jiffies_to_timeval(t->cutime, &ru.ru_utime);
		jiffies_to_timeval(t->cstime, &ru.ru_stime);
	} else {
		return -EINVAL;
	}
	return copy_to_user(uru, &ru, sizeof(ru)) ? -EFAULT : 0;
}

#define LINUX_REBOOT_MAGIC1	0xfee1dead
#define LINUX_REBOOT_MAGIC2	672274793
#define LINUX_REBOOT_MAGIC2A	85072278
#define LINUX_REBOOT_MAGIC2B	369367448
#define LINUX_REBOOT_MAGIC2C	537993216
#define LINUX_REBOOT_CMD_RESTART	0x01234567
#define LINUX_REBOOT_CMD_HALT		0xCDEF0123
#define LINUX_REBOOT_CMD_CAD_ON		0x89ABCDEF
#define LINUX_REBOOT_CMD_CAD_OFF	0x00000000
#define LINUX_REBOOT_CMD_POWER_OFF	0x4321FEDC
#define LINUX_REBOOT_CMD_RESTART2	0xA1B2C3D4

long sys_reboot(u32 magic1, u32 magic2, u32 cmd, void *arg)
{
	(void)arg;
	if (!capable(CAP_SYS_BOOT))
		return -EPERM;
	if (magic1 != LINUX_REBOOT_MAGIC1 ||
	    (magic2 != LINUX_REBOOT_MAGIC2 && magic2 != LINUX_REBOOT_MAGIC2A &&
	     magic2 != LINUX_REBOOT_MAGIC2B && magic2 != LINUX_REBOOT_MAGIC2C))
		return -EINVAL;
	switch (cmd) {
	case LINUX_REBOOT_CMD_RESTART:
	case LINUX_REBOOT_CMD_RESTART2:
		printk("Restarting system.\n");
		machine_restart();
	case LINUX_REBOOT_CMD_HALT:
		printk("System halted.\n");
		machine_halt();
	case LINUX_REBOOT_CMD_POWER_OFF:
		printk("Power down.\n");
		machine_power_off();
	case LINUX_REBOOT_CMD_CAD_ON:
	case LINUX_REBOOT_CMD_CAD_OFF:
		return 0;
	default:
		return -EINVAL;
	}
}

long sys_sched_yield(void)
{
	yield();
	return 0;
}

#define PR_SET_PDEATHSIG 1
#define PR_GET_PDEATHSIG 2
#define PR_GET_DUMPABLE 3
#define PR_SET_DUMPABLE 4
#define PR_SET_NAME 15
#define PR_GET_NAME 16
#define PR_SET_CHILD_SUBREAPER 36
#define PR_GET_CHILD_SUBREAPER 37
#define PR_SET_NO_NEW_PRIVS 38
#define PR_GET_NO_NEW_PRIVS 39

static long put_int(u32 uaddr, int v)
{
	return copy_to_user((void *)uaddr, &v, sizeof(v)) ? -EFAULT : 0;
}

/*
 * The options Linux's prctl has that Mapback keeps: the parent's death
 * signal (sent in kernel/process/exit.c), dumpability, the name, the
 * child subreaper (orphans below come here, not to init) and
 * no_new_privs (exec then grants no set-ID, kernel/exec/exec.c).  Any
 * other option is EINVAL.
 */
long sys_prctl(int option, u32 arg2, u32 arg3, u32 arg4, u32 arg5)
{
	char name[TASK_COMM_LEN];
	long len;

	switch (option) {
	case PR_SET_PDEATHSIG:
		if (arg2 > _NSIG)
			return -EINVAL;
		current->pdeath_signal = arg2;
		return 0;
	case PR_GET_PDEATHSIG:
		return put_int(arg2, current->pdeath_signal);
	case PR_SET_CHILD_SUBREAPER:
		current->signal->is_child_subreaper = arg2 != 0;
		return 0;
	case PR_GET_CHILD_SUBREAPER:
		return put_int(arg2, current->signal->is_child_subreaper);
	case PR_SET_NO_NEW_PRIVS:
		if (arg2 != 1 || arg3 || arg4 || arg5)
			return -EINVAL;	/* and it cannot be undone */
		current->no_new_privs = true;
		return 0;
	case PR_GET_NO_NEW_PRIVS:
		if (arg2 || arg3 || arg4 || arg5)
			return -EINVAL;
		return current->no_new_privs;
	case PR_GET_DUMPABLE:
		return get_dumpable(current->mm);
	case PR_SET_DUMPABLE:
		/* 2 (dump as root) is for the suid_dumpable sysctl only. */
		if (arg2 != SUID_DUMP_DISABLE && arg2 != SUID_DUMP_USER)
			return -EINVAL;
		set_dumpable(current->mm, arg2);
		return 0;
	case PR_SET_NAME:
		len = strncpy_from_user(name, (const char *)arg2, sizeof(name) - 1);
		if (len < 0)
			return len;
		name[len] = '\0';
		strlcpy(current->comm, name, TASK_COMM_LEN);
		return 0;
	case PR_GET_NAME:
		return copy_to_user((void *)arg2, current->comm, TASK_COMM_LEN)
			       ? -EFAULT : 0;
	default:
		return -EINVAL;
	}
}

/* PER_LINUX only; 0xffffffff queries. */
long sys_personality(u32 persona)
{
	if (persona != 0 && persona != 0xffffffff)
		return -EINVAL;
	return 0;
}
