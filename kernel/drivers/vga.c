/*
 * kernel/drivers/vga.c - text mode 3: 80x25 cells of (character, attribute)
 * at physical 0xB8000, seen through the kernel's direct map.  New lines
 * scroll the screen up; the hardware cursor follows the output.
 */
#include "kernel/drivers/vga.h"
#include "kernel/cpu/io.h"
#include "kernel/lib/string.h"

#define VGA_COLS 80
#define VGA_ROWS 25
#define VGA_ATTR 0x0700		/* light grey on black */
#define VGA_MEM ((u16 *)0xC00B8000)
#define CRTC_INDEX 0x3D4
#define CRTC_DATA 0x3D5

static int row, col;

static void move_cursor(void)
{
	u16 pos = (u16)(row * VGA_COLS + col);

	outb(CRTC_INDEX, 14);
	outb(CRTC_DATA, pos >> 8);
	outb(CRTC_INDEX, 15);
	outb(CRTC_DATA, pos & 0xFF);
}

static void scroll(void)
{
	int i;

	memmove(VGA_MEM, VGA_MEM + VGA_COLS, (VGA_ROWS - 1) * VGA_COLS * 2);
	for (i = 0; i < VGA_COLS; i++)
		VGA_MEM[(VGA_ROWS - 1) * VGA_COLS + i] = VGA_ATTR | ' ';
	row = VGA_ROWS - 1;
}

void vga_init(void)
{
	int i;

	for (i = 0; i < VGA_COLS * VGA_ROWS; i++)
		VGA_MEM[i] = VGA_ATTR | ' ';
	row = col = 0;
	move_cursor();
}

void vga_putc(char c)
{
	switch (c) {
	case '\n':
		col = 0;
		row++;
		break;
	case '\r':
		col = 0;
		break;
	case '\b':
		if (col > 0)
			VGA_MEM[row * VGA_COLS + --col] = VGA_ATTR | ' ';
		break;
	case '\t':
		col = (col + 8) & ~7;
		break;
	default:
		VGA_MEM[row * VGA_COLS + col++] = VGA_ATTR | (u8)c;
		break;
	}
	if (col >= VGA_COLS) {
		col = 0;
		row++;
	}
	if (row >= VGA_ROWS)
		scroll();
	move_cursor();
}
