/*
 * kernel/drivers/serial.h - the COM1 16550 UART, 115200 8N1.
 */
#ifndef KERNEL_DRIVERS_SERIAL_H
#define KERNEL_DRIVERS_SERIAL_H

#include "kernel/types.h"

void serial_init(void);
void serial_putc(char c);
/* Returns the next received byte, or -1 when none is waiting. */
int serial_getc(void);

#endif
