/*
 * kernel/version.c - the build's date, compiled once, so that uname -v,
 * /proc/version and the boot banner agree (kernel/version.h).
 */
#include "kernel/version.h"

#define UTS_VERSION "#1 " __DATE__ " " __TIME__

const char uts_version[] = UTS_VERSION;
const char mapback_banner[] = UTS_SYSNAME
	" version " UTS_RELEASE " (i686-linux-gnu-gcc) " UTS_VERSION "\n";
