import { formatPrice, parseMoney, type Cents } from './money';
import { pwywLabels } from './pay-what-you-want-labels';

/**
 * Pay what you want (docs/pay-what-you-want.md): a product with a minimum (possibly $0) sells at
 * the amount its buyer types, the product's price being the suggested amount shown first. One
 * rule for the amount a buyer chose: the browser checks it as they type, the server decides it
 * when the amount is put in the cart and again at checkout.
 */

/** The most one unit of any pay-what-you-want product may cost: $10,000.00. */
export const PWYW_MAX_CENTS = 1_000_000;

/**
 * The largest amount a request's amount field takes (the integer column's): anything up to it
 * reaches the rule, whose message names the real ceiling.
 */
export const MAX_AMOUNT_CENTS = 2_147_483_647;

/** A product's pay-what-you-want terms; null for a product sold at its price. */
export interface PayWhatYouWant {
  /** The least a buyer may pay for one unit, 0 or more. */
  minimumCents: Cents;
  /** The product's price: what the amount field starts at and the catalogue shows. */
  suggestedCents: Cents;
  /** Above this the buyer is asked to confirm the amount; null: only the ceiling holds. */
  confirmAboveCents: Cents | null;
}

/** The product columns the terms are read from. */
export interface PayWhatYouWantColumns {
  priceCents: Cents;
  pwywMinimumCents: Cents | null;
  pwywConfirmAboveCents: Cents | null;
}

export function payWhatYouWantOf(product: PayWhatYouWantColumns): PayWhatYouWant | null {
  if (product.pwywMinimumCents === null) return null;
  return {
    minimumCents: product.pwywMinimumCents,
    suggestedCents: product.priceCents,
    confirmAboveCents: product.pwywConfirmAboveCents,
  };
}

export const pwywMessages = {
  ...pwywLabels,
  amountLabel: 'Your price ($)',
  amountFormat: 'Enter an amount in dollars, like 12.50',
  minimumHint: (minimumCents: Cents) => `Minimum ${formatPrice(minimumCents)}`,
  belowMinimum: (name: string, minimumCents: Cents) =>
    `The least you can pay for ${name} is ${formatPrice(minimumCents)}`,
  aboveMaximum: (name: string) =>
    `The most you can pay for ${name} is ${formatPrice(PWYW_MAX_CENTS)}`,
  confirmRequired: (name: string, amountCents: Cents) =>
    `Please confirm you want to pay ${formatPrice(amountCents)} for ${name}`,
  confirmTitle: 'Pay this much?',
  confirmAction: (amountCents: Cents) => `Yes, pay ${formatPrice(amountCents)}`,
  /** An amount sent for a product that is not pay what you want. */
  fixedPrice: 'This product is sold at its price',
  // The owner's editor.
  minimumRequired: 'Enter the least a buyer may pay, like 0 or 5.00',
  minimumFormat: 'Enter a minimum in dollars, like 5.00 (0 for free)',
  minimumAbovePrice: 'The minimum cannot be above the suggested price',
  suggestedAboveMaximum: `A pay-what-you-want price can be at most ${formatPrice(PWYW_MAX_CENTS)}`,
  confirmFormat: 'Enter an amount in dollars, like 100.00, or leave it empty',
  confirmBelowPrice: 'Ask to confirm only above the suggested price',
  confirmAboveMaximum: `Buyers can pay at most ${formatPrice(PWYW_MAX_CENTS)}; ask to confirm below that`,
} as const;

export type AmountProblem = 'below_minimum' | 'above_maximum' | 'needs_confirmation';

export type AmountCheck =
  { ok: true; amountCents: Cents } | { ok: false; code: AmountProblem; message: string };

/** Whether paying `amountCents` needs the buyer's explicit confirmation. */
export const needsConfirmation = (terms: PayWhatYouWant, amountCents: Cents): boolean =>
  terms.confirmAboveCents !== null && amountCents > terms.confirmAboveCents;

/**
 * Whether a buyer may pay `amountCents` (whole cents) for one unit of `name`: at least the
 * minimum, at most PWYW_MAX_CENTS, and above the owner's confirm amount only when confirmed.
 */
export function checkPayAmount(
  terms: PayWhatYouWant,
  name: string,
  amountCents: Cents,
  confirmed: boolean,
): AmountCheck {
  if (amountCents < terms.minimumCents)
    return {
      ok: false,
      code: 'below_minimum',
      message: pwywMessages.belowMinimum(name, terms.minimumCents),
    };
  if (amountCents > PWYW_MAX_CENTS)
    return { ok: false, code: 'above_maximum', message: pwywMessages.aboveMaximum(name) };
  if (!confirmed && needsConfirmation(terms, amountCents))
    return {
      ok: false,
      code: 'needs_confirmation',
      message: pwywMessages.confirmRequired(name, amountCents),
    };
  return { ok: true, amountCents };
}

/** The amount a line pays: what the buyer chose, or the suggested price when they chose none. */
export const chosenAmount = (terms: PayWhatYouWant, amountCents: Cents | null | undefined): Cents =>
  amountCents ?? terms.suggestedCents;

/** The amount field's text as cents, or the format message. */
export function parseAmount(
  text: string,
): { ok: true; cents: Cents } | { ok: false; message: string } {
  const cents = parseMoney(text);
  return cents === null ? { ok: false, message: pwywMessages.amountFormat } : { ok: true, cents };
}

/** The owner's terms as the editor sets them, in cents; `priceCents` is what buyers are shown. */
export interface PayWhatYouWantSettings {
  priceCents: Cents;
  minimumCents: Cents | null;
  confirmAboveCents: Cents | null;
}

/**
 * What is wrong with the owner's terms (the editor's field and its message), or null. The
 * database holds the same rules (products_pwyw, products_pwyw_confirm).
 */
export function payWhatYouWantSettingsError({
  priceCents,
  minimumCents,
  confirmAboveCents,
}: PayWhatYouWantSettings): {
  field: 'minimumPrice' | 'confirmAbove' | 'price';
  message: string;
} | null {
  if (minimumCents === null) return null;
  if (minimumCents > priceCents)
    return { field: 'minimumPrice', message: pwywMessages.minimumAbovePrice };
  if (priceCents > PWYW_MAX_CENTS)
    return { field: 'price', message: pwywMessages.suggestedAboveMaximum };
  if (confirmAboveCents === null) return null;
  if (confirmAboveCents < priceCents)
    return { field: 'confirmAbove', message: pwywMessages.confirmBelowPrice };
  if (confirmAboveCents >= PWYW_MAX_CENTS)
    return { field: 'confirmAbove', message: pwywMessages.confirmAboveMaximum };
  return null;
}
