/*
 * kernel/drivers/tty/tty.h - terminals: the console tty and its line discipline.
 *
 * Mapback has one terminal, the console: output goes to COM1 and the VGA
 * text screen, input comes from COM1 (IRQ 4, polled until the first
 * interrupt is seen) and the PS/2 keyboard.  /dev/console (5:1), /dev/tty
 * (5:0, the caller's controlling terminal) and /dev/ttyS0 (4:64) all open
 * it.
 *
 * The line discipline (kernel/drivers/tty/n_tty.c) does what Linux's N_TTY does for the
 * flags below: canonical lines with erase/kill/^D, echo, ^C/^\/^Z to the
 * foreground process group, CR/NL mapping, and non-canonical (raw) reads
 * with VMIN/VTIME for editors.
 */
#ifndef KERNEL_DRIVERS_TTY_TTY_H
#define KERNEL_DRIVERS_TTY_TTY_H

#include "kernel/drivers/tty/termios.h"
#include "kernel/sched/wait.h"

#define N_TTY_BUF_SIZE 4096	/* a power of two: the ring is indexed mod it */

struct tty_struct {
	const char *name;
	struct termios termios;
	struct winsize winsize;
	int pgrp;	/* foreground process group; 0 if none */
	int session;	/* session it is the controlling tty of; 0 if none */
	/* Input ring: [read_tail, read_head) holds bytes not yet read;
	 * [read_tail, canon_head) are complete lines (canonical mode). */
	char read_buf[N_TTY_BUF_SIZE];
	u8 read_delim[N_TTY_BUF_SIZE / 8];	/* a line ends at this byte */
	u32 read_head, read_tail, canon_head;
	unsigned int column;	/* output column, for erasing tabs */
	wait_queue_head_t read_wait;
	void (*write)(struct tty_struct *tty, const char *buf, size_t n);
};

extern struct tty_struct console_tty;

void tty_init(void);
/* Input bytes from a driver (interrupt context is fine). */
void tty_receive(struct tty_struct *tty, const char *buf, size_t n);

/* Line discipline, kernel/drivers/tty/n_tty.c */
void n_tty_receive_char(struct tty_struct *tty, u8 c);
/* Bytes a read can take now (canonical: up to the end of a line). */
u32 n_tty_readable(struct tty_struct *tty);
/* Copy out up to n bytes; canonical reads stop after a line. */
size_t n_tty_copy(struct tty_struct *tty, char *buf, size_t n);
void n_tty_flush_input(struct tty_struct *tty);
/* Output with OPOST processing. */
void n_tty_write(struct tty_struct *tty, const char *buf, size_t n);
/* After new termios: make partial input readable when leaving ICANON. */
void n_tty_set_termios(struct tty_struct *tty, const struct termios *old);
void tty_default_termios(struct termios *t);

#endif
