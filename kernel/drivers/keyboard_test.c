/*
 * kernel/drivers/keyboard_test.c - ktest for scancode decoding, fed to the
 * console tty with echo off so nothing reaches the screen.
 */
#include "kernel/drivers/tty/tty.h"
#include "kernel/drivers/keyboard.h"
#include "kernel/ktest.h"
#include "kernel/lib/string.h"

static void press(u8 code)
{
	keyboard_process_scancode(code);
	keyboard_process_scancode(code | 0x80);
}

KTEST(keyboard_set1_shift_ctrl_caps_and_cursor_keys)
{
	struct tty_struct *tty = &console_tty;
	struct termios saved = tty->termios;
	char buf[16];

	n_tty_flush_input(tty);
	tty->termios.c_lflag &= ~(ECHO | ICANON | ISIG);
	press(0x1E);				/* a */
	keyboard_process_scancode(0x2A);	/* left shift down */
	press(0x1E);				/* A */
	press(0x02);				/* ! */
	keyboard_process_scancode(0xAA);	/* shift up */
	press(0x3A);				/* caps lock on */
	press(0x30);				/* B */
	keyboard_process_scancode(0x2A);
	press(0x30);				/* shift undoes caps: b */
	press(0x02);				/* caps leaves digits: ! */
	keyboard_process_scancode(0xAA);
	press(0x3A);				/* caps lock off */
	keyboard_process_scancode(0x1D);	/* ctrl down */
	press(0x2E);				/* ^C as a byte (ISIG off) */
	keyboard_process_scancode(0x9D);
	press(0x0E);				/* backspace: DEL */
	keyboard_process_scancode(0xE0);	/* up arrow: ESC [ A */
	keyboard_process_scancode(0x48);
	keyboard_process_scancode(0xE0);
	keyboard_process_scancode(0xC8);
	press(0x1C);				/* enter: CR, ICRNL -> NL */
	KEXPECT_EQ(n_tty_readable(tty), 12);
	KEXPECT_EQ(n_tty_copy(tty, buf, sizeof(buf)), 12);
	KEXPECT_EQ(memcmp(buf, "aA!Bb!\003\177\033[A\n", 12), 0);
	tty->termios = saved;
	n_tty_flush_input(tty);
}
