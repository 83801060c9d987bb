import { digitsOnly } from './test-cards';

/**
 * The card a payment was made with, as the provider reports it: the brand (Stripe's
 * `card.brand` codes: 'visa', 'mastercard', 'amex', …) and the last four digits. Never more of
 * the number. Either is null when the provider did not say (orders from before this was kept).
 */
export interface PaymentCard {
  cardBrand: string | null;
  cardLast4: string | null;
}

/** How a buyer reads each brand code a provider reports. */
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
};

/** The card's last four digits as kept on an order: exactly four digits. */
export const CARD_LAST4_PATTERN = /^\d{4}$/;

/**
 * The brand of a card number by its issuer prefix, in the provider's codes (Visa 4…, Mastercard
 * 51–55 and 2221–2720, American Express 34 and 37, …); 'unknown' for any other, as Stripe says.
 */
export function cardBrandOfNumber(cardNumber: string): string {
  const digits = digitsOnly(cardNumber);
  const prefix = (length: number) => Number(digits.slice(0, length));
  if (!/^\d{4,}$/.test(digits)) return 'unknown';
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720))
    return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

/** What the test processor reports for a card it charged: its brand and last four, no more. */
export function paymentCardOfNumber(cardNumber: string): PaymentCard {
  const digits = digitsOnly(cardNumber);
  return {
    cardBrand: cardBrandOfNumber(digits),
    cardLast4: /^\d{4,}$/.test(digits) ? digits.slice(-4) : null,
  };
}

/**
 * The payment method as the buyer reads it: 'Visa ending in 4242'; 'Card ending in 1234' for a
 * brand we do not name; 'Card' when the provider told us nothing, never a made-up number.
 */
export function paymentCardLabel({ cardBrand, cardLast4 }: PaymentCard): string {
  const name = (cardBrand && brandNames[cardBrand]) || 'Card';
  return cardLast4 && CARD_LAST4_PATTERN.test(cardLast4) ? `${name} ending in ${cardLast4}` : name;
}
