# user/user.mk - build Mapback's user space and its initramfs.
#
# Included by the top Makefile.  Every user/*.c and user/bench/*.c is one
# static i386 program, and the user/tests/*.c are one together (below),
# compiled with the cross gcc and -march=i386 against the musl that
# tools/build-userland.sh builds for the 386 into build/musl, and linked by
# hand: musl's crt files and libc.a, then libgcc.a.  No host headers or libraries are involved, so the same
# binaries run inside Mapback, on Linux in QEMU (`make test-linux`) and,
# where the host kernel runs i386 programs, on the host (`make test-host`).
# musl and BusyBox come from Debian's source packages, which
# tools/fetch-userland.sh unpacks into build/src (`make deps`); each is
# built once, and again only when its stamp (.built) is older than its
# inputs.
#
# The initramfs (newc cpio, as Linux's) holds the skeleton in user/rootfs/,
# BusyBox at /bin/busybox with a symlink per applet (the list BusyBox's own
# build writes; BusyBox never runs on the host), our init at /sbin/init,
# the system call fuzzer at /sbin/fuzz (`make fuzz`), the page tracer at
# /bin/pagetrace (mm/rmap/pagetrace.h) and the test programs in /tests/.
# The test root also holds musl's libc.so as the dynamic linker
# /lib/ld-musl-i386.so.1 and, in /usr/libexec/mapback, the two
# dynamically linked builds of user/tests/dyn/probe.c (a fixed-address
# one and a PIE) that user/tests/dynexec.c runs.  The bench initramfs (`make bench`,
# docs/bench.md) is the same root with the benchmarks in /bench/ instead;
# the floppy's (`make floppy`, docs/boot.md) has neither and a smaller
# BusyBox.

USER_STAMP := $(BUILD)/src/.fetched
MUSL_STAMP := $(BUILD)/musl/.built
MUSL_LIB := $(BUILD)/musl/lib
MUSL_INC := $(BUILD)/musl/include
BUSYBOX_STAMP := $(BUILD)/busybox/.built
BUSYBOX := $(BUILD)/busybox/busybox
# The boot floppy's smaller BusyBox (user/busybox-floppy.config).
BUSYBOX_FLOPPY_STAMP := $(BUILD)/busybox-floppy/.built

USER_CC := $(CROSS)gcc
USER_GCC_INC := $(shell $(USER_CC) -print-file-name=include)
USER_LIBGCC := $(shell $(USER_CC) -print-libgcc-file-name)

USER_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -D_GNU_SOURCE \
	-march=i386 -mtune=i386 \
	-fno-pie -fno-stack-protector -fno-strict-aliasing \
	-nostdinc -isystem $(MUSL_INC) -isystem $(USER_GCC_INC) -Iuser
# noseparate-code: text and read-only data share pages instead of each
# starting a page of its own, a few KiB less per program; the initramfs
# must fit a machine of 8 MiB.
USER_LDFLAGS := -static -nostdlib -no-pie -Wl,-z,noexecstack \
	-Wl,-z,noseparate-code
USER_CRT_BEGIN := $(MUSL_LIB)/crt1.o $(MUSL_LIB)/crti.o
USER_CRT_END := $(MUSL_LIB)/crtn.o
USER_LIBS := -Wl,--start-group $(MUSL_LIB)/libc.a $(USER_LIBGCC) -Wl,--end-group

USER_PROGS := $(patsubst user/%.c,$(BUILD)/user/%,$(wildcard user/*.c))
USER_TESTS := $(patsubst user/tests/%.c,$(BUILD)/user/tests/%,$(wildcard user/tests/*.c))

# The tests are one multi-call program (user/tests/multicall/multicall.c):
# build/user/tests/NAME is a hard link to it, and so is /tests/NAME in the
# initramfs.  A test that says " * Standalone:" in its header comment (why
# it must be its own file) is linked alone, as every other user program.
# A test's main becomes NAME_main in a copy of its object, so NAME must be
# a C identifier, and a test defines no other global symbol: in one program
# two tests' globals would clash, and one that shadowed the C library's
# would change every test.
TESTS_STANDALONE := $(patsubst user/tests/%.c,%,\
	$(shell grep -l '^ \* Standalone:' user/tests/*.c))
TESTS_MULTI := $(filter-out $(TESTS_STANDALONE),\
	$(patsubst user/tests/%.c,%,$(wildcard user/tests/*.c)))
TESTS_BAD_NAMES := $(shell printf '%s\n' $(TESTS_MULTI) | \
	grep -v '^[A-Za-z_][A-Za-z0-9_]*$$')
$(if $(TESTS_BAD_NAMES),$(error user/tests/$(firstword $(TESTS_BAD_NAMES)).c: \
	a test's name must be a C identifier (its main becomes NAME_main)))
MULTICALL := $(BUILD)/user/multicall/tests
MULTICALL_OBJ := $(BUILD)/user/obj/tests/multicall/multicall.o
MULTICALL_TABLE := $(BUILD)/user/multicall/tests-table.h
MULTICALL_MAINS := $(TESTS_MULTI:%=$(BUILD)/user/obj/tests/%.main.o)
USER_BENCH := $(patsubst user/bench/%.c,$(BUILD)/user/bench/%,$(wildcard user/bench/*.c))
USER_OBJS := $(patsubst user/%.c,$(BUILD)/user/obj/%.o,$(wildcard user/*.c user/tests/*.c user/bench/*.c)) \
	$(MULTICALL_OBJ)
# Links are left out: etc/mtab points into /proc, which only a booted
# system has, and make would take the dangling link for a missing file.
USER_ROOTFS := $(shell find user/rootfs ! -type l 2>/dev/null)
# The dynamically linked test programs and what the test root adds for them.
DYN_DIR := $(BUILD)/user/dyn
DYN_ROOT := $(BUILD)/user/dynroot
DYN_LDFLAGS := -nostdlib -Wl,-z,noexecstack -L$(MUSL_LIB) \
	-Wl,--dynamic-linker=/lib/ld-musl-i386.so.1
DYN_PROGS := $(DYN_DIR)/probe-dyn $(DYN_DIR)/probe-pie

INITRAMFS := $(BUILD)/initramfs.cpio
BENCH_INITRAMFS := $(BUILD)/bench-initramfs.cpio
FLOPPY_INITRAMFS := $(BUILD)/floppy-initramfs.cpio

.PHONY: user initramfs test-host bench-host
user: $(USER_PROGS) $(USER_TESTS) $(USER_BENCH) $(DYN_PROGS)
initramfs: $(INITRAMFS)

# The benchmarks are not run by make test, but they must keep building (and
# check-386 scans their initramfs).
TEST_DEPS += $(INITRAMFS) $(BENCH_INITRAMFS) $(FLOPPY_INITRAMFS)

# `make deps` (tools/deps.sh) runs tools/fetch-userland.sh; building a user
# program without it runs the script here.  Order-only on DEPS_ORDER so that
# for the goals that run deps the two never fetch at the same time.
$(USER_STAMP): | $(DEPS_ORDER)
	tools/fetch-userland.sh $(BUILD)

$(MUSL_STAMP): $(USER_STAMP) tools/build-userland.sh user/musl-386.patch
	tools/build-userland.sh musl $(BUILD)

$(BUSYBOX_STAMP): $(MUSL_STAMP) tools/build-userland.sh user/busybox-musl.config
	tools/build-userland.sh busybox $(BUILD)

$(BUSYBOX_FLOPPY_STAMP): $(MUSL_STAMP) tools/build-userland.sh user/busybox-floppy.config
	tools/build-userland.sh busybox-floppy $(BUILD)

$(BUILD)/user/obj/%.o: user/%.c $(MUSL_STAMP)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/user/%: $(BUILD)/user/obj/%.o
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_LDFLAGS) -o $@ $(USER_CRT_BEGIN) $< $(USER_LIBS) $(USER_CRT_END)

# The multi-call test program.  Its table, TEST(NAME) per test in it, is
# rewritten only when the list changes, so that a new test relinks it and
# an unchanged tree rebuilds nothing.
MULTICALL_LIST := $(foreach t,$(TESTS_MULTI),TEST($(t)))
ifneq ($(MULTICALL_LIST),$(shell cat $(MULTICALL_TABLE) 2>/dev/null))
$(shell mkdir -p $(dir $(MULTICALL_TABLE)) && \
	echo '$(MULTICALL_LIST)' >$(MULTICALL_TABLE))
endif

$(MULTICALL_OBJ): $(MULTICALL_TABLE)
$(MULTICALL_OBJ): USER_CFLAGS += -I$(dir $(MULTICALL_TABLE))

# A test's object with main renamed NAME_main, once it is known to define
# no other global symbol.
$(BUILD)/user/obj/tests/%.main.o: $(BUILD)/user/obj/tests/%.o
	@globals=$$($(CROSS)nm --defined-only -g $< | \
		awk '$$3 != "main" { printf " %s", $$3 }'); \
	if [ -n "$$globals" ]; then \
		echo "user/tests/$*.c: global symbol(s)$$globals: make them static" \
			"(the tests are linked into one program, docs/testing.md)" >&2; \
		exit 1; fi
	$(CROSS)objcopy --redefine-sym main=$*_main $< $@

$(MULTICALL): $(MULTICALL_OBJ) $(MULTICALL_MAINS)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_LDFLAGS) -o $@ $(USER_CRT_BEGIN) $^ $(USER_LIBS) $(USER_CRT_END)

$(TESTS_MULTI:%=$(BUILD)/user/tests/%): $(BUILD)/user/tests/%: $(MULTICALL)
	@mkdir -p $(dir $@)
	ln -f $< $@

# The dynamically linked programs (user/tests/dyn/): PT_INTERP names
# musl's libc.so, which doubles as its dynamic linker, and -lc finds
# build/musl/lib/libc.so (DT_NEEDED libc.so, which musl's ld.so knows is
# itself).  probe-dyn is linked at a fixed address, probe-pie is a PIE.

$(DYN_DIR)/probe-dyn.o: user/tests/dyn/probe.c $(MUSL_STAMP)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -MMD -MP -c $< -o $@

$(DYN_DIR)/probe-pie.o: user/tests/dyn/probe.c $(MUSL_STAMP)
	@mkdir -p $(dir $@)
	$(USER_CC) $(USER_CFLAGS) -fPIE -MMD -MP -c $< -o $@

$(DYN_DIR)/probe-dyn: $(DYN_DIR)/probe-dyn.o
	$(USER_CC) $(DYN_LDFLAGS) -no-pie -o $@ $(USER_CRT_BEGIN) $< -lc $(USER_LIBGCC) $(USER_CRT_END)

$(DYN_DIR)/probe-pie: $(DYN_DIR)/probe-pie.o
	$(USER_CC) $(DYN_LDFLAGS) -pie -o $@ $(MUSL_LIB)/Scrt1.o $(MUSL_LIB)/crti.o $< -lc $(USER_LIBGCC) $(USER_CRT_END)

-include $(DYN_DIR)/probe-dyn.d $(DYN_DIR)/probe-pie.d

# What the test root adds for them, staged as a tree make_root copies in.
$(DYN_ROOT)/.staged: $(DYN_PROGS) $(MUSL_STAMP)
	rm -rf $(DYN_ROOT)
	mkdir -p $(DYN_ROOT)/lib $(DYN_ROOT)/usr/libexec/mapback
	$(CROSS)strip -o $(DYN_ROOT)/lib/ld-musl-i386.so.1 $(MUSL_LIB)/libc.so
	$(CROSS)strip --strip-debug $(DYN_PROGS)
	cp $(DYN_PROGS) $(DYN_ROOT)/usr/libexec/mapback/
	touch $@

# Keep the objects: they are intermediates of a pattern chain.
.SECONDARY: $(USER_OBJS) $(MULTICALL_MAINS)
-include $(USER_OBJS:.o=.d)

# $(call make_root,PROGRAMS,DIR,BUSYBOX_DIR[,EXTRA]): the root staged in
# build/ROOT (ROOT is the target's name without .cpio), with PROGRAMS in
# /DIR (hard links kept), the BusyBox of BUSYBOX_DIR and the tree EXTRA
# copied over it, archived into the target with sorted names and root
# ownership (cpio keeps hard links too, as Linux's newc does).  Applet links come from the list BusyBox's build wrote;
# /sbin/init is ours, so BusyBox's init applet link is dropped.  Debug info
# stays in build/, and the test programs' symbols too: at mem=8M the
# unpacked tests must fit in RAM when the last swapoff brings them all back,
# and the floppy is small.  The benchmarks keep their symbols, by which
# check-386 knows bench_rdtsc.  The fuzzer (/sbin/fuzz) goes with the
# test and bench roots only: the floppy carries the installer instead.
# $(call one_name_per_file,DIR): a command printing one name of each file
# in DIR, so that the tests' links are stripped once, not once per test
# (strip keeps a hard link: it writes the file in place).
one_name_per_file = stat -c '%i %n' $(1)/* | sort -k1,1 -u | cut -d' ' -f2-

define make_root
	rm -rf $(basename $@)
	mkdir -p $(basename $@)
	cp -a user/rootfs/. $(basename $@)/
	cd $(basename $@) && mkdir -p bin sbin usr/bin usr/sbin proc dev tmp root $(2)
	$(CROSS)strip -o $(basename $@)/bin/busybox $(3)/busybox
	cd $(basename $@) && for a in $$(sed 's|^/||' $(abspath $(3)/busybox.links)); do \
		case $$a in bin/busybox|sbin/init) continue;; esac; \
		mkdir -p $$(dirname $$a) && ln -sf /bin/busybox $$a || exit 1; done
	cp $(BUILD)/user/init $(basename $@)/sbin/init
	$(if $(2),cp $(BUILD)/user/fuzz $(basename $@)/sbin/fuzz)
	cp $(BUILD)/user/pagetrace $(basename $@)/bin/pagetrace
	$(if $(1),cp --preserve=links $(1) $(basename $@)/$(2)/)
	$(if $(4),cp -a $(4)/. $(basename $@)/ && rm $(basename $@)/.staged)
	$(CROSS)strip --strip-debug $(basename $@)/sbin/init $(if $(2),$(basename $@)/sbin/fuzz) $(basename $@)/bin/pagetrace $(if $(2),$$($(call one_name_per_file,$(basename $@)/$(2))))
	$(if $(filter tests,$(2)),$(CROSS)strip --strip-all $$($(call one_name_per_file,$(basename $@)/tests)))
	chmod 1777 $(basename $@)/tmp
	cd $(basename $@) && find . -mindepth 1 | sed "s|^\./||" | LC_ALL=C sort | \
		cpio -o -H newc -R 0:0 --quiet > $(abspath $@)
endef

$(INITRAMFS): $(USER_PROGS) $(USER_TESTS) $(USER_ROOTFS) $(BUSYBOX_STAMP) $(DYN_ROOT)/.staged user/user.mk
	$(call make_root,$(USER_TESTS),tests,$(BUILD)/busybox,$(DYN_ROOT))

$(BENCH_INITRAMFS): $(USER_PROGS) $(USER_BENCH) $(USER_ROOTFS) $(BUSYBOX_STAMP) user/user.mk
	$(call make_root,$(USER_BENCH),bench,$(BUILD)/busybox)

# The boot floppy's root (`make floppy`): init and the small BusyBox.
$(FLOPPY_INITRAMFS): $(USER_PROGS) $(USER_ROOTFS) $(BUSYBOX_FLOPPY_STAMP) user/user.mk
	$(call make_root,,,$(BUILD)/busybox-floppy)

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
