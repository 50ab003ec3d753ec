/*
 * kernel/drivers/vga.h - the 80x25 VGA text console.
 */
#ifndef KERNEL_DRIVERS_VGA_H
#define KERNEL_DRIVERS_VGA_H

void vga_init(void);
void vga_putc(char c);

#endif
