/*
 * compat/socket.h - the socket system calls (compat/socket.c), for the system
 * call table.  Arguments are Linux i386's; pointers are user addresses.
 */
#ifndef COMPAT_SOCKET_H
#define COMPAT_SOCKET_H

#include "kernel/types.h"

long sys_socketcall(int call, const u32 *uargs);
long sys_socket(int family, int type, int protocol);
long sys_socketpair(int family, int type, int protocol, int *usv);
long sys_bind(int fd, const void *uaddr, int addrlen);
long sys_connect(int fd, const void *uaddr, int addrlen);
long sys_listen(int fd, int backlog);
long sys_accept4(int fd, void *uaddr, int *uaddrlen, int flags);
long sys_getsockname(int fd, void *uaddr, int *uaddrlen);
long sys_getpeername(int fd, void *uaddr, int *uaddrlen);
long sys_sendto(int fd, const void *ubuf, size_t len, unsigned int flags,
		const void *uaddr, int addrlen);
long sys_recvfrom(int fd, void *ubuf, size_t len, unsigned int flags,
		  void *uaddr, int *uaddrlen);
long sys_shutdown(int fd, int how);
long sys_setsockopt(int fd, int level, int optname, const void *uoptval,
		    int optlen);
long sys_getsockopt(int fd, int level, int optname, void *uoptval,
		    int *uoptlen);
long sys_sendmsg(int fd, const void *umsg, unsigned int flags);
long sys_recvmsg(int fd, void *umsg, unsigned int flags);
long sys_sendmmsg(int fd, void *umsg, unsigned int vlen, unsigned int flags);
long sys_recvmmsg(int fd, void *umsg, unsigned int vlen, unsigned int flags,
		  void *utimeout);

#endif
