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
LDFLAGS := -m elf_i386 -nostdlib -no-pie -z noexecstack -T linker.ld
NASMFLAGS := -f elf32 -g -F dwarf

KSRCS := $(wildcard boot/*.asm kernel/*.c kernel/*/*.c mm/*.c fs/*.c)
KOBJS := $(patsubst %,$(BUILD)/obj/%.o,$(KSRCS))

.PHONY: all deps run run-bochs iso test test-bochs test-host debug clean
all: $(KERNEL)

$(BUILD)/obj/%.c.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.asm.o: %.asm
	@mkdir -p $(dir $@)
	$(NASM) $(NASMFLAGS) $< -o $@

$(KERNEL): $(KOBJS) linker.ld
	$(LD) $(LDFLAGS) -o $@ $(KOBJS)

-include $(KOBJS:.o=.d)

clean:
	rm -rf $(BUILD)
-include user/user.mk
