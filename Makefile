# Makefile - build, run and test Mapback.
#
# Everything lands in build/: build/mapback.elf (the kernel),
# build/initramfs.cpio, build/mapback.iso.  Sources are found by wildcard,
# so a new .c or .asm file in boot/ kernel/ mm/ fs/ is built without edits.

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

BUILD := build
KERNEL := $(BUILD)/mapback.elf

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

KSRCS := $(wildcard boot/*.asm kernel/*.asm kernel/*.c kernel/*/*.c mm/*.c fs/*.c)
KOBJS := $(patsubst %,$(BUILD)/obj/%.o,$(KSRCS))

.PHONY: all deps run run-bochs iso test test-bochs test-host debug clean check-386
all: $(KERNEL)

$(BUILD)/obj/%.c.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.asm.o: %.asm
	@mkdir -p $(dir $@)
	$(NASM) $(NASMFLAGS) $< -o $@

# Two links, so backtraces can name functions: the first with an empty
# symbol table, then tools/mksyms.sh turns its `nm` into the real table
# (kernel/ksyms.h), and the second link uses that.  The table sits in
# .rodata after .text, so no function moves; the cmp proves it.
KSYMS := $(BUILD)/ksyms
$(KERNEL): $(KOBJS) linker.ld tools/mksyms.sh
	tools/mksyms.sh </dev/null >$(KSYMS)0.c
	$(CC) $(CFLAGS) -c $(KSYMS)0.c -o $(KSYMS)0.o
	$(LD) $(LDFLAGS) -o $@.pass1 $(KOBJS) $(KSYMS)0.o
	$(NM) -n $@.pass1 | tools/mksyms.sh >$(KSYMS).c
	$(CC) $(CFLAGS) -c $(KSYMS).c -o $(KSYMS).o
	$(LD) $(LDFLAGS) -o $@ $(KOBJS) $(KSYMS).o
	$(NM) -n $@ | tools/mksyms.sh | cmp -s - $(KSYMS).c || \
		{ echo "$@: symbol addresses moved between links" >&2; rm -f $@; exit 1; }

check-386: $(KERNEL)
	OBJDUMP=$(OBJDUMP) tools/check-386.sh $(KERNEL)

-include $(KOBJS:.o=.d)

clean:
	rm -rf $(BUILD)
