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

/**
 * Stripe's country-specific test cards (its testing docs, "International cards"): each pays,
 * issued in the country named. 4242… is a US card.
 */
export const COUNTRY_TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'US',
  '4000000760000002': 'BR',
  '4000001240000000': 'CA',
  '4000004840008001': 'MX',
  '4000000400000008': 'AT',
  '4000000560000004': 'BE',
  '4000001000000000': 'BG',
  '4000001910000009': 'HR',
  '4000001960000008': 'CY',
  '4000002030000002': 'CZ',
  '4000002080000001': 'DK',
  '4000002330000009': 'EE',
  '4000002460000001': 'FI',
  '4000002500000003': 'FR',
  '4000002760000016': 'DE',
  '4000003000000030': 'GR',
  '4000003480000005': 'HU',
  '4000003720000005': 'IE',
  '4000003800000008': 'IT',
  '4000004280000005': 'LV',
  '4000004400000000': 'LT',
  '4000004420000006': 'LU',
  '4000004700000007': 'MT',
  '4000005280000002': 'NL',
  '4000005780000007': 'NO',
  '4000006160000005': 'PL',
  '4000006200000007': 'PT',
  '4000006420000001': 'RO',
  '4000007050000006': 'SI',
  '4000007030000001': 'SK',
  '4000007240000007': 'ES',
  '4000007520000008': 'SE',
  '4000007560000009': 'CH',
  '4000008260000000': 'GB',
  '4000058260000005': 'GB',
  '5555558265554449': 'GB',
  '4000000360000006': 'AU',
  '4000003440000004': 'HK',
  '4000003560000008': 'IN',
  '4000003920000003': 'JP',
  '4000005540000008': 'NZ',
  '4000007020000003': 'SG',
};

/** The issuing country of a test card that pays, or null for any other number. */
export const testCardCountry = (cardNumber: string): string | null =>
  COUNTRY_TEST_CARDS[digitsOnly(cardNumber)] ?? null;

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
  /**
   * The buyer confirms they are in the order's billing country although the card was issued in
   * another (location evidence): asked only then, refused without it.
   */
  countryConfirmed: z.boolean().optional(),
});

export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** A card field that is wrong as typed, and what to tell the buyer. */
export interface CardProblem {
  field: Exclude<keyof CardPayment, 'countryConfirmed'>;
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
): { paid: true; country: string } | { paid: false; message: string } {
  const country = testCardCountry(cardNumber);
  if (country) return { paid: true, country };
  switch (digitsOnly(cardNumber)) {
    case TEST_CARDS.declined:
      return { paid: false, message: cardMessages.declined };
    case TEST_CARDS.insufficientFunds:
      return { paid: false, message: cardMessages.insufficientFunds };
    default:
      return { paid: false, message: cardMessages.notATestCard };
  }
}
