import { z } from 'zod';

/**
 * Cart reminders (docs/cart-reminders.md): a buyer who gave their e-mail and left a cart gets
 * one e-mail, after a delay the owner sets, with a link back to that cart; never after they have
 * bought since, never again until they buy, never once they unsubscribed from the store's mail.
 */

export const CART_REMINDER_SETTINGS_KEY = 'cart-reminders';

export const cartReminderLimits = {
  /** The shortest and longest wait before the reminder, in hours. */
  minDelayHours: 1,
  maxDelayHours: 168,
  /**
   * A cart left longer than this beyond its delay gets no reminder: switching reminders on does
   * not write to everyone who ever left a cart.
   */
  staleAfterDays: 7,
} as const;

export const cartReminderMessages = {
  delayHours: `The delay must be a whole number of hours from ${cartReminderLimits.minDelayHours} to ${cartReminderLimits.maxDelayHours}`,
  enabled: 'Choose whether reminders are sent',
  saved: 'Reminder settings saved',
  /** The information step's consent, for a buyer who is not signed in. */
  consent: 'E-mail me a reminder if I don’t finish (once; unsubscribe any time)',
  badRestoreLink: 'This cart link is not valid. Your cart may have been bought or changed.',
  subject: 'You left something in your cart',
} as const;

/** Admin → Settings → Reminders: off until the owner switches them on. */
export const cartReminderSettingsSchema = z.object({
  enabled: z.boolean(cartReminderMessages.enabled).default(false),
  delayHours: z
    .number(cartReminderMessages.delayHours)
    .int(cartReminderMessages.delayHours)
    .min(cartReminderLimits.minDelayHours, cartReminderMessages.delayHours)
    .max(cartReminderLimits.maxDelayHours, cartReminderMessages.delayHours)
    .default(24),
});

export type CartReminderSettings = z.infer<typeof cartReminderSettingsSchema>;

/** A line a reminder's link puts back in the cart (GET /api/cart/restore). */
export const restoredCartLineSchema = z.object({
  productId: z.string(),
  licenseType: z.string(),
  quantity: z.number().int().min(1),
});

export type RestoredCartLine = z.infer<typeof restoredCartLineSchema>;
