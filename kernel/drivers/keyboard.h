/*
 * kernel/drivers/keyboard.h - the PS/2 keyboard behind the 8042 controller.
 *
 * IRQ 1 delivers scancodes (set 1, which the 8042 translates to by default
 * on PCs, QEMU and Bochs).  The driver tracks Shift, Ctrl and Caps Lock and
 * turns each key press into the bytes a Linux console would send: ASCII,
 * control characters for Ctrl+key, DEL (0x7f) for Backspace, CR for Enter,
 * and ESC [ sequences for the cursor and editing keys.  Those bytes go to
 * the function given to keyboard_init (the console tty's input).
 */
#ifndef KERNEL_DRIVERS_KEYBOARD_H
#define KERNEL_DRIVERS_KEYBOARD_H

#include "kernel/types.h"

void keyboard_init(void (*receive)(const char *bytes, int n));
/* Decode one scancode byte (also what the IRQ handler does); for tests. */
void keyboard_process_scancode(u8 code);

#endif
