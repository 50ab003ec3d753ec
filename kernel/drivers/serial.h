/*
 * kernel/drivers/serial.h - the COM1 16550 UART, 115200 8N1.
 */
#ifndef KERNEL_DRIVERS_SERIAL_H
#define KERNEL_DRIVERS_SERIAL_H

#include "kernel/types.h"

void serial_init(void);
/* '\n' goes out as "\r\n" (for printk); _raw sends the byte as is (the tty
 * does its own output processing). */
void serial_putc(char c);
void serial_putc_raw(char c);
/* Raise IRQ4 when a byte arrives (the tty's input path). */
void serial_enable_rx_irq(void);
/* Returns the next received byte, or -1 when none is waiting. */
int serial_getc(void);

#endif
