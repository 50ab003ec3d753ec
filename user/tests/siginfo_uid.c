/*
 * siginfo_uid.c - a signal's siginfo names the sender's real uid.
 *
 * A child whose real uid is 1234 (its effective uid stays root, so it
 * may signal its parent) sends kill, tgkill and sigqueue: sigwaitinfo
 * in the parent sees si_pid and si_uid 1234 with SI_USER, SI_TKILL and
 * SI_QUEUE; a signalfd reads the same uid in ssi_uid; and the SIGCHLD
 * of a child that exits as user 1234 carries that uid too.  That child
 * exits only once the parent waits in sigwaitinfo, which unblocks
 * SIGCHLD meanwhile: a signal whose default action is to be ignored must
 * still reach a wait that asked for it.
 */
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include "tests/tap.h"

#define UID 1234

/* In the child: real uid UID, effective root; signal the parent. */
static void sender(pid_t parent)
{
	union sigval v = { .sival_int = 7 };

	if (setreuid(UID, 0) != 0)
		_exit(1);
	kill(parent, SIGUSR1);
	syscall(SYS_tgkill, parent, parent, SIGUSR2);
	sigqueue(parent, SIGRTMIN, v);
	kill(parent, SIGHUP); /* read through the signalfd */
	_exit(0);
}

static void check(int sig, int code, pid_t pid, const char *what)
{
	sigset_t set;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, sig);
	if (!ok(sigwaitinfo(&set, &si) == sig, "%s arrives", what))
		return;
	is(si.si_code, code, "%s: si_code", what);
	is(si.si_pid, pid, "%s: si_pid is the sender", what);
	is(si.si_uid, UID, "%s: si_uid is the sender's real uid", what);
}

int main(void)
{
	struct timespec ten = { 10, 0 };
	struct signalfd_siginfo ssi;
	sigset_t set, hup;
	pid_t pid, me = getpid();
	siginfo_t si;
	int sfd;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigemptyset(&hup);
	sigaddset(&hup, SIGHUP);
	sfd = must(signalfd(-1, &hup, 0));

	pid = must(fork());
	if (pid == 0)
		sender(me);
	check(SIGUSR1, SI_USER, pid, "kill");
	check(SIGUSR2, SI_TKILL, pid, "tgkill");
	check(SIGRTMIN, SI_QUEUE, pid, "sigqueue");
	if (ok(read(sfd, &ssi, sizeof(ssi)) == sizeof(ssi),
	       "the signalfd gives the kill")) {
		is(ssi.ssi_pid, pid, "ssi_pid");
		is(ssi.ssi_uid, UID, "ssi_uid is the sender's real uid");
	}
	waitpid(pid, NULL, 0);
	sigemptyset(&hup);
	sigaddset(&hup, SIGCHLD);
	sigwaitinfo(&hup, &si); /* that child's SIGCHLD */

	pid = must(fork());
	if (pid == 0) {
		if (setuid(UID) != 0)
			_exit(1);
		wait_sleeping(me); /* in sigwaitinfo, SIGCHLD unblocked */
		_exit(3);
	}
	if (ok(sigtimedwait(&hup, &si, &ten) == SIGCHLD,
	       "SIGCHLD arrives while sigwaitinfo waits")) {
		is(si.si_pid, pid, "SIGCHLD: si_pid is the child");
		is(si.si_uid, UID, "SIGCHLD: si_uid is the child's uid");
		is(si.si_status, 3, "SIGCHLD: si_status");
	}
	waitpid(pid, NULL, 0);
	close(sfd);
	return done_testing();
}
