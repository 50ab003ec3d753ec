/*
 * shm.c - System V shared memory as Linux 6.1 answers it.
 *
 * shmget's keys, flags and size limits; IPC_STAT's fields; a segment
 * shared with a child through fork (both see each other's writes, and
 * shm_nattch counts the child until it exits); shmat at an address, with
 * SHM_RND, and its errors; shmdt of an address that is not an attach;
 * IPC_RMID while attached (the id lives on with SHM_DEST and key 0 until
 * the last detach); SHM_RDONLY, whose write is SIGSEGV in a child; exec
 * dropping an attach; IPC_INFO, SHM_INFO, SHM_STAT, IPC_SET, SHM_LOCK;
 * the /proc/PID/maps and /proc/sysvipc/shm lines; the /proc/sys/kernel
 * limits; ipc(2) and the direct calls onto the same segments, with the
 * IPC_64 and old layouts.  With TEST_SWAP_DEV set, a segment of one and a
 * half times MemTotal is written and read back through swap.
 *
 * Every segment is removed (IPC_RMID) as soon as the test no longer needs
 * its id, so a test that dies leaves nothing behind.
 *
 * Standalone: the exec test runs /proc/self/exe with that as argv[0],
 * which names no test of the multi-call program
 * (user/tests/multicall/multicall.c).
 */
#include <signal.h>
#include <time.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define PAGE 4096
#define SHMAT_CALL 21 /* ipc(2) call numbers */
#define SHMDT_CALL 22
#define SHMGET_CALL 23
#define SHMCTL_CALL 24
#define IPC_64_FLAG 0x100
#define STAT_CMD 2 /* Linux's IPC_STAT: musl's has a flag of its own */

/* Linux's i386 struct shmid64_ds and the old struct shmid_ds. */
struct shmid64 {
	int key;
	unsigned uid, gid, cuid, cgid;
	unsigned short mode, pad1, seq, pad2;
	unsigned long unused1, unused2;
	unsigned long segsz, atime, atime_high, dtime, dtime_high, ctime,
		ctime_high;
	int cpid, lpid;
	unsigned long nattch, unused4, unused5;
};

struct shmid_old {
	int key;
	unsigned short uid, gid, cuid, cgid, mode, seq;
	int segsz, atime, dtime, ctime;
	unsigned short cpid, lpid, nattch, unused;
	unsigned long unused2, unused3;
};

static int my_key(int n)
{
	return 0x53480000 | ((getpid() & 0xfff) << 4) | n;
}

static long nattch(int id)
{
	struct shmid_ds ds;

	return shmctl(id, IPC_STAT, &ds) ? -1 : (long)ds.shm_nattch;
}

static void test_get(void)
{
	time_t before = time(NULL), after;
	int id, key = my_key(1);
	struct shmid_ds ds;

	is_errno(shmget(IPC_PRIVATE, 0, IPC_CREAT | 0600), EINVAL,
		 "size 0 is below SHMMIN: EINVAL");
	is_errno(shmget(IPC_PRIVATE, 0xff000000u, IPC_CREAT | 0600), EINVAL,
		 "a size above shmmax: EINVAL");
	id = shmget(IPC_PRIVATE, 1, 0640);
	ok_sys(id, "IPC_PRIVATE makes a segment without IPC_CREAT");
	after = time(NULL);
	memset(&ds, 0xff, sizeof(ds));
	ok_sys(shmctl(id, IPC_STAT, &ds), "IPC_STAT");
	is(ds.shm_segsz, 1, "shm_segsz is the size asked for, not rounded");
	is(ds.shm_perm.mode, 0640, "mode from the low 9 bits of shmflg");
	is(ds.shm_perm.__ipc_perm_key, IPC_PRIVATE, "key IPC_PRIVATE");
	is(ds.shm_perm.uid, geteuid(), "uid is the creator's");
	is(ds.shm_perm.cuid, geteuid(), "cuid is the creator's");
	is(ds.shm_perm.gid, getegid(), "gid is the creator's");
	is(ds.shm_cpid, getpid(), "shm_cpid is the creator");
	is(ds.shm_lpid, 0, "no attach yet: shm_lpid 0");
	is(ds.shm_nattch, 0, "no attach yet: shm_nattch 0");
	ok(ds.shm_atime == 0 && ds.shm_dtime == 0, "atime and dtime 0");
	/* Linux stamps ctime with its tick-updated seconds, which can still
	 * be the second before the one time(2) read just before. */
	ok(ds.shm_ctime >= before - 1 && ds.shm_ctime <= after,
	   "ctime is the creation time");
	ok_sys(shmctl(id, IPC_RMID, NULL), "IPC_RMID");
	is_errno(shmctl(id, IPC_STAT, &ds), EINVAL,
		 "IPC_STAT of a removed id: EINVAL");

	is_errno(shmget(key, PAGE, 0600), ENOENT, "a key not in use: ENOENT");
	id = shmget(key, 2 * PAGE, IPC_CREAT | IPC_EXCL | 0600);
	ok_sys(id, "IPC_CREAT|IPC_EXCL on a new key");
	is_errno(shmget(key, 2 * PAGE, IPC_CREAT | IPC_EXCL | 0600), EEXIST,
		 "IPC_CREAT|IPC_EXCL again: EEXIST");
	is(shmget(key, 2 * PAGE, IPC_CREAT | 0600), id,
	   "IPC_CREAT alone finds the segment");
	is(shmget(key, 0, 0), id, "size 0 finds an existing segment");
	is(shmget(key, PAGE, 0), id, "a smaller size finds it");
	is_errno(shmget(key, 2 * PAGE + 1, 0), EINVAL,
		 "a larger size than the segment's: EINVAL");
	ok_sys(shmctl(id, IPC_STAT, &ds), "IPC_STAT of a keyed segment");
	is(ds.shm_perm.__ipc_perm_key, key, "its key");
	ok_sys(shmctl(id, IPC_RMID, NULL), "IPC_RMID of a keyed segment");
	is_errno(shmget(key, PAGE, 0), ENOENT, "its key is free again");
}

/* The /proc/self/maps line of the mapping at p, in line ("" if none). */
static int maps_line(void *p, char *line, size_t size)
{
	static char buf[16384];
	char want[16], *s;

	line[0] = '\0';
	if (!read_proc("/proc/self/maps", buf, sizeof(buf)))
		return 0;
	snprintf(want, sizeof(want), "%08lx-", (unsigned long)p);
	for (s = buf; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : s) {
		if (!strncmp(s, want, strlen(want))) {
			size_t n = strcspn(s, "\n");

			snprintf(line, size, "%.*s",
				 (int)(n < size ? n : size - 1), s);
			return 1;
		}
	}
	return 0;
}

static void test_fork_share(void)
{
	int id = shmget(IPC_PRIVATE, 3 * PAGE + 100, 0600);
	char line[256], perms[8], name[64], want[64];
	unsigned long ino;
	struct shmid_ds ds;
	volatile char *p;
	pid_t pid;

	must(id);
	p = shmat(id, NULL, 0);
	ok(p != (void *)-1, "shmat at an address of the kernel's choice");
	if (p == (void *)-1) {
		shmctl(id, IPC_RMID, NULL);
		return;
	}
	is((unsigned long)p % PAGE, 0, "the address is page aligned");
	ok_sys(shmctl(id, IPC_STAT, &ds), "IPC_STAT attached");
	is(ds.shm_nattch, 1, "shm_nattch 1");
	is(ds.shm_lpid, getpid(), "shm_lpid is the attacher");
	ok(ds.shm_atime != 0, "shm_atime set");
	is(p[0] | p[3 * PAGE + 99], 0, "a new segment reads zero");
	p[0] = 'P';
	p[4 * PAGE - 1] = 'E'; /* the last page is whole, past the size */

	ok(maps_line((void *)p, line, sizeof(line)),
	   "its /proc/self/maps line");
	if (sscanf(line, "%*s %7s %*s %*s %lu %63s", perms, &ino, name) == 3) {
		is(strcmp(perms, "rw-s"), 0, "maps: rw-s (%s)", perms);
		is(ino, id, "maps: the inode number is the shmid");
		snprintf(want, sizeof(want), "/SYSV%08x", 0);
		is(strcmp(name, want), 0, "maps: named %s (%s)", want, name);
		ok(strstr(line, "(deleted)") != NULL, "maps: (deleted)");
	} else {
		ok(0, "maps line parses: %s", line);
	}

	pid = fork();
	if (pid == 0) {
		if (p[0] != 'P' || p[4 * PAGE - 1] != 'E')
			_exit(1);
		if (nattch(id) != 2)
			_exit(2);
		p[PAGE] = 'C';
		_exit(0);
	}
	is_exit(wait_for(pid), 0,
		"the child sees the parent's data and shm_nattch 2");
	is(p[PAGE], 'C', "the parent sees the child's write");
	is(nattch(id), 1, "the child's exit detached it");

	ok_sys(shmdt((void *)p), "shmdt");
	ok_sys(shmctl(id, IPC_STAT, &ds), "IPC_STAT after shmdt");
	is(ds.shm_nattch, 0, "shm_nattch 0");
	ok(ds.shm_dtime != 0, "shm_dtime set");
	is_errno(shmdt((void *)p), EINVAL, "shmdt again: EINVAL");
	is_errno(shmdt((void *)(p + 1)), EINVAL, "shmdt unaligned: EINVAL");
	p = shmat(id, NULL, 0);
	ok(p != (void *)-1 && p[0] == 'P' && p[PAGE] == 'C',
	   "the data stays with no attach");
	if (p != (void *)-1)
		shmdt((void *)p);
	ok_sys(shmctl(id, IPC_RMID, NULL), "IPC_RMID");
}

static void test_addresses(void)
{
	int id = shmget(IPC_PRIVATE, 2 * PAGE, 0600);
	char *p, *q, *anon;

	must(id);
	p = shmat(id, NULL, 0);
	must(p == (void *)-1 ? -1 : 0);
	must(shmdt(p));
	q = shmat(id, p, 0);
	ok(q == p, "shmat at a given address");
	is_errno((long)shmat(id, p, 0), EINVAL,
		 "shmat over an existing mapping: EINVAL");
	must(shmdt(q));
	is_errno((long)shmat(id, p + 123, 0), EINVAL,
		 "an unaligned address without SHM_RND: EINVAL");
	q = shmat(id, p + 123, SHM_RND);
	ok(q == p, "SHM_RND rounds the address down");
	if (q != (void *)-1)
		shmdt(q);
	is_errno((long)shmat(id, NULL, SHM_REMAP), EINVAL,
		 "SHM_REMAP without an address: EINVAL");
	anon = mmap(p, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		    -1, 0);
	q = anon == MAP_FAILED ? (void *)-1 : shmat(id, p, SHM_REMAP);
	ok(q == p, "SHM_REMAP replaces what was mapped there");
	if (q != (void *)-1) {
		q[0] = 1;
		shmdt(q);
	}
	is_errno((long)shmat(-1, NULL, 0), EINVAL, "shmid -1: EINVAL");
	is_errno((long)shmat(id + 1, NULL, 0), EINVAL,
		 "an id not in use: EINVAL");
	is_errno(shmdt(p), EINVAL, "shmdt where nothing is attached: EINVAL");
	shmctl(id, IPC_RMID, NULL);
}

static void test_rmid_attached(void)
{
	int key = my_key(2),
	    id = shmget(key, PAGE, IPC_CREAT | IPC_EXCL | 0600);
	struct shmid_ds ds;
	char *p, *p2;
	pid_t pid;

	must(id);
	p = shmat(id, NULL, 0);
	if (p == (void *)-1) {
		ok(0, "shmat");
		shmctl(id, IPC_RMID, NULL);
		return;
	}
	strcpy(p, "kept");
	ok_sys(shmctl(id, IPC_RMID, NULL), "IPC_RMID while attached");
	ok_sys(shmctl(id, IPC_STAT, &ds), "the id still answers IPC_STAT");
	is(ds.shm_perm.mode, 01600, "mode shows SHM_DEST (01000)");
	is(ds.shm_perm.__ipc_perm_key, IPC_PRIVATE, "the key is IPC_PRIVATE");
	is_errno(shmget(key, PAGE, 0), ENOENT, "the key finds nothing");
	is(strcmp(p, "kept"), 0, "the data is still there");
	p2 = shmat(id, NULL, 0);
	ok(p2 != (void *)-1, "a removed segment can still be attached by id");
	is(nattch(id), 2, "shm_nattch 2");
	if (p2 != (void *)-1)
		shmdt(p2);
	pid = fork();
	if (pid == 0)
		_exit(strcmp(p, "kept") != 0 || nattch(id) != 2);
	is_exit(wait_for(pid), 0, "a child inherits the removed segment");
	ok_sys(shmdt(p), "the last shmdt");
	is_errno(shmctl(id, IPC_STAT, &ds), EINVAL,
		 "the segment went with its last detach");
	is_errno((long)shmat(id, NULL, 0), EINVAL, "shmat of it: EINVAL");
}

static void test_rdonly(void)
{
	int id = shmget(IPC_PRIVATE, PAGE, 0600);
	char line[256], perms[8];
	volatile char *p;
	pid_t pid;

	must(id);
	p = shmat(id, NULL, SHM_RDONLY);
	shmctl(id, IPC_RMID, NULL);
	ok(p != (void *)-1, "shmat SHM_RDONLY");
	if (p == (void *)-1)
		return;
	is(p[0], 0, "a read-only attach reads");
	ok(maps_line((void *)p, line, sizeof(line)) &&
		   sscanf(line, "%*s %7s", perms) == 1 &&
		   !strcmp(perms, "r--s"),
	   "maps: r--s (%s)", line);
	is_errno(mprotect((void *)p, PAGE, PROT_READ | PROT_WRITE), EACCES,
		 "mprotect cannot make it writable: EACCES");
	pid = fork();
	if (pid == 0) {
		p[0] = 1;
		_exit(0);
	}
	is_signal(wait_for(pid), SIGSEGV, "a write is SIGSEGV");
	ok_sys(shmdt((void *)p), "shmdt");
}

static int execd_check(const char *idstr)
{
	return nattch(atoi(idstr)) == 1 ? 0 : 1;
}

static void test_exec(const char *self)
{
	int id = shmget(IPC_PRIVATE, PAGE, 0600);
	char idstr[16];
	void *p;
	pid_t pid;

	must(id);
	p = shmat(id, NULL, 0);
	shmctl(id, IPC_RMID, NULL);
	if (p == (void *)-1) {
		ok(0, "shmat");
		return;
	}
	snprintf(idstr, sizeof(idstr), "%d", id);
	pid = fork();
	if (pid == 0) {
		/* The parent's attach, fork's copy of it, and this one. */
		if (shmat(id, NULL, 0) == (void *)-1 || nattch(id) != 3)
			_exit(2);
		execl(self, self, "execd", idstr, (char *)NULL);
		_exit(3);
	}
	is_exit(wait_for(pid), 0, "exec drops the child's attach");
	shmdt(p);
}

static void test_ctl(void)
{
	int id = shmget(IPC_PRIVATE, 5 * PAGE, 0600), idx;
	struct shmid_ds ds;
	struct shminfo info;
	struct shm_info sinfo;
	char buf[64];

	must(id);
	idx = id % 32768;
	memset(&info, 0, sizeof(info));
	ok(shmctl(0, IPC_INFO, (struct shmid_ds *)&info) >= idx,
	   "IPC_INFO returns the highest index in use");
	is(info.shmmax, 4278190079ul, "shmmax");
	is(info.shmmin, 1, "shmmin");
	is(info.shmmni, 4096, "shmmni");
	is(info.shmseg, 4096, "shmseg");
	is(info.shmall, 4278190079ul, "shmall");
	ok(shmctl(0, SHM_INFO, (struct shmid_ds *)&sinfo) >= idx,
	   "SHM_INFO returns the highest index in use");
	ok(sinfo.__used_ids >= 1 && sinfo.shm_tot >= 5,
	   "SHM_INFO counts the segment (%d ids, %lu pages)", sinfo.__used_ids,
	   sinfo.shm_tot);
	is(shmctl(idx, SHM_STAT, &ds), id, "SHM_STAT by index gives the id");
	is(ds.shm_segsz, 5 * PAGE, "SHM_STAT fills the buffer");
	is(shmctl(idx, SHM_STAT_ANY, &ds), id, "SHM_STAT_ANY");
	is_errno(shmctl(32767, SHM_STAT, &ds), EINVAL,
		 "SHM_STAT of an unused index: EINVAL");

	ds.shm_perm.mode = 0444 | 01000;
	ok_sys(shmctl(id, IPC_SET, &ds), "IPC_SET");
	ok_sys(shmctl(id, IPC_STAT, &ds), "IPC_STAT after IPC_SET");
	is(ds.shm_perm.mode, 0444, "IPC_SET changes only the 0777 bits");
	ds.shm_perm.uid = -1;
	is_errno(shmctl(id, IPC_SET, &ds), EINVAL, "IPC_SET of uid -1: EINVAL");
	ok_sys(shmctl(id, SHM_LOCK, NULL), "SHM_LOCK");
	ok_sys(shmctl(id, IPC_STAT, &ds), "IPC_STAT");
	is(ds.shm_perm.mode, 02444, "SHM_LOCKED in the mode");
	ok_sys(shmctl(id, SHM_UNLOCK, NULL), "SHM_UNLOCK");
	is(shmctl(id, IPC_STAT, &ds) ? -1L : (long)ds.shm_perm.mode, 0444,
	   "SHM_LOCKED cleared");
	is_errno(shmctl(id, 99, &ds), EINVAL, "an unknown command: EINVAL");
	is_errno(shmctl(-1, IPC_STAT, &ds), EINVAL, "shmid -1: EINVAL");
	is_errno(syscall(SYS_shmctl, id, STAT_CMD, 1), EFAULT,
		 "IPC_STAT to a bad pointer: EFAULT");
	shmctl(id, IPC_RMID, NULL);

	ok(read_proc("/proc/sys/kernel/shmmax", buf, sizeof(buf)) &&
		   !strcmp(buf, "4278190079\n"),
	   "/proc/sys/kernel/shmmax");
	ok(read_proc("/proc/sys/kernel/shmall", buf, sizeof(buf)) &&
		   !strcmp(buf, "4278190079\n"),
	   "/proc/sys/kernel/shmall");
	ok(read_proc("/proc/sys/kernel/shmmni", buf, sizeof(buf)) &&
		   !strcmp(buf, "4096\n"),
	   "/proc/sys/kernel/shmmni");
}

/* The /proc/sysvipc/shm line of id, in line. */
static int sysvipc_line(int id, char *line, size_t size, char *header,
			size_t hsize)
{
	static char buf[8192];
	char *s, *nl;
	int key, sid;

	if (!read_proc("/proc/sysvipc/shm", buf, sizeof(buf)))
		return 0;
	nl = strchr(buf, '\n');
	if (!nl)
		return 0;
	snprintf(header, hsize, "%.*s", (int)(nl - buf + 1), buf);
	for (s = nl + 1; *s; s = strchr(s, '\n') + 1) {
		if (sscanf(s, "%d %d", &key, &sid) == 2 && sid == id) {
			snprintf(line, size, "%.*s",
				 (int)(strchr(s, '\n') - s + 1), s);
			return 1;
		}
		if (!strchr(s, '\n'))
			break;
	}
	return 0;
}

static void test_sysvipc(void)
{
	int key = my_key(3), id = shmget(key, 2 * PAGE + 5, IPC_CREAT | 0640);
	char line[256], header[256], want[256];
	unsigned long rss, swp;
	struct shmid_ds ds;
	char *p;

	must(id);
	p = shmat(id, NULL, 0);
	if (p != (void *)-1)
		p[0] = 1;
	ok(p != (void *)-1 && !shmctl(id, IPC_STAT, &ds), "a segment to show");
	ok(sysvipc_line(id, line, sizeof(line), header, sizeof(header)),
	   "/proc/sysvipc/shm has its line");
	is(strcmp(header,
		  "       key      shmid perms       size  cpid  lpid nattch   "
		  "uid   gid  cuid  cgid      atime      dtime      ctime       "
		  " rss       swap\n"),
	   0, "the header is Linux's: %s", header);
	snprintf(want, sizeof(want),
		 "%10d %10d  %4o %10lu %5u %5u  %5lu %5u %5u %5u %5u %10llu "
		 "%10llu %10llu ",
		 key, id, 0640, 2ul * PAGE + 5, getpid(), getpid(), 1ul,
		 geteuid(), getegid(), geteuid(), getegid(),
		 (unsigned long long)ds.shm_atime,
		 (unsigned long long)ds.shm_dtime,
		 (unsigned long long)ds.shm_ctime);
	ok(!strncmp(line, want, strlen(want)), "the line's columns: '%s'",
	   line);
	ok(sscanf(line + strlen(want), "%lu %lu", &rss, &swp) == 2 &&
		   rss + swp == PAGE && strlen(line) == strlen(want) + 22,
	   "rss + swap: one page, in bytes, %%10lu each");
	if (p != (void *)-1)
		shmdt(p);
	shmctl(id, IPC_RMID, NULL);
}

/* ipc(2) and the direct calls (393..402) reach the same segments. */
static void test_doors(void)
{
	unsigned long raddr = 0;
	struct shmid64 ds64;
	struct shmid_old old;
	long id, id2, addr;

	id = syscall(SYS_ipc, SHMGET_CALL, IPC_PRIVATE, PAGE, 0600);
	ok_sys(id, "ipc(SHMGET)");
	id2 = syscall(SYS_shmget, IPC_PRIVATE, 2 * PAGE, 0600);
	ok_sys(id2, "shmget (395)");
	if (id < 0 || id2 < 0)
		goto out;
	ok(syscall(SYS_ipc, SHMAT_CALL, id2, 0, &raddr, NULL) == 0 &&
		   raddr % PAGE == 0 && raddr,
	   "ipc(SHMAT) returns the address through its pointer");
	is(syscall(SYS_shmdt, raddr), 0, "shmdt (398) of ipc's attach");
	addr = syscall(SYS_shmat, id, NULL, 0);
	ok(addr != -1 && addr % PAGE == 0, "shmat (397)");
	memset(&ds64, 0xff, sizeof(ds64));
	ok(syscall(SYS_shmctl, id, STAT_CMD, &ds64) == 0 &&
		   ds64.segsz == PAGE && ds64.nattch == 1 &&
		   ds64.mode == 0600 && ds64.cpid == getpid(),
	   "shmctl (396) IPC_STAT: the shmid64_ds layout");
	is_errno(syscall(SYS_shmctl, id, STAT_CMD | IPC_64_FLAG, &ds64), EINVAL,
		 "shmctl (396) takes no IPC_64 flag: EINVAL");
	memset(&ds64, 0xff, sizeof(ds64));
	ok(syscall(SYS_ipc, SHMCTL_CALL, id, STAT_CMD | IPC_64_FLAG, 0,
		   &ds64) == 0 &&
		   ds64.segsz == PAGE && ds64.nattch == 1,
	   "ipc(SHMCTL, IPC_STAT|IPC_64): the same layout");
	memset(&old, 0xff, sizeof(old));
	ok(syscall(SYS_ipc, SHMCTL_CALL, id, STAT_CMD, 0, &old) == 0 &&
		   old.segsz == PAGE && old.nattch == 1 && old.mode == 0600 &&
		   old.cpid == (getpid() & 0xffff) && old.key == 0,
	   "ipc(SHMCTL, IPC_STAT) without IPC_64: the old layout");
	is(syscall(SYS_ipc, SHMDT_CALL, 0, 0, 0, addr), 0, "ipc(SHMDT)");
	is_errno(syscall(SYS_ipc, 99, 0, 0, 0, NULL), ENOSYS,
		 "ipc of an unknown call: ENOSYS");
out:
	if (id >= 0)
		syscall(SYS_ipc, SHMCTL_CALL, id, IPC_RMID, 0, NULL);
	if (id2 >= 0)
		syscall(SYS_shmctl, id2, IPC_RMID, NULL);
}

/* A segment larger than memory goes to swap and comes back intact. */
static void test_swap(void)
{
	long mib = memtotal_mib() * 3 / 2, pages = mib * 256, i, bad = 0;
	char line[256], header[256];
	unsigned long rss = 0, swp = 0;
	int id;
	unsigned *p;

	if (!getenv("TEST_SWAP_DEV") || mib <= 0) {
		skip("a segment larger than memory through swap",
		     "TEST_SWAP_DEV not set");
		return;
	}
	id = shmget(IPC_PRIVATE, pages * PAGE, 0600);
	ok_sys(id, "a segment of %ld MiB", mib);
	if (id < 0)
		return;
	p = shmat(id, NULL, 0);
	ok(p != (void *)-1, "attached");
	if (p == (void *)-1) {
		shmctl(id, IPC_RMID, NULL);
		return;
	}
	for (i = 0; i < pages; i++)
		p[i * (PAGE / 4)] = (unsigned)i * 2654435761u;
	if (sysvipc_line(id, line, sizeof(line), header, sizeof(header)))
		sscanf(line,
		       "%*d %*d %*o %*u %*u %*u %*u %*u %*u %*u %*u %*u %*u "
		       "%*u %lu %lu",
		       &rss, &swp);
	ok(swp > 0 && rss + swp == (unsigned long)pages * PAGE,
	   "part of it is in swap (rss %lu, swap %lu)", rss, swp);
	for (i = 0; i < pages; i++)
		bad += p[i * (PAGE / 4)] != (unsigned)i * 2654435761u;
	is(bad, 0, "every page reads back");
	shmdt(p);
	shmctl(id, IPC_RMID, NULL);
}

/* The mode bits refuse another user; the owner's commands are the
 * owner's: a 0600 segment of root's, seen by nobody. */
static void test_permissions(void)
{
	int key = my_key(4), id = shmget(key, PAGE, IPC_CREAT | 0600);
	pid_t pid;

	ok(id >= 0, "root makes a 0600 segment");
	pid = fork();
	if (pid == 0) {
		if (setgid(65534) != 0 || setuid(65534) != 0)
			_exit(2);
		if (shmget(key, PAGE, 0400) != -1 || errno != EACCES)
			_exit(3);
		if (shmat(id, NULL, SHM_RDONLY) != (void *)-1 ||
		    errno != EACCES)
			_exit(4);
		if (shmctl(id, IPC_RMID, NULL) != -1 || errno != EPERM)
			_exit(5);
		_exit(0);
	}
	is_exit(wait_for(pid), 0,
		"as nobody: shmget for reading and shmat EACCES, IPC_RMID EPERM");
	ok_sys(shmctl(id, IPC_RMID, NULL), "root removes it");
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "execd"))
		return execd_check(argv[2]);
	test_get();
	test_fork_share();
	test_addresses();
	test_rmid_attached();
	test_rdonly();
	test_exec("/proc/self/exe");
	test_ctl();
	test_sysvipc();
	test_doors();
	test_permissions();
	test_swap();
	return done_testing();
}
