/*
 * kernel/version.h - what the kernel calls itself: uname(2), /proc/version,
 * /proc/sys/kernel/{ostype,osrelease,version} and the boot banner all take
 * it from here (kernel/version.c), as Linux's take it from init/version.c.
 *
 * The release is the Linux release whose system call ABI Mapback
 * implements (docs/syscalls.md), so that a program that checks the
 * kernel's version before it uses a call (glibc's "FATAL: kernel too old",
 * test suites that skip what an older kernel lacks) sees the interface it
 * gets.  The "-mapback" suffix, the system name (uname -s) and the
 * version (uname -v) say which kernel it really is.
 */
#ifndef KERNEL_VERSION_H
#define KERNEL_VERSION_H

#define UTS_SYSNAME "Mapback"
#define UTS_RELEASE "6.1.0-mapback"
#define UTS_MACHINE "i386"

/* "#1 " and the build's date: uname -v, /proc/sys/kernel/version. */
extern const char uts_version[];
/* "Mapback version 6.1.0-mapback (compiler) #1 date\n": /proc/version and
 * the first line of the boot. */
extern const char mapback_banner[];

#endif
