/*
 * fs/namei.h - turning path names into (mount, inode) pairs.
 *
 * Absolute names start at the process root, relative ones at its current
 * directory or at a given base (the *at() calls).  Repeated slashes are one
 * slash; "." stays, ".." goes up but never above the process root and
 * crosses back out of a mount at the mount's root.  Symbolic links are
 * followed in the middle of a path always, at the end with LOOKUP_FOLLOW
 * or a trailing slash, at most MAX_NESTED_LINKS deep and MAX_LINKS in all
 * (-ELOOP beyond).  Errors are Linux's: -ENOENT (missing component or empty
 * name), -ENOTDIR (a non-directory used as one), -ENAMETOOLONG, -EACCES
 * (a directory on the way the caller may not search).
 *
 * Permission is Linux's generic_permission: the owner's bits of the mode
 * when the caller's fsuid owns the inode, else the group's when the inode's
 * group is the caller's fsgid or one of its groups, else the others'.
 * CAP_DAC_OVERRIDE (fsuid 0, kernel/process/cred.h) passes every check but
 * executing a file that has no execute bit at all; CAP_DAC_READ_SEARCH
 * reads any file and searches any directory.
 *
 * namespace_sem serialises every walk and every change of a directory, so
 * an inode found stays valid while the lock is held; the results carry
 * their own references for use after it is dropped.
 */
#ifndef FS_NAMEI_H
#define FS_NAMEI_H

#include "fs/inode.h"
#include "fs/mount.h"
#include "kernel/sched/semaphore.h"

#define MAX_NESTED_LINKS 8
#define MAX_LINKS 40

#define LOOKUP_FOLLOW 0x1	/* follow a symlink in the last component */
#define LOOKUP_DIRECTORY 0x2	/* the result must be a directory */
#define LOOKUP_PARENT 0x4	/* stop at the parent of the last component */

enum { LAST_NORM, LAST_ROOT, LAST_DOT, LAST_DOTDOT };

struct nameidata {
	struct path path;	/* result (or parent with LOOKUP_PARENT) */
	struct qstr last;	/* LOOKUP_PARENT: the last component */
	int last_type;	/* LAST_*; LAST_NORM when last is a real name */
	bool trailing_slash;	/* the name ended in '/' */
	unsigned int flags;
	int depth;	/* symlinks being followed now */
	int total_links;	/* symlinks followed by this walk */
};

extern struct semaphore namespace_sem;

/* What a permission check asks for (Linux's MAY_*). */
#define MAY_EXEC 0x1
#define MAY_WRITE 0x2
#define MAY_READ 0x4

/* 0 if the caller may do mask (MAY_*) to inode, else -EACCES. */
int inode_permission(struct inode *inode, int mask);
/* The caller's fsuid owns inode, or it has CAP_FOWNER. */
bool inode_owner_or_capable(const struct inode *inode);
/* May the caller add a name to dir?  Write and search permission. */
int may_create(struct inode *dir);
/* May the caller remove or replace victim's name in dir?  Write and
 * search permission, then the sticky bit: in a sticky dir only the owner
 * of victim or of dir (or CAP_FOWNER) may (-EPERM). */
int may_unlink(struct inode *dir, struct inode *victim);

/*
 * Walk name from base (NULL: cwd or root).  On success nd->path holds
 * references; release them with path_put(&nd->path).  With LOOKUP_PARENT,
 * nd->last points into name.  On error nothing is held.  Caller holds
 * namespace_sem.
 */
int path_walk(const char *name, struct path *base, unsigned int flags,
	      struct nameidata *nd);
/* Resolve one name in dir (no "." / ".."), crossing mountpoints. */
int lookup_one(struct path *dir, const struct qstr *name, struct path *res);

/* Convenience: lock, walk, unlock; *res holds references. */
int kern_path(const char *name, struct path *base, unsigned int flags,
	      struct path *res);

/*
 * The absolute name of *p (a directory or an open file) as the process
 * root sees it, NUL-terminated in buf; returns its length counting the
 * NUL (as getcwd(2)), -ERANGE, or -ENOENT for an unlinked file.  Caller
 * holds namespace_sem.
 */
int d_path(struct path *p, char *buf, int len);

#endif
