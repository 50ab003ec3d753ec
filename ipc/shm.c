/*
 * ipc/shm.c - System V shared memory: shmget, shmat, shmdt, shmctl, as
 * Linux 6.1's ipc/shm.c answers them (docs/ipc.md).
 *
 * A segment is a file: a ramfs inode of an internal tmpfs mount, never
 * linked in a directory, its size the segment's.  shmat opens a file of
 * its own on that inode (read-only for SHM_RDONLY) and maps it MAP_SHARED
 * through the ordinary mmap path, so the segment's pages are page cache
 * pages of the inode's address_space: faults find them with filemap_nopage,
 * the object-based reverse map finds their PTEs through the VMAs on its
 * i_mmap lists, and reclaim swaps them out like any ramfs page.
 *
 * The attach's file gives its VMAs shm_vm_ops, whose open and close count
 * the segment's attaches (shm_nattch: one per VMA, so fork, a split and
 * mremap count too).  IPC_RMID of a segment still attached only marks it
 * SHM_DEST and hides its key; the close of its last VMA destroys it.
 */
#include "fs/fcntl.h"
#include "fs/file.h"
#include "fs/ramfs/ramfs.h"
#include "fs/mount.h"
#include "ipc/shm.h"
#include "kernel/process/cred.h"
#include "kernel/errno.h"
#include "kernel/lib/string.h"
#include "kernel/lib/vsprintf.h"
#include "kernel/panic.h"
#include "kernel/process/task.h"
#include "kernel/time/time.h"
#include "kernel/cpu/uaccess.h"
#include "mm/phys/slab.h"
#include "mm/vm/filemap.h"
#include "mm/vm/mm_struct.h"
#include "mm/vm/mman.h"

struct shmid_kernel {
	struct kern_ipc_perm shm_perm;
	struct file *shm_file; /* the segment: its inode holds the pages */
	unsigned long shm_nattch; /* VMAs that map it */
	unsigned long shm_segsz;
	u32 shm_atim, shm_dtim, shm_ctim;
	int shm_cprid, shm_lprid;
};

/* An attach's file: which segment it maps. */
struct shm_file_data {
	int id;
	struct file *file; /* the segment's file, referenced */
};

static struct ipc_ids shm_ids;
unsigned long shm_ctlmax = SHMMAX, shm_ctlall = SHMALL;
unsigned long shm_ctlmni = SHMMNI;
static unsigned long shm_tot; /* pages of all segments */
static struct vfsmount shm_mnt;

static const struct vm_operations_struct shm_vm_ops;

_Static_assert(sizeof(struct ipc64_perm) == 36, "i386 ipc64_perm");
_Static_assert(sizeof(struct shmid64_ds) == 84, "i386 shmid64_ds");
_Static_assert(sizeof(struct shmid_ds_old) == 48, "i386 shmid_ds");

/* The segments' file system: a tmpfs instance nobody mounts. */
void shm_init(void)
{
	ipc_init_ids(&shm_ids);
	kern_mount(&shm_mnt, "tmpfs", "shm");
}

static unsigned long seg_pages(unsigned long size)
{
	return (size + PAGE_SIZE - 1) >> PAGE_SHIFT;
}

/*
 * The segment's file: an unlinked ramfs file of size bytes.  Linux names
 * it SYSV<key>, so /proc/PID/maps shows "/SYSV0000abcd (deleted)".
 */
static struct file *shm_file_setup(s32 key, unsigned long size)
{
	struct inode *inode;
	struct file *file;
	struct path path;
	char *name = kmalloc(16, GFP_KERNEL);

	if (!name)
		return NULL;
	inode = ramfs_get_inode(shm_mnt.mnt_sb, NULL, S_IFREG | S_IRWXUGO, 0);
	if (!inode) {
		kfree(name);
		return NULL;
	}
	snprintf(name, 16, "/SYSV%08x", (u32)key);
	inode->i_deleted_name = name;
	inode->i_nlink = 0;
	inode->i_size = size;
	path.mnt = &shm_mnt;
	path.inode = inode;
	file = alloc_file(&path, O_RDWR, inode->i_fop);
	iput(inode); /* the file holds it now, or it goes */
	return file;
}

/* ipcget's getnew: called with shm_ids.rwsem held. */
static int newseg(struct ipc_params *params)
{
	unsigned long size = params->size, pages = seg_pages(size);
	struct shmid_kernel *shp;
	int err;

	if (size < SHMMIN || size > shm_ctlmax)
		return -EINVAL;
	if ((pages << PAGE_SHIFT) < size)
		return -ENOSPC;
	if (shm_tot + pages < shm_tot || shm_tot + pages > shm_ctlall)
		return -ENOSPC;
	shp = kzalloc(sizeof(*shp), GFP_KERNEL);
	if (!shp)
		return -ENOMEM;
	shp->shm_perm.key = params->key;
	shp->shm_perm.mode = params->flg & S_IRWXUGO;
	shp->shm_file = shm_file_setup(params->key, size);
	if (!shp->shm_file) {
		kfree(shp);
		return -ENOMEM;
	}
	shp->shm_cprid = current->tgid;
	shp->shm_ctim = get_seconds();
	shp->shm_segsz = size;
	err = ipc_addid(&shm_ids, &shp->shm_perm, (int)shm_ctlmni);
	if (err < 0) {
		fput(shp->shm_file);
		kfree(shp);
		return err;
	}
	/* Linux: the shmid is the inode number in /proc/PID/maps. */
	shp->shm_file->f_inode->i_ino = (unsigned long)shp->shm_perm.id;
	shm_tot += pages;
	return shp->shm_perm.id;
}

static int shm_more_checks(struct kern_ipc_perm *perm,
			   struct ipc_params *params)
{
	struct shmid_kernel *shp =
		container_of(perm, struct shmid_kernel, shm_perm);

	return shp->shm_segsz < params->size ? -EINVAL : 0;
}

long sys_shmget(s32 key, unsigned long size, int shmflg)
{
	static const struct ipc_ops shm_ops = {
		.getnew = newseg,
		.more_checks = shm_more_checks,
	};
	struct ipc_params params = { key, shmflg, size };

	return ipcget(&shm_ids, &shm_ops, &params);
}

static struct shmid_kernel *shm_obtain_check(int id)
{
	struct kern_ipc_perm *perm = ipc_obtain_object_check(&shm_ids, id);

	return IS_ERR(perm) ? (struct shmid_kernel *)perm :
			      container_of(perm, struct shmid_kernel, shm_perm);
}

/* Called with shm_ids.rwsem held. */
static void shm_destroy(struct shmid_kernel *shp)
{
	shm_tot -= seg_pages(shp->shm_segsz);
	ipc_rmid(&shm_ids, &shp->shm_perm);
	fput(shp->shm_file); /* the pages go with the last attach's file */
	kfree(shp);
}

static bool shm_may_destroy(struct shmid_kernel *shp)
{
	return shp->shm_nattch == 0 && (shp->shm_perm.mode & SHM_DEST);
}

/*
 * The segment an attach's VMA maps.  It cannot be gone: a VMA counts in
 * shm_nattch, and a segment is destroyed only at nattch 0.
 */
static struct shmid_kernel *shm_of_vma(struct vm_area_struct *vma)
{
	struct shm_file_data *sfd = vma->vm_file->private_data;
	struct shmid_kernel *shp = shm_obtain_check(sfd->id);

	BUG_ON(IS_ERR(shp) || shp->shm_file != sfd->file);
	return shp;
}

/* A new VMA of an attach: shmat itself, fork, a split, mremap. */
static void shm_open(struct vm_area_struct *vma)
{
	struct shmid_kernel *shp;

	down(&shm_ids.rwsem);
	shp = shm_of_vma(vma);
	shp->shm_atim = get_seconds();
	shp->shm_lprid = current->tgid;
	shp->shm_nattch++;
	up(&shm_ids.rwsem);
}

/* A VMA goes (shmdt, munmap, exit, exec): the last may end the segment. */
static void shm_close(struct vm_area_struct *vma)
{
	struct shmid_kernel *shp;

	down(&shm_ids.rwsem);
	shp = shm_of_vma(vma);
	shp->shm_lprid = current->tgid;
	shp->shm_dtim = get_seconds();
	shp->shm_nattch--;
	if (shm_may_destroy(shp))
		shm_destroy(shp);
	up(&shm_ids.rwsem);
}

static const struct vm_operations_struct shm_vm_ops = {
	.open = shm_open,
	.close = shm_close,
	.nopage = filemap_nopage,
	.populate = filemap_populate,
};

static int shm_mmap(struct file *file, struct vm_area_struct *vma)
{
	(void)file;
	vma->vm_ops = &shm_vm_ops;
	shm_open(vma);
	return 0;
}

static void shm_release(struct inode *inode, struct file *file)
{
	struct shm_file_data *sfd = file->private_data;

	(void)inode;
	fput(sfd->file);
	kfree(sfd);
}

static const struct file_operations shm_file_operations = {
	.mmap = shm_mmap,
	.release = shm_release,
};

/* The file an attach maps: the segment's inode, opened with f_flags. */
static struct file *shm_attach_file(struct shmid_kernel *shp, int f_flags)
{
	struct shm_file_data *sfd = kmalloc(sizeof(*sfd), GFP_KERNEL);
	struct file *file;

	if (!sfd)
		return NULL;
	file = alloc_file(&shp->shm_file->f_path, f_flags,
			  &shm_file_operations);
	if (!file) {
		kfree(sfd);
		return NULL;
	}
	sfd->id = shp->shm_perm.id;
	sfd->file = get_file(shp->shm_file);
	file->private_data = sfd;
	return file;
}

/* Map the attach's file at addr (0: anywhere); mmap_sem is not held. */
static long shm_map(struct file *file, unsigned long addr, unsigned long size,
		    unsigned long prot, int shmflg, unsigned long *raddr)
{
	struct mm_struct *mm = current->mm;
	unsigned long flags = MAP_SHARED | (addr ? MAP_FIXED : 0);
	long ret;

	down(&mm->mmap_sem);
	if (addr && !(shmflg & SHM_REMAP) &&
	    (addr + size < addr ||
	     find_vma_intersection(mm, addr, addr + size))) {
		up(&mm->mmap_sem);
		return -EINVAL;
	}
	ret = do_mmap_pgoff(file, addr, size, prot, flags, 0);
	up(&mm->mmap_sem);
	if (IS_ERR_VALUE(ret))
		return ret;
	*raddr = (unsigned long)ret;
	return 0;
}

long do_shmat(int shmid, unsigned long addr, int shmflg, unsigned long *raddr)
{
	unsigned long prot = PROT_READ, size;
	int acc_mode = S_IRUGO, f_flags = O_RDONLY;
	struct shmid_kernel *shp;
	struct file *file;
	long err;

	if (shmid < 0)
		return -EINVAL;
	if (addr) {
		if (addr & (SHMLBA - 1)) {
			if (!(shmflg & SHM_RND))
				return -EINVAL;
			addr &= ~(unsigned long)(SHMLBA - 1);
			if (!addr && (shmflg & SHM_REMAP))
				return -EINVAL;
		}
	} else if (shmflg & SHM_REMAP) {
		return -EINVAL;
	}
	if (!(shmflg & SHM_RDONLY)) {
		prot |= PROT_WRITE;
		acc_mode |= S_IWUGO;
		f_flags = O_RDWR;
	}
	if (shmflg & SHM_EXEC) {
		prot |= PROT_EXEC;
		acc_mode |= S_IXUGO;
	}

	down(&shm_ids.rwsem);
	shp = shm_obtain_check(shmid);
	if (IS_ERR(shp) || ipcperms(&shp->shm_perm, acc_mode)) {
		up(&shm_ids.rwsem);
		return IS_ERR(shp) ? PTR_ERR(shp) : -EACCES;
	}
	/* Held across the mapping so IPC_RMID cannot destroy it meanwhile. */
	shp->shm_nattch++;
	size = (unsigned long)shp->shm_file->f_inode->i_size;
	file = shm_attach_file(shp, f_flags);
	up(&shm_ids.rwsem);

	err = -ENOMEM;
	if (file) {
		err = shm_map(file, addr, size, prot, shmflg, raddr);
		fput(file); /* the VMA holds it now, if there is one */
	}

	down(&shm_ids.rwsem);
	shp->shm_nattch--;
	if (shm_may_destroy(shp))
		shm_destroy(shp);
	up(&shm_ids.rwsem);
	return err;
}

long sys_shmat(int shmid, unsigned long addr, int shmflg)
{
	unsigned long raddr;
	long err = do_shmat(shmid, addr, shmflg, &raddr);

	return err ? err : (long)raddr;
}

/* An attach's VMA whose offset says it was mapped at addr. */
static bool shm_vma_from(struct vm_area_struct *vma, unsigned long addr)
{
	return vma->vm_ops == &shm_vm_ops &&
	       (vma->vm_start - addr) / PAGE_SIZE == vma->vm_pgoff;
}

/*
 * Linux's rule: the first attach VMA at or above addr that was mapped at
 * addr gives the segment and its size; it goes, and so do the other VMAs
 * of the same attach within that size (pieces left by munmap or mprotect).
 */
long sys_shmdt(unsigned long addr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma, *next;
	struct file *file = NULL;
	unsigned long size = 0;
	long ret = -EINVAL;

	if (addr & ~PAGE_MASK)
		return -EINVAL;
	down(&mm->mmap_sem);
	for (vma = find_vma(mm, addr); vma; vma = next) {
		next = vma_next(vma);
		if (shm_vma_from(vma, addr)) {
			file = vma->vm_file;
			size = PAGE_ALIGN((unsigned long)file->f_inode->i_size);
			do_munmap(mm, vma->vm_start,
				  vma->vm_end - vma->vm_start);
			ret = 0;
			vma = next;
			break;
		}
	}
	for (; vma && vma->vm_end - addr <= size; vma = next) {
		next = vma_next(vma);
		if (shm_vma_from(vma, addr) && vma->vm_file == file)
			do_munmap(mm, vma->vm_start,
				  vma->vm_end - vma->vm_start);
	}
	up(&mm->mmap_sem);
	return ret;
}

static void shm_add_rss_swap(struct shmid_kernel *shp, unsigned long *rss,
			     unsigned long *swp)
{
	struct address_space *mapping = shp->shm_file->f_mapping;

	*rss += mapping->nrpages;
	*swp += mapping->nrswapped;
}

static int shmctl_ipc_info(struct shminfo64 *info)
{
	int idx;

	memset(info, 0, sizeof(*info));
	info->shmmni = info->shmseg = (u32)shm_ctlmni;
	info->shmmax = shm_ctlmax;
	info->shmall = shm_ctlall;
	info->shmmin = SHMMIN;
	down(&shm_ids.rwsem);
	idx = ipc_get_maxidx(&shm_ids);
	up(&shm_ids.rwsem);
	return idx < 0 ? 0 : idx;
}

static int shmctl_shm_info(struct shm_info *info)
{
	struct kern_ipc_perm *perm;
	unsigned long rss = 0, swp = 0;
	int idx;

	memset(info, 0, sizeof(*info));
	down(&shm_ids.rwsem);
	info->used_ids = shm_ids.in_use;
	for_each_ipc(perm, &shm_ids)
		shm_add_rss_swap(container_of(perm, struct shmid_kernel,
					      shm_perm),
				 &rss, &swp);
	info->shm_rss = rss;
	info->shm_swp = swp;
	info->shm_tot = shm_tot;
	idx = ipc_get_maxidx(&shm_ids);
	up(&shm_ids.rwsem);
	return idx < 0 ? 0 : idx;
}

/* IPC_STAT by id; SHM_STAT and SHM_STAT_ANY by slot, answering the id. */
static int shmctl_stat(int shmid, int cmd, struct shmid64_ds *tbuf)
{
	struct kern_ipc_perm *perm;
	struct shmid_kernel *shp;
	int err;

	memset(tbuf, 0, sizeof(*tbuf));
	down(&shm_ids.rwsem);
	perm = ipc_obtain_stat(&shm_ids, shmid, cmd != IPC_STAT,
			       cmd == SHM_STAT_ANY);
	err = IS_ERR(perm) ? PTR_ERR(perm) : 0;
	if (!err) {
		shp = container_of(perm, struct shmid_kernel, shm_perm);
		kernel_to_ipc64_perm(perm, &tbuf->shm_perm);
		tbuf->shm_segsz = shp->shm_segsz;
		tbuf->shm_atime = shp->shm_atim;
		tbuf->shm_dtime = shp->shm_dtim;
		tbuf->shm_ctime = shp->shm_ctim;
		tbuf->shm_cpid = shp->shm_cprid;
		tbuf->shm_lpid = shp->shm_lprid;
		tbuf->shm_nattch = shp->shm_nattch;
		err = cmd == IPC_STAT ? 0 : perm->id;
	}
	up(&shm_ids.rwsem);
	return err;
}

/* IPC_SET and IPC_RMID: the owner's (or the creator's) commands. */
static int shmctl_down(int shmid, int cmd, struct shmid64_ds *shmid64)
{
	struct kern_ipc_perm *perm;
	struct shmid_kernel *shp;
	int err = 0;

	down(&shm_ids.rwsem);
	perm = ipcctl_obtain_check(&shm_ids, shmid);
	if (IS_ERR(perm)) {
		up(&shm_ids.rwsem);
		return PTR_ERR(perm);
	}
	shp = container_of(perm, struct shmid_kernel, shm_perm);
	if (cmd == IPC_SET) {
		err = ipc_update_perm(&shmid64->shm_perm, perm);
		if (!err)
			shp->shm_ctim = get_seconds();
	} else if (shp->shm_nattch) {
		perm->mode |= SHM_DEST;
		ipc_set_key_private(perm);
	} else {
		shm_destroy(shp);
	}
	up(&shm_ids.rwsem);
	return err;
}

/* Linux's rule for SHM_LOCK and SHM_UNLOCK. */
static bool may_lock_shm(const struct shmid_kernel *shp, int cmd)
{
	u32 euid = current_cred()->euid;

	if (capable(CAP_IPC_LOCK))
		return true;
	if (euid != shp->shm_perm.uid && euid != shp->shm_perm.cuid)
		return false;
	return cmd != SHM_LOCK || rlimit(RLIMIT_MEMLOCK) != 0;
}

/*
 * SHM_LOCK and SHM_UNLOCK set and clear SHM_LOCKED in the mode, with
 * Linux's permission rule (without CAP_IPC_LOCK: the owner or creator,
 * and for SHM_LOCK an RLIMIT_MEMLOCK above 0); the pages stay swappable
 * (docs/ipc.md).
 */
static int shmctl_do_lock(int shmid, int cmd)
{
	struct shmid_kernel *shp;
	int err = 0;

	down(&shm_ids.rwsem);
	shp = shm_obtain_check(shmid);
	if (IS_ERR(shp)) {
		err = PTR_ERR(shp);
	} else if (!may_lock_shm(shp, cmd)) {
		err = -EPERM;
	} else if (cmd == SHM_LOCK) {
		shp->shm_perm.mode |= SHM_LOCKED;
	} else {
		shp->shm_perm.mode &= ~SHM_LOCKED;
	}
	up(&shm_ids.rwsem);
	return err;
}

static int copy_shmid_to_user(void *buf, struct shmid64_ds *in, int version)
{
	struct shmid_ds_old out;

	if (version == IPC_64)
		return copy_to_user(buf, in, sizeof(*in)) ? -EFAULT : 0;
	memset(&out, 0, sizeof(out));
	ipc64_perm_to_ipc_perm(&in->shm_perm, &out.shm_perm);
	out.shm_segsz = (s32)in->shm_segsz;
	out.shm_atime = (s32)in->shm_atime;
	out.shm_dtime = (s32)in->shm_dtime;
	out.shm_ctime = (s32)in->shm_ctime;
	out.shm_cpid = (u16)in->shm_cpid;
	out.shm_lpid = (u16)in->shm_lpid;
	out.shm_nattch = (u16)in->shm_nattch;
	return copy_to_user(buf, &out, sizeof(out)) ? -EFAULT : 0;
}

static int copy_shmid_from_user(struct shmid64_ds *out, void *buf, int version)
{
	struct shmid_ds_old old;

	if (version == IPC_64)
		return copy_from_user(out, buf, sizeof(*out)) ? -EFAULT : 0;
	if (copy_from_user(&old, buf, sizeof(old)))
		return -EFAULT;
	out->shm_perm.uid = old.shm_perm.uid;
	out->shm_perm.gid = old.shm_perm.gid;
	out->shm_perm.mode = old.shm_perm.mode;
	return 0;
}

static int copy_shminfo_to_user(void *buf, struct shminfo64 *in, int version)
{
	struct shminfo_old out;

	if (version == IPC_64)
		return copy_to_user(buf, in, sizeof(*in)) ? -EFAULT : 0;
	out.shmmax = in->shmmax > 0x7fffffff ? 0x7fffffff : (s32)in->shmmax;
	out.shmmin = (s32)in->shmmin;
	out.shmmni = (s32)in->shmmni;
	out.shmseg = (s32)in->shmseg;
	out.shmall = (s32)in->shmall;
	return copy_to_user(buf, &out, sizeof(out)) ? -EFAULT : 0;
}

long ksys_shmctl(int shmid, int cmd, void *buf, int version)
{
	struct shmid64_ds sbuf;
	struct shminfo64 info;
	struct shm_info sinfo;
	int err;

	if (cmd < 0 || shmid < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
		err = shmctl_ipc_info(&info);
		return copy_shminfo_to_user(buf, &info, version) ?: err;
	case SHM_INFO:
		err = shmctl_shm_info(&sinfo);
		return copy_to_user(buf, &sinfo, sizeof(sinfo)) ? -EFAULT : err;
	case SHM_STAT:
	case SHM_STAT_ANY:
	case IPC_STAT:
		err = shmctl_stat(shmid, cmd, &sbuf);
		if (err < 0)
			return err;
		return copy_shmid_to_user(buf, &sbuf, version) ?: err;
	case IPC_SET:
		if (copy_shmid_from_user(&sbuf, buf, version))
			return -EFAULT;
		return shmctl_down(shmid, cmd, &sbuf);
	case IPC_RMID:
		return shmctl_down(shmid, cmd, &sbuf);
	case SHM_LOCK:
	case SHM_UNLOCK:
		return shmctl_do_lock(shmid, cmd);
	default:
		return -EINVAL;
	}
}

/* The direct call (396) always uses the IPC_64 layouts, as Linux's. */
long sys_shmctl(int shmid, int cmd, void *buf)
{
	return ksys_shmctl(shmid, cmd, buf, IPC_64);
}

void proc_sysvipc_shm_show(struct seq_buf *m, struct task_struct *t)
{
	struct kern_ipc_perm *perm;

	(void)t;
	seq_puts(m, "       key      shmid perms       size  cpid  lpid nattch "
		    "  uid   gid  cuid  cgid      atime      dtime      ctime "
		    "       rss       swap\n");
	down(&shm_ids.rwsem);
	for_each_ipc(perm, &shm_ids) {
		struct shmid_kernel *shp =
			container_of(perm, struct shmid_kernel, shm_perm);
		unsigned long rss = 0, swp = 0;

		shm_add_rss_swap(shp, &rss, &swp);
		seq_printf(m,
			   "%10d %10d  %4o %10lu %5u %5u  %5lu %5u %5u %5u "
			   "%5u %10u %10u %10u %10lu %10lu\n",
			   perm->key, perm->id, perm->mode, shp->shm_segsz,
			   shp->shm_cprid, shp->shm_lprid, shp->shm_nattch,
			   perm->uid, perm->gid, perm->cuid, perm->cgid,
			   shp->shm_atim, shp->shm_dtim, shp->shm_ctim,
			   rss * PAGE_SIZE, swp * PAGE_SIZE);
	}
	up(&shm_ids.rwsem);
}
