/**
 * Location evidence: where a buyer says they are (the billing country) and where their card was
 * issued. When the two disagree the buyer confirms their country before paying (on the card
 * form the store owns), and the order records when.
 */

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name ('DE' → 'Germany'), or the code when it has none. */
export const countryName = (country: string) => countryNames.of(country) ?? country;

/**
 * What the buyer is asked when the card's country is not the billing country, or null when
 * they agree (or either is unknown: nothing to confirm against).
 */
export function countryMismatchMessage(
  billingCountry: string | null | undefined,
  cardCountry: string | null | undefined,
): string | null {
  if (!billingCountry || !cardCountry || billingCountry === cardCountry) return null;
  const billing = countryName(billingCountry);
  return `Your card was issued in ${countryName(cardCountry)}, but your billing country is ${billing}. Confirm that you are in ${billing} to continue.`;
}
