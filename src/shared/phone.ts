import { z } from 'zod';

/**
 * A phone number as the store keeps it: E.164, a plus and 8 to 15 digits, the first not 0
 * (+14155550123, +442071838750). The profile turns spaces, dashes, dots and brackets away before
 * checking, so "+1 (415) 555-0123" is accepted as +14155550123.
 */
const E164 = /^\+[1-9]\d{7,14}$/;

export function isE164(value: string): boolean {
  return E164.test(value);
}

/** What a person typed, without the spaces, dashes, dots and brackets people write numbers with. */
export function normalisePhoneNumber(typed: string): string {
  return typed.trim().replace(/[\s().-]/g, '');
}

/** The number as the challenge shows it: only the last two digits ("•••• 23"). */
export function maskedPhoneNumber(phoneNumber: string): string {
  return `•••• ${phoneNumber.slice(-2)}`;
}

/** A texted code: 6 digits, good for 10 minutes. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_SECONDS = 10 * 60;

/** Trusting a device skips the second step there for 30 days. */
export const TRUSTED_DEVICE_DAYS = 30;

export const phoneMessages = {
  invalidNumber:
    'Enter the number in international format, starting with + and the country code (for example +14155550123).',
  codeSent: 'We texted you a 6-digit code.',
  wrongCode: 'That code is not right. Check the text message and try again.',
  expiredCode: 'That code has expired or was already used. Ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new code.',
  numberTaken: 'This number is already on another account.',
  notSent: 'We could not send the text message. Please try again in a few minutes.',
  unavailable: 'Text messages are not available on this store.',
  signInFirst: 'Sign in to add a phone number.',
  onlySecondStep:
    'Your phone is your only second sign-in step. Turn off two-step sign-in first, or set up an authenticator app.',
  noVerifiedPhone: 'Add and confirm a phone number first.',
} as const;

/** GET /api/account/phone: the account's phone number and what it is used for. */
export const phoneSettingsSchema = z.object({
  /** Whether this store sends text messages at all. */
  available: z.boolean(),
  /** The confirmed number (E.164), or null. */
  phoneNumber: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** Whether the account has a confirmed authenticator app besides. */
  authenticatorApp: z.boolean(),
});

export type PhoneSettings = z.infer<typeof phoneSettingsSchema>;
