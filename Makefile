# Makefile - build, run and test Mapback.
#
# Everything lands in build/: build/mapback.elf (the kernel),
# build/initramfs.cpio (user/user.mk) and
# build/mapback.iso.  Sources are found by wildcard, so a new .c or .asm file
# in boot/, kernel/, mm/, fs/, ipc/, compat/ or a folder of theirs is built
# without edits.  The work that is more than a command line lives in tools/
# (deps.sh, mkiso.sh, run-tests.sh, debug.sh); README.md and docs/testing.md
# describe the targets.
#
#   make              build/mapback.elf
#   make deps         install missing host tools (run, iso, test do it too)
#   make run          QEMU, serial on this terminal    (CMDLINE="...")
#   make run-bochs    Bochs booting the ISO             (CMDLINE="...")
#   make iso          build/mapback.iso (GRUB 2)
#   make floppy       build/mapback-floppy.img (own loader, 1.44 MB;
#                     FLOPPY_CMDLINE="...", FLOPPY_TIMEOUT=tenths)
#   make hdd          build/mapback-hdd.img (own loader; boot area, ext2
#                     root, swap; HDD_CMDLINE="...", HDD_TIMEOUT=tenths)
#   make test         every boot in tools/test-boots   (BOOTS="ktest ...")
#   make test-bochs   only the Bochs boot
#   make test-linux   the user tests on Debian's Linux in QEMU (BOOTS="...")
#   make test-faults  the user suite under run-time fault injection
#   make fuzz         the syscall fuzzer (FUZZ_SECS FUZZ_SEED FUZZ_RMAP FUZZ_MEM
#                     FUZZ_BATCHES)
#   make bench        the benchmarks on Mapback (every rmap mode) and Linux
#   make lab LAB=n    a lab's student tree in build/labN (docs/labs/)
#   make grade        grade the labs on this tree (LAB=n: one)
#   make grade-submission SUB=DIR LAB=n   grade a student's lab regions
#   make grade-check  prove the grader fails every stubbed tree
#   make debug        QEMU halted at the first instruction, gdb attached
#   make check        the 386 opcode scan (tools/check-386.sh; also check-386)
#   make clean

# i686-elf-gcc when installed, else Debian's cross compiler.
ifneq ($(shell command -v i686-elf-gcc 2>/dev/null),)
CROSS ?= i686-elf-
else
CROSS ?= i686-linux-gnu-
endif
CC := $(CROSS)gcc
LD := $(CROSS)ld
OBJDUMP := $(CROSS)objdump
NM := $(CROSS)nm
NASM := nasm
QEMU := qemu-system-i386

BUILD := build
KERNEL := $(BUILD)/mapback.elf
ISO := $(BUILD)/mapback.iso
FLOPPY := $(BUILD)/mapback-floppy.img
# The floppy the `floppy` test boot answers the boot: prompt of: its own
# built-in line, and a timeout long enough that a slow host cannot miss it.
FLOPPY_TEST := $(BUILD)/floppy-test.img
HDD := $(BUILD)/mapback-hdd.img
# The hard disk's root file system (hda2) and the disk the hdd test boots
# use: the same root, a boot: prompt that waits long enough.
HDD_ROOT := $(BUILD)/hdd-root.ext2
HDD_TEST := $(BUILD)/hdd-test.img
HDD_CHS_TEST := $(BUILD)/hdd-chs-test.img
# user/user.mk sets INITRAMFS := build/initramfs.cpio; empty means none.
INITRAMFS :=
# The swap disk (hdb) that run, run-bochs and the swap test boots attach.
SWAP_IMG := $(BUILD)/swap.img
# The swap disk of the high-memory pressure boots (-m 2G, -m 3G): 1 GiB,
# sparse, so it costs the host only what a boot writes.
SWAP_BIG_IMG := $(BUILD)/swap-big.img
# The ext2 disk (hdc) that the user test boots attach (tools/mkext2-image.sh).
EXT2_IMG := $(BUILD)/ext2.img
# The empty disk the user boots write on, a copy per boot, checked by
# e2fsck afterwards (tools/run-tests.sh).
EXT2RW_IMG := $(BUILD)/ext2rw.img
# The disk of the I/O error tests and its blkdebug rules
# (tools/mkioerr-image.sh), a copy per boot.
IOERR_IMG := $(BUILD)/ioerr.img
# The same for the memory-pressure boots' ext2 disk (user/tests/ext2_pressure.c).
EXT2_PRESSURE_IMG := $(BUILD)/ext2-pressure.img
# Files `make test` needs besides the kernel; user/user.mk and others add.
TEST_DEPS := $(SWAP_IMG) $(SWAP_BIG_IMG) $(EXT2_IMG) $(EXT2RW_IMG) $(IOERR_IMG) $(EXT2_PRESSURE_IMG) $(FLOPPY_TEST) $(HDD_TEST) $(HDD_CHS_TEST)
# Kernel command line for run, run-bochs and debug.
CMDLINE ?=
# The floppy's built-in command line, and how long its boot: prompt waits
# for a key before booting with it, in tenths of a second (0: at once).
FLOPPY_CMDLINE ?=
FLOPPY_TIMEOUT ?= 50
# The same for the hard disk, and the size of its ext2 root in MiB.
HDD_CMDLINE ?= root=/dev/hda2 rw
HDD_TIMEOUT ?= 50
HDD_ROOT_MIB ?= 16
# Boots of tools/test-boots that `make test` runs; empty means all.
BOOTS ?=
# Bochs display for run-bochs; empty means tools/bochsrc's headless rfb.
BOCHS_DISPLAY ?=

CFLAGS := -ffreestanding -fno-pic -fno-pie -fno-stack-protector \
	-fno-omit-frame-pointer -march=i386 -mtune=i386 -O2 -g \
	-Wall -Wextra -Werror -std=gnu11 -fno-strict-aliasing \
	-mno-mmx -mno-sse -mno-sse2 -mno-80387 -fno-builtin-bswap \
	-fno-asynchronous-unwind-tables -fno-common -I.
# Backtraces follow the ebp chain: a sibling call (jmp instead of call)
# would drop the caller's frame from it.
CFLAGS += -fno-optimize-sibling-calls
LDFLAGS := -m elf_i386 -nostdlib -no-pie -z noexecstack -T linker.ld
NASMFLAGS := -f elf32 -g -F dwarf

KSRCS := $(wildcard boot/*.asm kernel/*.asm kernel/*.c kernel/*/*.asm kernel/*/*.c \
	kernel/*/*/*.c mm/*.c mm/*/*.c fs/*.c fs/*/*.c ipc/*.c compat/*.c)
KOBJS := $(patsubst %,$(BUILD)/obj/%.o,$(KSRCS))

.PHONY: all deps grade-deps run run-bochs iso floppy hdd test test-faults fuzz test-pressure test-bochs test-linux bench lab grade grade-check grade-submission debug check check-386 clean FORCE
all: $(KERNEL)

# The targets that boot something check the host tools first.  DEPS_ORDER
# is `deps` for those goals and empty otherwise; as an order-only
# prerequisite of every object it keeps -j from compiling anything before a
# missing compiler is installed.  user/user.mk uses it the same way for
# files that need tools/fetch-userland.sh to have run.
DEPS_GOALS := run run-bochs iso floppy hdd test test-faults fuzz test-bochs test-linux bench debug
# The graders need less: tools/grade.sh --needs names the files their
# boots read besides the kernel (the swap disk, the user tests'
# initramfs), and grade-deps checks only the tools those take.
GRADE_GOALS := grade grade-check grade-submission
ifneq ($(filter grade,$(MAKECMDGOALS)),)
LAB ?= $(shell cat LAB 2>/dev/null)
endif
ifneq ($(filter $(GRADE_GOALS),$(MAKECMDGOALS)),)
GRADE_NEEDS := $(shell tools/grade.sh --needs $(if $(filter grade-check,$(MAKECMDGOALS)),,$(LAB)))
endif
DEPS_ORDER := $(if $(filter $(DEPS_GOALS),$(MAKECMDGOALS)),deps,$(if $(GRADE_NEEDS)$(filter $(GRADE_GOALS),$(MAKECMDGOALS)),grade-deps))

-include user/user.mk
-include user/userland.mk

$(KOBJS): | $(DEPS_ORDER)

deps:
	@tools/deps.sh

grade-deps:
	@tools/deps.sh --grade $(if $(filter $(INITRAMFS),$(GRADE_NEEDS)),--user)

# In a lab's student tree (tools/mklab.sh) the files of the later labs
# are there to be read, with stubs where those labs' code goes: the kernel
# links the objects of lab-objs/, built from the full tree, in their place.
$(BUILD)/obj/%.c.o: lab-objs/%.c.o
	@mkdir -p $(dir $@)
	cp $< $@

$(BUILD)/obj/%.c.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.asm.o: %.asm
	@mkdir -p $(dir $@)
	$(NASM) $(NASMFLAGS) $< -o $@

# The object list as a file that changes when a source file comes or goes,
# so that deleting a file relinks the kernel without it.
$(BUILD)/kobjs.list: FORCE
	@mkdir -p $(BUILD)
	@echo '$(KOBJS)' | cmp -s - $@ || echo '$(KOBJS)' >$@

# Two links, so backtraces can name functions: the first with an empty
# symbol table, then tools/mksyms.sh turns its `nm` into the real table
# (kernel/ksyms.h), and the second link uses that.  The table sits in
# .rodata after .text, so no function moves; the cmp proves it.
# $(call link_kernel,OBJECTS,KSYMS-PREFIX) makes $@.
define link_kernel
	tools/mksyms.sh </dev/null >$(2)0.c
	$(CC) $(CFLAGS) -c $(2)0.c -o $(2)0.o
	$(LD) $(LDFLAGS) -o $@.pass1 $(1) $(2)0.o
	$(NM) -n $@.pass1 | tools/mksyms.sh >$(2).c
	$(CC) $(CFLAGS) -c $(2).c -o $(2).o
	$(LD) $(LDFLAGS) -o $@ $(1) $(2).o
	$(NM) -n $@ | tools/mksyms.sh | cmp -s - $(2).c || \
		{ echo "$@: symbol addresses moved between links" >&2; rm -f $@; exit 1; }
endef
KSYMS := $(BUILD)/ksyms
$(KERNEL): $(KOBJS) linker.ld tools/mksyms.sh $(BUILD)/kobjs.list
	$(call link_kernel,$(KOBJS),$(KSYMS))

# The kernel of the floppy and of the systems installed from it: the same
# objects without the in-kernel tests, all but cmdline_parsing (which the
# floppy boots run), so that it and the installer's copy of it fit on a
# 1.44 MB floppy and leave a 4 MiB PC some 350 KB more.
SMALL_KERNEL := $(BUILD)/mapback-small.elf
SMALL_KOBJS := $(filter-out %_test.c.o %_test_progs.asm.o %/ktest_ramdisk.c.o,$(KOBJS)) $(BUILD)/obj/kernel/cmdline_test.c.o
$(SMALL_KERNEL): $(SMALL_KOBJS) linker.ld tools/mksyms.sh $(BUILD)/kobjs.list
	$(call link_kernel,$(SMALL_KOBJS),$(BUILD)/ksyms-small)

-include $(KOBJS:.o=.d)

# A display shows the VGA console in a window; without one, serial only.
QEMU_DISPLAY := $(if $(DISPLAY)$(WAYLAND_DISPLAY),,-display none)

$(SWAP_IMG): tools/mkswap-image.sh | $(or $(DEPS_ORDER),deps)
	tools/mkswap-image.sh $@

$(SWAP_BIG_IMG): tools/mkswap-image.sh | $(or $(DEPS_ORDER),deps)
	tools/mkswap-image.sh $@ 1024

$(EXT2_IMG): tools/mkext2-image.sh tools/ext2-tree.py tools/ext2-corrupt.py | $(or $(DEPS_ORDER),deps)
	tools/mkext2-image.sh $@

$(EXT2RW_IMG): tools/mkext2-image.sh | $(or $(DEPS_ORDER),deps)
	tools/mkext2-image.sh --empty $@

$(IOERR_IMG): tools/mkioerr-image.sh tools/mkmbr.py | $(or $(DEPS_ORDER),deps)
	tools/mkioerr-image.sh $@ $(BUILD)/ioerr.conf

$(EXT2_PRESSURE_IMG): tools/mkext2-image.sh tools/mkmbr.py | $(or $(DEPS_ORDER),deps)
	tools/mkext2-image.sh --pressure $@

run: $(KERNEL) $(INITRAMFS) $(SWAP_IMG) | deps
	$(QEMU) -kernel $(KERNEL) -append "$(CMDLINE)" -m 32 -no-reboot \
		-serial stdio -monitor none $(QEMU_DISPLAY) \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-drive file=$(SWAP_IMG),format=raw,if=ide,index=1 \
		$(if $(INITRAMFS),-initrd $(INITRAMFS))

$(ISO): $(KERNEL) $(INITRAMFS) boot/grub.cfg tools/mkiso.sh | deps
	tools/mkiso.sh $@ $(KERNEL) "$(INITRAMFS)"

iso: $(ISO)

# The boot floppy for 386 and 486 PCs from 4 MiB, with the loader in
# boot/loader/ (docs/boot.md, "Old PCs").  Not in KSRCS: boot/*.asm only.
# floppy.opts changes when FLOPPY_CMDLINE or FLOPPY_TIMEOUT does, so that
# the image is built again with them.
# The floppy carries the installer (user/floppyroot/) and what it puts on
# a disk (user/hddroot/).
FLOPPY_DEPS := $(SMALL_KERNEL) $(FLOPPY_INITRAMFS) tools/mkfloppy.sh tools/loader-map.sh \
	$(wildcard boot/loader/*) $(shell find user/floppyroot user/hddroot -type f)
$(FLOPPY): $(FLOPPY_DEPS) $(BUILD)/floppy.opts | deps
	tools/mkfloppy.sh $@ $(SMALL_KERNEL) $(FLOPPY_INITRAMFS) '$(FLOPPY_CMDLINE)' '$(FLOPPY_TIMEOUT)'

$(BUILD)/floppy.opts: FORCE
	@mkdir -p $(BUILD)
	@echo '$(FLOPPY_TIMEOUT) $(FLOPPY_CMDLINE)' | cmp -s - $@ || \
		echo '$(FLOPPY_TIMEOUT) $(FLOPPY_CMDLINE)' >$@

floppy: $(FLOPPY)

$(FLOPPY_TEST): $(FLOPPY_DEPS) | deps
	tools/mkfloppy.sh $@ $(SMALL_KERNEL) $(FLOPPY_INITRAMFS) rmap=objrmap 600

# The hard disk or USB stick: the same loader, the kernel in a boot
# partition, an ext2 root with BusyBox (tools/mkhdd-root.sh) and swap.
$(HDD_ROOT): $(BUILD)/user/init $(BUSYBOX_STAMP) tools/mkhdd-root.sh \
		$(USER_ROOTFS) $(shell find user/hddroot -type f) | deps
	tools/mkhdd-root.sh $@ $(HDD_ROOT_MIB) $(BUILD)/busybox $(BUILD)/user/init

HDD_IMG_DEPS := $(KERNEL) $(HDD_ROOT) tools/mkhdd.sh tools/loader-map.sh \
	tools/mkswap-image.sh $(wildcard boot/loader/*)
$(HDD): $(HDD_IMG_DEPS) $(BUILD)/hdd.opts | deps
	tools/mkhdd.sh $@ $(KERNEL) $(HDD_ROOT) '$(HDD_CMDLINE)' '$(HDD_TIMEOUT)'

$(BUILD)/hdd.opts: FORCE
	@mkdir -p $(BUILD)
	@echo '$(HDD_TIMEOUT) $(HDD_CMDLINE)' | cmp -s - $@ || \
		echo '$(HDD_TIMEOUT) $(HDD_CMDLINE)' >$@

hdd: $(HDD)

$(HDD_TEST): $(HDD_IMG_DEPS) | deps
	tools/mkhdd.sh $@ $(KERNEL) $(HDD_ROOT) 'root=/dev/hda2 ro' 600

# The same disk read by CHS as on a BIOS without the LBA extensions.
$(HDD_CHS_TEST): $(HDD_IMG_DEPS) | deps
	HDD_CHS=1 tools/mkhdd.sh $@ $(KERNEL) $(HDD_ROOT) 'root=/dev/hda2' 0

# Bochs shows VGA through its VNC server (connect a viewer to :5900), or in
# a window with BOCHS_DISPLAY=x (needs bochs-x), and writes COM1 to this
# terminal.  It exits with status 1 however the guest
# ended, which is not an error here.
run-bochs: $(KERNEL) $(INITRAMFS) $(SWAP_IMG) | deps
	tools/mkiso.sh $(BUILD)/run-bochs.iso $(KERNEL) "$(INITRAMFS)" "$(CMDLINE)"
	@echo "run-bochs: VGA on VNC localhost:5900 (or the next free port)"
	echo c >$(BUILD)/run-bochs.rc
	cp $(SWAP_IMG) $(BUILD)/run-bochs-swap.img
	LC_ALL=C LANG=C BXSHARE=/usr/share/bochs MAPBACK_MEGS=32 \
		MAPBACK_ISO=$(BUILD)/run-bochs.iso MAPBACK_SERIAL=/dev/stdout \
		MAPBACK_SWAP=$(BUILD)/run-bochs-swap.img \
		MAPBACK_LOG=$(BUILD)/run-bochs.log \
		bochs -q -f tools/bochsrc -rc $(BUILD)/run-bochs.rc \
		$(if $(BOCHS_DISPLAY),'display_library: $(BOCHS_DISPLAY)') || [ $$? -eq 1 ]

# Every initramfs Mapback builds; check-386 scans each ELF in them.
CHECK_386_FILES = $(INITRAMFS) $(BENCH_INITRAMFS) $(FLOPPY_INITRAMFS)
TEST_ENV = KERNEL=$(KERNEL) SMALL_KERNEL=$(SMALL_KERNEL) INITRAMFS="$(INITRAMFS)" OBJDUMP=$(OBJDUMP) \
	CHECK_386="$(CHECK_386_FILES)" FLOPPY_INITRAMFS="$(FLOPPY_INITRAMFS)"

test: $(KERNEL) $(TEST_DEPS) | deps
	@$(TEST_ENV) tools/run-tests.sh $(BOOTS)

# The same runner over tools/fault-boots (docs/testing.md).
test-faults: $(KERNEL) $(TEST_DEPS) | deps
	@$(TEST_ENV) BOOTS_FILE=tools/fault-boots tools/run-tests.sh $(BOOTS)

# The fuzzer: FUZZ_SECS seconds per boot, with FUZZ_SEED (0: a new one
# each run, printed), in the rmap modes of FUZZ_RMAP and at the memory
# sizes of FUZZ_MEM (8M boots get the swap disk); FUZZ_BATCHES makes
# only the batches it lists (user/fuzz.c).  tools/mkfuzz-boots.sh
# writes the boots for tools/run-tests.sh.
FUZZ_SECS ?= 60
FUZZ_SEED ?= 0
FUZZ_RMAP ?= objrmap pte_chain
FUZZ_MEM ?= 32M 8M
FUZZ_BATCHES ?=
fuzz: $(KERNEL) $(TEST_DEPS) | deps
	@tools/mkfuzz-boots.sh "$(FUZZ_SECS)" "$(FUZZ_SEED)" "$(FUZZ_RMAP)" \
		"$(FUZZ_MEM)" "$(FUZZ_BATCHES)" >$(BUILD)/fuzz-boots
	@$(TEST_ENV) BOOTS_FILE=$(BUILD)/fuzz-boots tools/run-tests.sh

# Only the three memory-pressure user boots of make test (mem=8M, swap on),
# for running them again and again.
test-pressure: $(KERNEL) $(TEST_DEPS) | deps
	@$(TEST_ENV) tools/run-tests.sh user-swap-8m user-swap-pte user-swap-anon

test-bochs: $(KERNEL) $(TEST_DEPS) | deps
	@$(TEST_ENV) tools/run-tests.sh bochs

# The labs (docs/labs/README.md): LAB picks one, LABDIR where its tree
# goes.  Grading builds the kernel and only what the lab's boots read.
LAB ?=
# The later labs' objects come from this tree's build.  FROM=DIR (the
# student's tree of an earlier lab) carries the student's
# own code of the labs before LAB into the new tree.  In a student tree
# the file LAB names its lab, which `make grade` then grades by default.
LABDIR ?= $(BUILD)/lab$(LAB)
lab: $(KERNEL)
	@test -n "$(LAB)" || { echo "make lab: which lab? e.g. make lab LAB=4" >&2; exit 2; }
	@tools/mklab.sh $(LAB) $(LABDIR) $(FROM)

grade: $(KERNEL) $(GRADE_NEEDS) | grade-deps
	@$(TEST_ENV) tools/grade.sh $(LAB)

grade-check: $(KERNEL) $(GRADE_NEEDS) | grade-deps
	@$(TEST_ENV) CROSS=$(CROSS) tools/grade-check.sh

# A student's tree, graded with this tree's grader and tests (SUB=DIR LAB=n).
grade-submission: $(KERNEL) $(GRADE_NEEDS) | grade-deps
	@[ -n "$(SUB)" ] && [ -n "$(LAB)" ] || { echo "make grade-submission SUB=DIR LAB=n" >&2; exit 2; }
	@$(TEST_ENV) CROSS=$(CROSS) tools/grade-submission.sh $(LAB) $(SUB)

# The user tests on Linux (tools/linux-boots): every one must pass there.
test-linux: $(KERNEL) $(INITRAMFS) $(USERLAND_INITRAMFS) $(SWAP_BIG_IMG) $(EXT2_IMG) $(EXT2RW_IMG) $(IOERR_IMG) $(EXT2_PRESSURE_IMG) | deps
	@INITRAMFS=$(INITRAMFS) tools/test-linux.sh $(BOOTS)

# The benchmarks (docs/bench.md): not part of make test or CI.
# Each kernel boots twice, so the table says how far each figure moved
# from boot to boot (BENCH_RUNS=1 for one boot each).
BENCH_RUNS ?= 2
# kernbench also compiles from the userland disk at 16 and 32 MiB.
BENCH_KERNBENCH_MEMS ?= 16 32
# The CPUs of each column: BENCH_SMP="1 2 4" boots every column with
# -smp 1, 2 and 4 and sums up sdet and kernbench by CPUs (docs/bench.md).
BENCH_SMP ?= 1
bench: $(KERNEL) $(BENCH_INITRAMFS) $(USERLAND_DISK) | deps
	@command -v gnuplot >/dev/null || tools/deps.sh gnuplot-nox
	@KERNEL=$(KERNEL) BENCH_INITRAMFS=$(BENCH_INITRAMFS) \
		BENCH_KERNBENCH_MEMS="$(BENCH_KERNBENCH_MEMS)" \
		BENCH_SMP="$(BENCH_SMP)" \
		BENCH_RUNS=$(BENCH_RUNS) tools/run-bench.sh

debug: $(KERNEL) $(INITRAMFS) | deps
	@tools/deps.sh gdb
	tools/debug.sh $(KERNEL) "$(CMDLINE)" "$(INITRAMFS)"

check: $(KERNEL) $(CHECK_386_FILES)
	OBJDUMP=$(OBJDUMP) tools/check-386.sh $(KERNEL) $(CHECK_386_FILES)

check-386: check

clean:
	rm -rf $(BUILD)
