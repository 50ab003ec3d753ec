# user/user.mk - build Mapback's user space and its initramfs.
#
# Included by the top Makefile.  Every user/*.c, user/tests/*.c and
# user/bench/*.c is one static i386 program, compiled with the cross gcc against the musl that
# tools/fetch-userland.sh unpacks into build/sysroot (`make deps`), and
# linked by hand: musl's crt files and libc.a, then libgcc.a.  No host
# headers or libraries are involved, so the same binaries run inside
# Mapback and on the host Linux (`make test-host`).
#
# The initramfs (newc cpio, as Linux's) holds the skeleton in user/rootfs/,
# BusyBox at /bin/busybox with a symlink per applet, our init at /sbin/init,
# the system call fuzzer at /sbin/fuzz (`make fuzz`) and the test programs
# in /tests/.  The bench initramfs (`make bench`,
# docs/bench.md) is the same root with the benchmarks in /bench/ instead.

USER_SYSROOT := $(BUILD)/sysroot
USER_STAMP := $(USER_SYSROOT)/.fetched
MUSL_LIB := $(USER_SYSROOT)/usr/lib/i386-linux-musl
MUSL_INC := $(USER_SYSROOT)/usr/include/i386-linux-musl
BUSYBOX := $(USER_SYSROOT)/bin/busybox

USER_CC := $(CROSS)gcc
USER_GCC_INC := $(shell $(USER_CC) -print-file-name=include)
USER_LIBGCC := $(shell $(USER_CC) -print-libgcc-file-name)

USER_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -D_GNU_SOURCE \
	-fno-pie -fno-stack-protector -fno-strict-aliasing \
	-nostdinc -isystem $(MUSL_INC) -isystem $(USER_GCC_INC) -Iuser
USER_LDFLAGS := -static -nostdlib -no-pie -Wl,-z,noexecstack
USER_CRT_BEGIN := $(MUSL_LIB)/crt1.o $(MUSL_LIB)/crti.o
USER_CRT_END := $(MUSL_LIB)/crtn.o
USER_LIBS := -Wl,--start-group $(MUSL_LIB)/libc.a $(USER_LIBGCC) -Wl,--end-group

USER_PROGS := $(patsubst user/%.c,$(BUILD)/user/%,$(wildcard user/*.c))
USER_TESTS := $(patsubst user/tests/%.c,$(BUILD)/user/tests/%,$(wildcard user/tests/*.c))
USER_BENCH := $(patsubst user/bench/%.c,$(BUILD)/user/bench/%,$(wildcard user/bench/*.c))
USER_OBJS := $(patsubst user/%.c,$(BUILD)/user/obj/%.o,$(wildcard user/*.c user/tests/*.c user/bench/*.c))
USER_ROOTFS := $(shell find user/rootfs 2>/dev/null)

INITRAMFS := $(BUILD)/initramfs.cpio
BENCH_INITRAMFS := $(BUILD)/bench-initramfs.cpio

.PHONY: user initramfs test-host bench-host
user: $(USER_PROGS) $(USER_TESTS) $(USER_BENCH)
initramfs: $(INITRAMFS)

# The benchmarks are not run by make test, but they must keep building.
TEST_DEPS += $(INITRAMFS) $(USER_BENCH)

# `make deps` (tools/deps.sh) runs tools/fetch-userland.sh; building a user
# program without it runs the script here.  Order-only on DEPS_ORDER so that
# for the goals that run deps the two never fetch at the same time.
$(USER_STAMP): | $(DEPS_ORDER)
	tools/fetch-userland.sh $(BUILD)

$(BUILD)/user/obj/%.o: user/%.c $(USER_STAMP)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/user/%: $(BUILD)/user/obj/%.o
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_LDFLAGS) -o $@ $(USER_CRT_BEGIN) $< $(USER_LIBS) $(USER_CRT_END)

# Keep the objects: they are intermediates of a pattern chain.
.SECONDARY: $(USER_OBJS)
-include $(USER_OBJS:.o=.d)

# $(call make_root,PROGRAMS,DIR): the root staged in build/ROOT (ROOT is
# the target's name without .cpio), with PROGRAMS in /DIR, archived into
# the target with sorted names and root ownership.  Applet links come from
# BusyBox itself; /sbin/init is ours, so BusyBox's init applet link is
# dropped.  Debug info stays in build/user: at mem=8M the test archive and
# its unpacked copy must both fit in RAM before swap is on.
define make_root
	rm -rf $(basename $@)
	mkdir -p $(basename $@)
	cp -a user/rootfs/. $(basename $@)/
	cd $(basename $@) && mkdir -p bin sbin usr/bin usr/sbin proc dev tmp root $(2)
	cp $(BUSYBOX) $(basename $@)/bin/busybox
	cd $(basename $@) && for a in $$($(abspath $(BUSYBOX)) --list-full); do \
		case $$a in bin/busybox|sbin/init) continue;; esac; \
		mkdir -p $$(dirname $$a); ln -sf /bin/busybox $$a; done
	cp $(BUILD)/user/init $(basename $@)/sbin/init
	cp $(BUILD)/user/fuzz $(basename $@)/sbin/fuzz
	$(if $(1),cp $(1) $(basename $@)/$(2)/)
	$(CROSS)strip --strip-debug $(basename $@)/sbin/init $(basename $@)/sbin/fuzz $(basename $@)/$(2)/*
	chmod 1777 $(basename $@)/tmp
	cd $(basename $@) && find . -mindepth 1 | sed "s|^\./||" | LC_ALL=C sort | \
		cpio -o -H newc -R 0:0 --quiet > $(abspath $@)
endef

$(INITRAMFS): $(USER_PROGS) $(USER_TESTS) $(USER_ROOTFS) $(USER_STAMP) user/user.mk
	$(call make_root,$(USER_TESTS),tests)

$(BENCH_INITRAMFS): $(USER_PROGS) $(USER_BENCH) $(USER_ROOTFS) $(USER_STAMP) user/user.mk
	$(call make_root,$(USER_BENCH),bench)

# $(call run_on_host,PROGRAMS): run each program on the host Linux, as init
# does inside Mapback: sorted, each in a scratch directory with a clean
# environment (TEST_* and BENCH_* variables pass through), BusyBox's path in
# $BUSYBOX.
define run_on_host
	@pass=0; fail=0; tmp=$(BUILD)/user/host-tmp; bb=$$(realpath $(BUSYBOX)); \
	for t in $(sort $(1)); do \
		rm -rf $$tmp; mkdir -p $$tmp; prog=$$(realpath $$t); \
		if (cd $$tmp && env -i PATH=/usr/bin:/bin HOME=/ BUSYBOX=$$bb \
			$$(env | grep -E "^(TEST|BENCH)_") $$prog); \
		then pass=$$((pass + 1)); echo "ok - $$(basename $$t)"; \
		else fail=$$((fail + 1)); echo "not ok - $$(basename $$t) (status $$?)"; fi; \
	done; rm -rf $$tmp; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]
endef

test-host: $(USER_TESTS)
	$(call run_on_host,$(USER_TESTS))

# The benchmarks on the host: they run, and print their figures (host TSC
# cycles there, not guest instructions).
bench-host: $(USER_BENCH)
	$(call run_on_host,$(USER_BENCH))
