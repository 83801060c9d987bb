import { z } from 'zod';

/**
 * The offline test processor's card rules: Stripe's public test numbers with their meanings,
 * a Luhn check, a future expiry and any CVC.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const cardMessages = {
  invalidNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  nameRequired: 'Please enter the name on the card.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notATestCard:
    'Your card was declined. This store is in test mode: use a test card such as 4242 4242 4242 4242.',
} as const;

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

export function passesLuhn(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const cardPaymentSchema = z.object({
  cardNumber: z.string().max(30),
  /** MM/YY or MM/YYYY. */
  expiry: z.string().max(7),
  cvc: z.string().max(4),
  nameOnCard: z.string().trim().max(200),
});

export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** A card field that is wrong as typed, and what to tell the buyer. */
export interface CardProblem {
  field: keyof CardPayment;
  message: string;
}

/** The first problem with the card as typed, and its field, or null. `now` decides "future". */
export function cardProblem(card: CardPayment, now = new Date()): CardProblem | null {
  if (!passesLuhn(card.cardNumber))
    return { field: 'cardNumber', message: cardMessages.invalidNumber };
  const match = card.expiry.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12)
    return { field: 'expiry', message: cardMessages.invalidExpiry };
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  // A card is good through the last day of its expiry month.
  if (new Date(year, month, 1) <= now) return { field: 'expiry', message: cardMessages.expired };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { field: 'cvc', message: cardMessages.invalidCvc };
  if (!card.nameOnCard) return { field: 'nameOnCard', message: cardMessages.nameRequired };
  return null;
}

/** The first problem with the card as typed, or null. `now` decides what "future" means. */
export const cardFormError = (card: CardPayment, now = new Date()): string | null =>
  cardProblem(card, now)?.message ?? null;

/** What the test processor does with a valid card: Stripe's meanings for its test numbers. */
export function testCardOutcome(
  cardNumber: string,
): { paid: true } | { paid: false; message: string } {
  switch (digitsOnly(cardNumber)) {
    case TEST_CARDS.success:
      return { paid: true };
    case TEST_CARDS.declined:
      return { paid: false, message: cardMessages.declined };
    case TEST_CARDS.insufficientFunds:
      return { paid: false, message: cardMessages.insufficientFunds };
    default:
      return { paid: false, message: cardMessages.notATestCard };
  }
}
