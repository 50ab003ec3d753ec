/*
 * kernel/drivers/serial.c - COM1, the console that tests read.
 *
 * Output polls the transmit-holding-register-empty bit: it works before
 * interrupts are set up and inside panic().  Input is polled here; the tty
 * layer asks for the receive interrupt (IRQ4) when it wants one.
 */
#include "kernel/drivers/serial.h"
#include "kernel/cpu/io.h"

#define COM1 0x3F8
#define UART_DATA 0
#define UART_IER 1
#define UART_IER_RDI 0x01	/* interrupt when a byte arrives */
#define UART_FCR 2
#define UART_LCR 3
#define UART_MCR 4
#define UART_LSR 5
#define LSR_DATA_READY 0x01
#define LSR_THR_EMPTY 0x20

static bool present;

void serial_init(void)
{
	outb(COM1 + UART_IER, 0x00);
	outb(COM1 + UART_LCR, 0x80);	/* DLAB: next two bytes are the divisor */
	outb(COM1 + UART_DATA, 1);	/* 115200 / 1 */
	outb(COM1 + UART_IER, 0);
	outb(COM1 + UART_LCR, 0x03);	/* 8 bits, no parity, one stop bit */
	outb(COM1 + UART_FCR, 0xC7);	/* enable and clear FIFOs */
	outb(COM1 + UART_MCR, 0x0B);	/* DTR, RTS, OUT2 (IRQ gate) */
	/* A missing UART reads back 0xFF; never spin on it. */
	present = inb(COM1 + UART_LSR) != 0xFF;
}

void serial_putc(char c)
{
	if (c == '\n')
		serial_putc_raw('\r');
	serial_putc_raw(c);
}

void serial_putc_raw(char c)
{
	int spins = 100000;

	if (!present)
		return;
	while (!(inb(COM1 + UART_LSR) & LSR_THR_EMPTY) && --spins)
		;
	outb(COM1 + UART_DATA, (u8)c);
}

int serial_getc(void)
{
	if (!present || !(inb(COM1 + UART_LSR) & LSR_DATA_READY))
		return -1;
	return inb(COM1 + UART_DATA);
}

void serial_enable_rx_irq(void)
{
	if (present)
		outb(COM1 + UART_IER, UART_IER_RDI);
}
