# user/userland.mk - the real-userland boot's initramfs (docs/userland.md).
#
# Included by the top Makefile after user/user.mk.  Debian bookworm's i386
# binary packages of tools/userland/packages are fetched and unpacked once
# into build/debian-userland (tools/fetch-debian-userland.sh; again only
# when the list changes), and tools/mkuserland-initramfs.sh archives them
# with our init and the command lines of tools/userland/ into
# build/userland-initramfs.cpio, which the `userland` boot of make test
# and the `linux-userland` boot of make test-linux start.  It is not in
# CHECK_386_FILES: Debian builds for the i686, so the boots give QEMU a
# CPU that has its instructions.

USERLAND_STAMP := $(BUILD)/debian-userland/.fetched
USERLAND_INITRAMFS := $(BUILD)/userland-initramfs.cpio
USERLAND_FILES := $(shell find tools/userland -type f 2>/dev/null)
# The same tree as the root of an ext2 disk (tools/mkuserland-disk.sh):
# the userland-disk boot of make test, and kernbench in make bench.
USERLAND_DISK := $(BUILD)/userland-disk.img

TEST_DEPS += $(USERLAND_INITRAMFS) $(USERLAND_DISK)

# The command lines are sources: no implicit rule may remake one (a test
# named like a program would otherwise match make's built-in rules).
$(USERLAND_FILES): ;

.PHONY: userland-initramfs userland-disk
userland-initramfs: $(USERLAND_INITRAMFS)
userland-disk: $(USERLAND_DISK)

$(USERLAND_STAMP): tools/userland/packages tools/fetch-debian-userland.sh | $(DEPS_ORDER)
	tools/fetch-debian-userland.sh $(BUILD)

# The directory too: a test added with an old mtime changes its mtime.
$(USERLAND_INITRAMFS): $(USERLAND_STAMP) $(BUILD)/user/init $(USER_ROOTFS) $(BUSYBOX_STAMP) \
		$(BUILD)/user/bench/kernbench \
		tools/userland/tests $(USERLAND_FILES) tools/mkuserland-initramfs.sh user/userland.mk
	CROSS=$(CROSS) tools/mkuserland-initramfs.sh $@ $(BUILD)/debian-userland $(BUILD)/user/init $(BUSYBOX) \
		$(BUILD)/user/bench/kernbench

# The stage mkuserland-initramfs.sh left beside the archive.
$(USERLAND_DISK): $(USERLAND_INITRAMFS) tools/mkuserland-disk.sh tools/mkmbr.py
	tools/mkuserland-disk.sh $@ $(USERLAND_INITRAMFS:.cpio=)
