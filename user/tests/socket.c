/*
 * socket.c - socketcall (102) and the direct socket calls (socket 359 ...
 * shutdown 373, recvmmsg 337, sendmmsg 345) on a kernel with no socket
 * family: what every kernel answers alike.
 *
 * Mapback has no family, so socket() gives EAFNOSUPPORT for all; Linux has
 * AF_UNIX and AF_INET, so a test that runs on both checks only what both
 * agree on: the checks before the family (flags, type, a family past
 * AF_MAX), socketcall's call numbers and argument words, and each call on
 * a descriptor that is closed (EBADF) or open but no socket (ENOTSOCK),
 * with the argument checks Linux makes before it looks the fd up.
 */
#include "tap.h"
#include <sys/socket.h>
#include <sys/syscall.h>

#define SC_SOCKET	1
#define SC_ACCEPT	5
#define SC_SOCKETPAIR	8
#define SC_SEND		9
#define SC_RECV		10
#define SC_SENDMMSG	20

static long socketcall(int call, unsigned long *args)
{
	return syscall(SYS_socketcall, call, args);
}

static void test_create(void)
{
	unsigned long a[6] = { 1000, SOCK_STREAM, 0, 0, 0, 0 };
	int sv[2];
	long fd;

	is_errno(syscall(SYS_socket, 1000, SOCK_STREAM, 0), EAFNOSUPPORT,
		 "socket: family 1000 (past AF_MAX): EAFNOSUPPORT");
	is_errno(syscall(SYS_socket, -1, SOCK_STREAM, 0), EAFNOSUPPORT,
		 "socket: family -1: EAFNOSUPPORT");
	is_errno(syscall(SYS_socket, AF_UNIX, SOCK_STREAM | 0x100, 0), EINVAL,
		 "socket: an unknown flag in the type: EINVAL");
	is_errno(syscall(SYS_socket, 1000, SOCK_STREAM | 0x100, 0), EINVAL,
		 "socket: the flags are checked before the family");
	is_errno(syscall(SYS_socket, AF_UNIX, 12, 0), EINVAL,
		 "socket: type 12 (past SOCK_MAX): EINVAL");
	is_errno(socketcall(SC_SOCKET, a), EAFNOSUPPORT,
		 "socketcall(SYS_SOCKET): the same answer");
	is_errno(syscall(SYS_socketpair, 1000, SOCK_STREAM, 0, sv),
		 EAFNOSUPPORT, "socketpair: family 1000: EAFNOSUPPORT");
	a[3] = (unsigned long)sv;
	is_errno(socketcall(SC_SOCKETPAIR, a), EAFNOSUPPORT,
		 "socketcall(SYS_SOCKETPAIR): the same");
	is_errno(syscall(SYS_socketpair, 1000, SOCK_STREAM, 0, NULL), EFAULT,
		 "socketpair: sv is written before the family is looked at");
	is_errno(syscall(SYS_socketpair, 1000, SOCK_STREAM | 0x100, 0, NULL),
		 EINVAL, "socketpair: but after the flags");
	fd = syscall(SYS_socket, AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ok(fd >= 0 || errno == EAFNOSUPPORT,
	   "socket(AF_UNIX): a socket (Linux) or EAFNOSUPPORT (no families)");
	if (fd >= 0)
		close(fd);
}

static void test_socketcall(void)
{
	unsigned long a[6] = { 0, 0, 0, 0, 0, 0 };

	is_errno(socketcall(0, a), EINVAL, "socketcall: call 0: EINVAL");
	is_errno(socketcall(21, a), EINVAL, "socketcall: call 21: EINVAL");
	is_errno(socketcall(-1, a), EINVAL, "socketcall: call -1: EINVAL");
	is_errno(socketcall(SC_SOCKET, (unsigned long *)1), EFAULT,
		 "socketcall: unreadable argument words: EFAULT");
	is_errno(socketcall(99, (unsigned long *)1), EINVAL,
		 "socketcall: the call number is checked first");
}

/* Each fd call on fd; want EBADF or ENOTSOCK. */
static void fd_calls(int fd, int err, const char *what)
{
	char buf[16];
	struct sockaddr sa;
	socklen_t len = sizeof(sa);
	int one = 1;
	struct msghdr msg;
	struct iovec iov = { buf, sizeof(buf) };
	unsigned long a[6] = { fd, (unsigned long)buf, sizeof(buf), 0, 0, 0 };
	unsigned long acc[3] = { fd, 0, 0 };

	memset(&msg, 0, sizeof(msg));
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_family = AF_UNIX;
	is_errno(syscall(SYS_bind, fd, &sa, sizeof(sa)), err, "bind %s", what);
	is_errno(syscall(SYS_connect, fd, &sa, sizeof(sa)), err, "connect %s",
		 what);
	is_errno(syscall(SYS_listen, fd, 1), err, "listen %s", what);
	is_errno(syscall(SYS_accept4, fd, NULL, NULL, 0), err, "accept4 %s",
		 what);
	is_errno(socketcall(SC_ACCEPT, acc), err, "socketcall(SYS_ACCEPT) %s",
		 what);
	is_errno(syscall(SYS_getsockname, fd, &sa, &len), err,
		 "getsockname %s", what);
	is_errno(syscall(SYS_getpeername, fd, &sa, &len), err,
		 "getpeername %s", what);
	is_errno(syscall(SYS_sendto, fd, buf, 1, 0, NULL, 0), err, "sendto %s",
		 what);
	is_errno(syscall(SYS_recvfrom, fd, buf, 1, 0, NULL, NULL), err,
		 "recvfrom %s", what);
	is_errno(socketcall(SC_SEND, a), err, "socketcall(SYS_SEND) %s", what);
	is_errno(socketcall(SC_RECV, a), err, "socketcall(SYS_RECV) %s", what);
	is_errno(syscall(SYS_shutdown, fd, SHUT_RDWR), err, "shutdown %s",
		 what);
	is_errno(syscall(SYS_setsockopt, fd, SOL_SOCKET, SO_REUSEADDR, &one,
			 sizeof(one)), err, "setsockopt %s", what);
	is_errno(syscall(SYS_getsockopt, fd, SOL_SOCKET, SO_TYPE, &one, &len),
		 err, "getsockopt %s", what);
	is_errno(syscall(SYS_sendmsg, fd, &msg, 0), err, "sendmsg %s", what);
	is_errno(syscall(SYS_recvmsg, fd, &msg, 0), err, "recvmsg %s", what);
	is_errno(syscall(SYS_sendmmsg, fd, NULL, 0, 0), err, "sendmmsg %s",
		 what);
	is_errno(syscall(SYS_recvmmsg, fd, NULL, 0, 0, NULL), err,
		 "recvmmsg %s", what);
	a[0] = SOCK_STREAM;
	is_errno(socketcall(SC_SENDMMSG, acc), err,
		 "socketcall(SYS_SENDMMSG) %s", what);
}

static void test_fds(void)
{
	int p[2];
	char big[200];

	must(pipe(p));
	fd_calls(p[0], ENOTSOCK, "on a pipe: ENOTSOCK");
	fd_calls(999, EBADF, "on a closed fd: EBADF");
	/* What Linux checks before it looks at the fd. */
	is_errno(syscall(SYS_accept4, 999, NULL, NULL, 0x10), EBADF,
		 "accept4: EBADF before its flags are looked at");
	is_errno(syscall(SYS_accept4, p[0], NULL, NULL, 0x10), EINVAL,
		 "accept4: but its flags before ENOTSOCK");
	is_errno(syscall(SYS_setsockopt, 999, SOL_SOCKET, SO_REUSEADDR, big,
			 -1), EINVAL,
		 "setsockopt: a negative length: EINVAL before EBADF");
	is_errno(syscall(SYS_sendto, 999, (void *)0xc0000000, 16, 0, NULL, 0),
		 EFAULT, "sendto: a kernel buffer: EFAULT before EBADF");
	is_errno(syscall(SYS_recvfrom, 999, (void *)0xc0000000, 16, 0, NULL,
			 NULL), EFAULT,
		 "recvfrom: a kernel buffer: EFAULT before EBADF");
	memset(big, 0, sizeof(big));
	is_errno(syscall(SYS_connect, p[0], big, sizeof(big)), EINVAL,
		 "connect: an address of 200 bytes: EINVAL before ENOTSOCK");
	is_errno(syscall(SYS_connect, p[0], (void *)1, 16), EFAULT,
		 "connect: an unreadable address: EFAULT before ENOTSOCK");
	is_errno(syscall(SYS_connect, 999, (void *)1, 16), EBADF,
		 "connect: but EBADF before both");
	close(p[0]);
	close(p[1]);
}

int main(void)
{
	test_create();
	test_socketcall();
	test_fds();
	return done_testing();
}
