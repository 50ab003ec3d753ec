/*
 * kernel/drivers/keyboard.c - 8042 PS/2 keyboard, scancode set 1.
 *
 * A make code is the key number; the break code (release) has bit 7 set.
 * 0xE0 prefixes the extended keys (cursor block, right Ctrl).  Only the
 * modifier state is kept between bytes.
 */
#include "kernel/drivers/keyboard.h"
#include "kernel/cpu/io.h"
#include "kernel/cpu/trap.h"

#define KBD_DATA 0x60
#define KBD_STATUS 0x64
#define KBD_OBF 0x01	/* output buffer full: a byte to read */
#define KBD_IRQ 1

#define SC_LCTRL 0x1D
#define SC_LSHIFT 0x2A
#define SC_RSHIFT 0x36
#define SC_CAPS 0x3A
#define SC_EXTENDED 0xE0

static void (*rx)(const char *bytes, int n);
static bool shift, ctrl, caps, extended;

/* Unshifted and shifted characters of the main block, by make code. */
static const char normal[0x3A] =
	"\0\033" "1234567890-=" "\177\t" "qwertyuiop[]" "\r\0"
	"asdfghjkl;'`" "\0\\" "zxcvbnm,./" "\0*\0 ";
static const char shifted[0x3A] =
	"\0\033" "!@#$%^&*()_+" "\177\t" "QWERTYUIOP{}" "\r\0"
	"ASDFGHJKL:\"~" "\0|" "ZXCVBNM<>?" "\0*\0 ";

struct ext_key {
	u8 code;
	const char *seq;
};

static const struct ext_key ext_keys[] = {
	{ 0x48, "\033[A" }, { 0x50, "\033[B" }, { 0x4D, "\033[C" },
	{ 0x4B, "\033[D" }, { 0x47, "\033[1~" }, { 0x4F, "\033[4~" },
	{ 0x52, "\033[2~" }, { 0x53, "\033[3~" }, { 0x49, "\033[5~" },
	{ 0x51, "\033[6~" }, { 0x1C, "\r" }, { 0x35, "/" },
};

static void emit(const char *s, int n)
{
	if (rx && n)
		rx(s, n);
}

static void extended_key(u8 code)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ext_keys); i++) {
		const char *s = ext_keys[i].seq;
		int n = 0;

		if (ext_keys[i].code != code)
			continue;
		while (s[n])
			n++;
		emit(s, n);
		return;
	}
}

static void plain_key(u8 code)
{
	char c;
	bool letter;

	if (code >= sizeof(normal))
		return;
	c = normal[code];
	letter = c >= 'a' && c <= 'z';
	if (shift != (caps && letter))
		c = shifted[code];
	if (ctrl && c >= '@' && c <= '~')
		c &= 0x1f;
	if (c)
		emit(&c, 1);
}

void keyboard_process_scancode(u8 code)
{
	bool release = code & 0x80;
	u8 key = code & 0x7f;

	if (code == SC_EXTENDED) {
		extended = true;
		return;
	}
	if (extended) {
		extended = false;
		if (key == SC_LCTRL)
			ctrl = !release;	/* right Ctrl */
		else if (!release)
			extended_key(key);
		return;
	}
	switch (key) {
	case SC_LSHIFT:
	case SC_RSHIFT:
		shift = !release;
		return;
	case SC_LCTRL:
		ctrl = !release;
		return;
	case SC_CAPS:
		if (!release)
			caps = !caps;
		return;
	}
	if (!release)
		plain_key(key);
}

static void keyboard_irq(struct trapframe *tf)
{
	(void)tf;
	while (inb(KBD_STATUS) & KBD_OBF)
		keyboard_process_scancode(inb(KBD_DATA));
}

void keyboard_init(void (*receive)(const char *bytes, int n))
{
	int spins = 64;

	rx = receive;
	/* Drop whatever the firmware left in the controller. */
	while ((inb(KBD_STATUS) & KBD_OBF) && --spins)
		inb(KBD_DATA);
	request_irq(KBD_IRQ, keyboard_irq, "i8042");
}
