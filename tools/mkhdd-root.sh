#!/bin/bash
# tools/mkhdd-root.sh - the root file system of the Mapback hard disk: an
# ext2 image for its second partition (hda2), made by e2fsprogs' mke2fs
# from a tree built here, as any user and with no loop device.
#
#   tools/mkhdd-root.sh OUT.ext2 SIZE_MIB BUSYBOX_DIR INIT
#
# The tree is the initramfs's (user/user.mk's make_root) plus what a disk
# root needs (user/hddroot/):
#   /bin/busybox and its applet links (from BUSYBOX_DIR/busybox.links),
#   /sbin/init (INIT, Mapback's init), /etc from user/rootfs/ and
#   user/hddroot/etc/ (fstab, rc, passwd, group), /sbin/hdd-check (the
#   disk's self-check), /home/user (with user/hddroot's README), /root,
#   /tmp, /proc, /dev, /mnt.
# init runs /etc/rc, which mounts what fstab lists and turns swap on.
# Every file belongs to root (uid 0) but /home/user (1000:100): mke2fs
# copies the owners of the tree, which are the builder's, so debugfs sets
# them afterwards.  The image is the same from build to build but for the
# UUID and hash seed, fixed here too.
set -euo pipefail

out=$1 mib=$2 busybox=$3 init=$4
cross=${CROSS:-i686-linux-gnu-}
mke2fs=$(command -v mke2fs || echo /usr/sbin/mke2fs)
debugfs=$(command -v debugfs || echo /usr/sbin/debugfs)
tree=$out.d

rm -rf "$tree" "$out.tmp"
mkdir -p "$tree"
cp -a user/rootfs/. "$tree/"
cp -a user/hddroot/. "$tree/"
(cd "$tree" && mkdir -p bin sbin usr/bin usr/sbin proc dev tmp root mnt home/user)
chmod 1777 "$tree/tmp"
chmod 700 "$tree/root"
"${cross}strip" -o "$tree/bin/busybox" "$busybox/busybox"
for a in $(sed 's|^/||' "$busybox/busybox.links"); do
	case $a in bin/busybox | sbin/init) continue ;; esac
	mkdir -p "$tree/$(dirname "$a")"
	ln -sf /bin/busybox "$tree/$a"
done
"${cross}strip" -o "$tree/sbin/init" "$init"

export E2FSPROGS_FAKE_TIME=1700000000
: >"$out.tmp"
"$mke2fs" -q -F -t ext2 -d "$tree" -L mapback-root -b 1024 \
	-U 6d617062-6163-6b00-0000-0000000000d2 \
	-E hash_seed=6d617062-6163-6b00-0000-0000000000d2 \
	"$out.tmp" "${mib}M"
# Owners: root everywhere, the user in his home.
(cd "$tree" && find . -mindepth 1 | sed 's|^\.||' | while read -r p; do
	case $p in
	/home/user*) echo "sif \"$p\" uid 1000"; echo "sif \"$p\" gid 100" ;;
	*) echo "sif \"$p\" uid 0"; echo "sif \"$p\" gid 0" ;;
	esac
done) | "$debugfs" -w -f - "$out.tmp" >/dev/null 2>&1
rm -rf "$tree"
mv "$out.tmp" "$out"
