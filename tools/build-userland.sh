#!/bin/sh
# tools/build-userland.sh - build musl and BusyBox for the 386.
#
#	tools/build-userland.sh musl|busybox|busybox-floppy [BUILD_DIR]
#						(default BUILD_DIR: build)
#
# From the Debian sources tools/fetch-userland.sh unpacked into build/src,
# with the cross gcc (i686-linux-gnu-gcc) and -march=i386, so that no
# instruction newer than the 386 is in them (Debian's own binaries target
# the i686).  Each part is built in a scratch copy of its source and
# installed into build/musl or build/busybox; the Makefile calls this when a
# stamp there (.built) is older than its inputs, so a second build does
# nothing.  Nothing here runs an i386 program on the host.
#
# musl: user/musl-386.patch first, because musl's i386 atomics use cmpxchg
# and xadd, 486 instructions, and gcc would take __mulxc3 (fucomi) from the
# i686 libgcc.  Both libc.a and libc.so are built: the test
# programs link libc.a, and libc.so, which is also musl's dynamic linker
# (/lib/ld-musl-i386.so.1 in the initramfs), runs the dynamically linked
# ones that test execve's PT_INTERP path (user/tests/dyn/).  Installed as
# build/musl/{include,lib}, plus
# build/musl/musl.specs: a gcc specs file that makes the cross gcc compile
# and link against this musl only (and the kernel headers in build/sysroot),
# as musl's own musl-gcc wrapper does.
#
# busybox: configured from Debian's debian/config/pkg/static with the
# changes in user/busybox-musl.config, compiled with musl.specs.  Installed
# as build/busybox/busybox and build/busybox/busybox.links, the list of
# applet paths BusyBox's build writes (one /path per line) from which the
# initramfs gets its links.
#
# busybox-floppy: the small BusyBox of the boot floppy (`make floppy`):
# allnoconfig plus the shell and core tools user/busybox-floppy.config
# turns on, installed the same way into build/busybox-floppy.
set -eu

part=$1
BUILD=$(cd "${2:-build}" && pwd)
TOP=$(cd "$(dirname "$0")/.." && pwd)
CROSS=${CROSS:-i686-linux-gnu-}
CC=${CROSS}gcc
JOBS=${JOBS:-$(nproc)}
# Run from make -j, the sub-makes would see a jobserver they cannot use and
# fall back to -j1; they get -j$JOBS of their own instead.
unset MAKEFLAGS MFLAGS
ARCHFLAGS="-march=i386 -mtune=i386"
SRC=$BUILD/src
MUSL=$BUILD/musl

# The compilers' chatter goes to build/PART.log, shown when the build fails.
fail() {
	tail -n 30 "$BUILD/$1.log" >&2
	echo "build-userland: building $1 failed; see $BUILD/$1.log" >&2
	exit 1
}

build_musl() {
	work=$BUILD/musl-build
	rm -rf "$work" "$MUSL"
	cp -a "$SRC/musl" "$work"
	patch -s -d "$work" -p1 <"$TOP/user/musl-386.patch"
	(cd "$work" &&
		./configure --target=i386 --prefix=/ \
			CC="$CC" CROSS_COMPILE="$CROSS" \
			CFLAGS="$ARCHFLAGS -O2" &&
		make -s -j"$JOBS" CROSS_COMPILE="$CROSS" &&
		make -s install CROSS_COMPILE="$CROSS" DESTDIR="$MUSL") \
		>"$BUILD/musl.log" 2>&1 || fail musl
	write_specs >"$MUSL/musl.specs"
	rm -rf "$work"
	touch "$MUSL/.built"
	echo "build-userland: musl in $MUSL"
}

# The gcc specs: musl's headers, the kernel's UAPI headers and gcc's own
# (nothing from the host's /usr/include), musl's crt files and libc.a with
# libgcc, a static link.
write_specs() {
	uapi=$BUILD/sysroot/usr/include
	inc="-nostdinc -isystem $MUSL/include -isystem $uapi"
	inc="$inc -isystem $uapi/i386-linux-gnu -isystem $($CC -print-file-name=include)"
	cat <<SPECS
*cpp_options:
$inc

*cc1:
%(cc1_cpu) $inc

*startfile:
$MUSL/lib/crt1.o $MUSL/lib/crti.o

*endfile:
$MUSL/lib/crtn.o

*lib:
--start-group $MUSL/lib/libc.a %(libgcc) --end-group

*link:
-nostdlib -static -L$MUSL/lib
SPECS
}

# configure_busybox WORK BASE CHANGES: WORK/.config is the BASE
# configuration with every option CHANGES sets (CONFIG_X=... or
# "# CONFIG_X is not set") replaced, then completed by Kconfig; each
# change must survive that.
configure_busybox() {
	opts=$(sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p; s/^# \(CONFIG_[A-Z0-9_]*\) is not set$/\1/p' "$3")
	pattern=$(printf '%s\n' $opts | sed 's/.*/^(# )?&[= ]/')
	{ printf '%s\n' "$pattern" | grep -Ev -f - "$2"; grep -E '^(# )?CONFIG_' "$3"; } \
		>"$1/.config.new"
	mv "$1/.config.new" "$1/.config"
	yes "" | bb oldconfig >/dev/null
	grep -E '^(# )?CONFIG_' "$3" | while read -r line; do
		if ! grep -qxF "$line" "$1/.config"; then
			echo "build-userland: $3: '$line' did not stick" >&2
			exit 1
		fi
	done
}

# build_busybox OUT BASE CHANGES: BusyBox configured from BASE (a file, or
# allnoconfig) with CHANGES, built and installed into OUT.
build_busybox() {
	out=$1
	log=$BUILD/$(basename "$out").log
	work=$out-build
	src=$SRC/busybox
	rm -rf "$work" "$out"
	mkdir -p "$work" "$out"
	export KCONFIG_NOTIMESTAMP=1
	bb() {
		make -s -C "$work" -f "$src/Makefile" KBUILD_SRC="$src" "$@"
	}
	base=$2
	if [ "$base" = allnoconfig ]; then
		bb allnoconfig >/dev/null
		base=$work/.config.base
		mv "$work/.config" "$base"
	fi
	configure_busybox "$work" "$base" "$3"
	specs="-specs $MUSL/musl.specs"
	bb -j"$JOBS" CROSS_COMPILE="$CROSS" SKIP_STRIP=y \
		CONFIG_EXTRA_CFLAGS="$specs $ARCHFLAGS -fno-pie" \
		CONFIG_EXTRA_LDFLAGS="$specs -no-pie" busybox \
		>"$log" 2>&1 || fail "$(basename "$out")"
	bb busybox.links >/dev/null
	cp "$work/busybox" "$work/busybox.links" "$work/.config" "$out/"
	rm -rf "$work"
	touch "$out/.built"
	echo "build-userland: BusyBox in $out"
}

case $part in
musl) build_musl ;;
busybox)
	build_busybox "$BUILD/busybox" "$SRC/busybox/debian/config/pkg/static" \
		"$TOP/user/busybox-musl.config"
	;;
busybox-floppy)
	build_busybox "$BUILD/busybox-floppy" allnoconfig \
		"$TOP/user/busybox-floppy.config"
	;;
*)
	echo "usage: $0 musl|busybox|busybox-floppy [BUILD_DIR]" >&2
	exit 2
	;;
esac
