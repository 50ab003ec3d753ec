/*
 * kernel/drivers/pic.h - the two cascaded 8259A interrupt controllers.
 * IRQ 0-7 (master) arrive on vectors 0x20-0x27, IRQ 8-15 (slave, cascaded
 * on IRQ 2) on 0x28-0x2F.  Every line starts masked except the cascade.
 */
#ifndef KERNEL_DRIVERS_PIC_H
#define KERNEL_DRIVERS_PIC_H

#include "kernel/cpu/trap.h"
#include "kernel/types.h"

void pic_init(void);
void pic_enable_irq(int irq);
void pic_disable_irq(int irq);
/*
 * Acknowledge irq.  Returns false, and acknowledges only what must be, if
 * it was spurious (IRQ 7 or 15 with its in-service bit clear): such an
 * IRQ must not be handled.
 */
bool pic_ack(int irq);
/* Mask every line, the cascade too (the I/O APIC has taken the IRQs over);
 * enabling a slave IRQ again opens the cascade. */
void pic_mask_all(void);

/* The 8259 as an IRQ's chip ("XT-PIC", kernel/cpu/trap.h). */
extern const struct irq_chip i8259A_chip;

extern u32 pic_spurious_count;

#endif
