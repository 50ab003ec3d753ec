/*
 * kernel/drivers/rtc.c - reading the CMOS clock.
 *
 * Registers 0x00 (seconds) .. 0x09 (year) are read through ports 0x70/0x71.
 * An update may happen in the middle of the read, so the registers are read
 * until two passes in a row agree.  Status register B says whether the
 * values are BCD and whether the hour is 12-hour with a PM bit.
 */
#include "kernel/drivers/rtc.h"
#include "kernel/cpu/io.h"

#define CMOS_ADDR 0x70
#define CMOS_DATA 0x71
#define RTC_STATUS_A 0x0A
#define RTC_STATUS_B 0x0B
#define RTC_UIP 0x80	/* status A: update in progress */
#define RTC_24H 0x02	/* status B */
#define RTC_BINARY 0x04	/* status B */

struct rtc_time {
	unsigned int sec, min, hour, day, mon, year;
};

static unsigned int cmos_read(u8 reg)
{
	outb(CMOS_ADDR, reg);
	return inb(CMOS_DATA);
}

static void read_raw(struct rtc_time *t)
{
	int spins = 100000;

	while ((cmos_read(RTC_STATUS_A) & RTC_UIP) && --spins)
		;
	t->sec = cmos_read(0x00);
	t->min = cmos_read(0x02);
	t->hour = cmos_read(0x04);
	t->day = cmos_read(0x07);
	t->mon = cmos_read(0x08);
	t->year = cmos_read(0x09);
}

static unsigned int bcd(unsigned int v)
{
	return (v & 0x0f) + (v >> 4) * 10;
}

/* Days from 1970-01-01 to year-mon-day (Gregorian; mon 1..12). */
static u32 days_since_epoch(unsigned int year, unsigned int mon,
			    unsigned int day)
{
	/* Count March-based years so the leap day is the year's last. */
	if (mon <= 2) {
		year--;
		mon += 12;
	}
	return 365 * year + year / 4 - year / 100 + year / 400 +
	       (153 * (mon - 3) + 2) / 5 + day - 719469;
}

u32 rtc_read_epoch(void)
{
	struct rtc_time a, b;
	unsigned int status, pm;
	int tries = 5;

	read_raw(&a);
	do {
		b = a;
		read_raw(&a);
	} while (--tries && (a.sec != b.sec || a.min != b.min ||
			     a.hour != b.hour || a.day != b.day));
	status = cmos_read(RTC_STATUS_B);
	pm = a.hour & 0x80;
	a.hour &= 0x7f;
	if (!(status & RTC_BINARY)) {
		a.sec = bcd(a.sec);
		a.min = bcd(a.min);
		a.hour = bcd(a.hour);
		a.day = bcd(a.day);
		a.mon = bcd(a.mon);
		a.year = bcd(a.year);
	}
	if (!(status & RTC_24H) && pm)
		a.hour = (a.hour % 12) + 12;
	else if (!(status & RTC_24H) && a.hour == 12)
		a.hour = 0;
	a.year += a.year < 70 ? 2000 : 1900;
	return days_since_epoch(a.year, a.mon, a.day) * 86400 +
	       a.hour * 3600 + a.min * 60 + a.sec;
}
