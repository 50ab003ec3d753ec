/*
 * compat/socket.c - the socket system calls, for a kernel with no socket
 * family (Linux: compat/socket.c).
 *
 * Mapback has no protocol family yet: no AF_UNIX, no AF_INET, no
 * netlink.  Linux built without any would answer these calls as below,
 * and so does this file, so that programs probing for sockets (a libc's
 * syslog, a shell's /dev/tcp, python's socket module) get Linux's
 * "address family not supported" and carry on:
 *  - socket and socketpair: EINVAL for flags other than SOCK_CLOEXEC and
 *    SOCK_NONBLOCK in the type or a type past SOCK_MAX, else
 *    EAFNOSUPPORT for every family (socketpair first writes its result
 *    array: EFAULT);
 *  - every call on a descriptor: EBADF when it is not open, ENOTSOCK
 *    when it is (no open file can be a socket), after the checks Linux
 *    makes before it looks the descriptor up (setsockopt's negative
 *    length, the buffers of send and receive calls, connect's address
 *    or accept4's flags once the fd is open); those Linux makes only on
 *    a socket (the other lengths and flags) are never reached;
 *  - socketcall (102), the one i386 entry of old: EINVAL for a call
 *    number outside 1..20 (SYS_SOCKET..SYS_SENDMMSG), EFAULT when its
 *    argument words cannot be read, else the call itself.
 * The direct calls (socket 359 ... shutdown 373, recvmmsg 337, sendmmsg
 * 345, recvmmsg_time64 417) share the bodies.
 */
#include "fs/sys_util.h"
#include "kernel/errno.h"
#include "kernel/cpu/uaccess.h"
#include "compat/socket.h"

#define NPROTO		46		/* AF_MAX of Linux 6.1 */
#define SOCK_MAX	11		/* SOCK_PACKET + 1 */
#define SOCK_TYPE_MASK	0xf
#define SOCK_CLOEXEC	02000000
#define SOCK_NONBLOCK	00004000
#define MAX_SOCK_ADDR	128		/* sizeof(struct sockaddr_storage) */

/* socketcall's call numbers (linux/net.h). */
#define SYS_SOCKET	1
#define SYS_BIND	2
#define SYS_CONNECT	3
#define SYS_LISTEN	4
#define SYS_ACCEPT	5
#define SYS_GETSOCKNAME	6
#define SYS_GETPEERNAME	7
#define SYS_SOCKETPAIR	8
#define SYS_SEND	9
#define SYS_RECV	10
#define SYS_SENDTO	11
#define SYS_RECVFROM	12
#define SYS_SHUTDOWN	13
#define SYS_SETSOCKOPT	14
#define SYS_GETSOCKOPT	15
#define SYS_SENDMSG	16
#define SYS_RECVMSG	17
#define SYS_ACCEPT4	18
#define SYS_RECVMMSG	19
#define SYS_SENDMMSG	20

/* Linux's sockfd_lookup: the descriptor's file is never a socket here. */
static long sockfd_lookup(int fd)
{
	struct file *f = fget_current(fd);

	if (!f)
		return -EBADF;
	fput(f);
	return -ENOTSOCK;
}

static long sock_create(int family, int type)
{
	int flags = type & ~SOCK_TYPE_MASK;

	if (flags & ~(SOCK_CLOEXEC | SOCK_NONBLOCK))
		return -EINVAL;
	if (family < 0 || family >= NPROTO)
		return -EAFNOSUPPORT;
	if ((type & SOCK_TYPE_MASK) >= SOCK_MAX)
		return -EINVAL;
	return -EAFNOSUPPORT;	/* no family is registered */
}

long sys_socket(int family, int type, int protocol)
{
	(void)protocol;
	return sock_create(family, type);
}

/*
 * Linux reserves the two descriptors and writes their numbers to usv
 * before it looks at the family, so an unwritable usv is EFAULT first;
 * here nothing is reserved and -1 is written.
 */
long sys_socketpair(int family, int type, int protocol, int *usv)
{
	int none[2] = { -1, -1 };

	(void)protocol;
	if ((type & ~SOCK_TYPE_MASK) & ~(SOCK_CLOEXEC | SOCK_NONBLOCK))
		return -EINVAL;
	if (copy_to_user(usv, none, sizeof(none)))
		return -EFAULT;
	return sock_create(family, type);
}

long sys_bind(int fd, const void *uaddr, int addrlen)
{
	(void)uaddr;
	(void)addrlen;
	return sockfd_lookup(fd);
}

long sys_connect(int fd, const void *uaddr, int addrlen)
{
	char addr[MAX_SOCK_ADDR];
	struct file *f = fget_current(fd);

	if (!f)
		return -EBADF;
	fput(f);
	/* Linux copies the address in before it finds the fd no socket. */
	if (addrlen < 0 || addrlen > MAX_SOCK_ADDR)
		return -EINVAL;
	if (copy_from_user(addr, uaddr, addrlen))
		return -EFAULT;
	return -ENOTSOCK;
}

long sys_listen(int fd, int backlog)
{
	(void)backlog;
	return sockfd_lookup(fd);
}

/* Its flags are checked once fd is known open, before it is a socket. */
long sys_accept4(int fd, void *uaddr, int *uaddrlen, int flags)
{
	struct file *f = fget_current(fd);

	(void)uaddr;
	(void)uaddrlen;
	if (!f)
		return -EBADF;
	fput(f);
	if (flags & ~(SOCK_CLOEXEC | SOCK_NONBLOCK))
		return -EINVAL;
	return -ENOTSOCK;
}

long sys_getsockname(int fd, void *uaddr, int *uaddrlen)
{
	(void)uaddr;
	(void)uaddrlen;
	return sockfd_lookup(fd);
}

long sys_getpeername(int fd, void *uaddr, int *uaddrlen)
{
	(void)uaddr;
	(void)uaddrlen;
	return sockfd_lookup(fd);
}

/* send, recv, sendto, recvfrom: the buffer is checked first. */
static long sock_buf_call(int fd, const void *ubuf, size_t len)
{
	if (len > 0x7ffff000)
		len = 0x7ffff000;
	if (!access_ok(ubuf, len))
		return -EFAULT;
	return sockfd_lookup(fd);
}

long sys_sendto(int fd, const void *ubuf, size_t len, unsigned int flags,
		const void *uaddr, int addrlen)
{
	(void)flags;
	(void)uaddr;
	(void)addrlen;
	return sock_buf_call(fd, ubuf, len);
}

long sys_recvfrom(int fd, void *ubuf, size_t len, unsigned int flags,
		  void *uaddr, int *uaddrlen)
{
	(void)flags;
	(void)uaddr;
	(void)uaddrlen;
	return sock_buf_call(fd, ubuf, len);
}

long sys_shutdown(int fd, int how)
{
	(void)how;
	return sockfd_lookup(fd);
}

long sys_setsockopt(int fd, int level, int optname, const void *uoptval,
		    int optlen)
{
	(void)level;
	(void)optname;
	(void)uoptval;
	if (optlen < 0)
		return -EINVAL;
	return sockfd_lookup(fd);
}

long sys_getsockopt(int fd, int level, int optname, void *uoptval,
		    int *uoptlen)
{
	(void)level;
	(void)optname;
	(void)uoptval;
	(void)uoptlen;
	return sockfd_lookup(fd);
}

long sys_sendmsg(int fd, const void *umsg, unsigned int flags)
{
	(void)umsg;
	(void)flags;
	return sockfd_lookup(fd);
}

long sys_recvmsg(int fd, void *umsg, unsigned int flags)
{
	(void)umsg;
	(void)flags;
	return sockfd_lookup(fd);
}

long sys_sendmmsg(int fd, void *umsg, unsigned int vlen, unsigned int flags)
{
	(void)umsg;
	(void)vlen;
	(void)flags;
	return sockfd_lookup(fd);
}

/* Both time layouts: the timeout is not read before the fd is. */
long sys_recvmmsg(int fd, void *umsg, unsigned int vlen, unsigned int flags,
		  void *utimeout)
{
	(void)umsg;
	(void)vlen;
	(void)flags;
	(void)utimeout;
	return sockfd_lookup(fd);
}

/* Argument words of each socketcall call (Linux's nargs[], in words). */
static const unsigned char nargs[SYS_SENDMMSG + 1] = {
	0, 3, 3, 3, 2, 3, 3, 3, 4, 4, 4, 6, 6, 2, 5, 5, 3, 3, 4, 5, 4
};

long sys_socketcall(int call, const u32 *uargs)
{
	u32 a[6];

	if (call < SYS_SOCKET || call > SYS_SENDMMSG)
		return -EINVAL;
	if (copy_from_user(a, uargs, nargs[call] * sizeof(u32)))
		return -EFAULT;
	switch (call) {
	case SYS_SOCKET:
		return sys_socket(a[0], a[1], a[2]);
	case SYS_BIND:
		return sys_bind(a[0], (void *)a[1], a[2]);
	case SYS_CONNECT:
		return sys_connect(a[0], (void *)a[1], a[2]);
	case SYS_LISTEN:
		return sys_listen(a[0], a[1]);
	case SYS_ACCEPT:
		return sys_accept4(a[0], (void *)a[1], (int *)a[2], 0);
	case SYS_GETSOCKNAME:
		return sys_getsockname(a[0], (void *)a[1], (int *)a[2]);
	case SYS_GETPEERNAME:
		return sys_getpeername(a[0], (void *)a[1], (int *)a[2]);
	case SYS_SOCKETPAIR:
		return sys_socketpair(a[0], a[1], a[2], (int *)a[3]);
	case SYS_SEND:
		return sys_sendto(a[0], (void *)a[1], a[2], a[3], NULL, 0);
	case SYS_RECV:
		return sys_recvfrom(a[0], (void *)a[1], a[2], a[3], NULL,
				    NULL);
	case SYS_SENDTO:
		return sys_sendto(a[0], (void *)a[1], a[2], a[3],
				  (void *)a[4], a[5]);
	case SYS_RECVFROM:
		return sys_recvfrom(a[0], (void *)a[1], a[2], a[3],
				    (void *)a[4], (int *)a[5]);
	case SYS_SHUTDOWN:
		return sys_shutdown(a[0], a[1]);
	case SYS_SETSOCKOPT:
		return sys_setsockopt(a[0], a[1], a[2], (void *)a[3], a[4]);
	case SYS_GETSOCKOPT:
		return sys_getsockopt(a[0], a[1], a[2], (void *)a[3],
				      (int *)a[4]);
	case SYS_SENDMSG:
		return sys_sendmsg(a[0], (void *)a[1], a[2]);
	case SYS_RECVMSG:
		return sys_recvmsg(a[0], (void *)a[1], a[2]);
	case SYS_ACCEPT4:
		return sys_accept4(a[0], (void *)a[1], (int *)a[2], a[3]);
	case SYS_RECVMMSG:
		return sys_recvmmsg(a[0], (void *)a[1], a[2], a[3],
				    (void *)a[4]);
	default:	/* SYS_SENDMMSG */
		return sys_sendmmsg(a[0], (void *)a[1], a[2], a[3]);
	}
}
