/*
 * tmpfs_dir.c - a tmpfs directory's st_size and st_nlink, as Linux 6.1's
 * shmem gives them: 40 bytes (BOGO_DIRENT_SIZE 20 for "." and "..") when
 * empty, 20 more per entry; st_nlink 2 plus one per subdirectory.  Both
 * on a tmpfs mounted for the test and in /tmp.
 */
#include "tap.h"
#include <sys/mount.h>
#include <sys/stat.h>

static void sizes(const char *dir, const char *what)
{
	char sub[128], file[128];
	struct stat st;

	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(file, sizeof(file), "%s/file", dir);
	must(stat(dir, &st));
	is(st.st_size, 40, "%s: empty, size 40", what);
	is(st.st_nlink, 2, "%s: empty, 2 links", what);
	close(must(open(file, O_WRONLY | O_CREAT, 0644)));
	must(stat(dir, &st));
	is(st.st_size, 60, "%s: a file, size 60", what);
	is(st.st_nlink, 2, "%s: a file, still 2 links", what);
	must(mkdir(sub, 0755));
	must(stat(dir, &st));
	is(st.st_size, 80, "%s: and a directory, size 80", what);
	is(st.st_nlink, 3, "%s: a subdirectory, 3 links", what);
	must(stat(sub, &st));
	is(st.st_size, 40, "%s: the new directory's size is 40", what);
	must(rmdir(sub));
	must(unlink(file));
	must(stat(dir, &st));
	is(st.st_size, 40, "%s: emptied, size 40 again", what);
	is(st.st_nlink, 2, "%s: emptied, 2 links again", what);
}

int main(void)
{
	const char *mnt = "/tmp/tmpfs_dir.mnt";
	const char *dir = "/tmp/tmpfs_dir.d";

	must(mkdir(dir, 0755));
	sizes(dir, "a directory of /tmp");
	must(rmdir(dir));
	must(mkdir(mnt, 0755));
	must(mount("tmpfs", mnt, "tmpfs", 0, NULL));
	sizes(mnt, "a new tmpfs's root");
	must(umount(mnt));
	must(rmdir(mnt));
	return done_testing();
}
