/**
 * Location evidence: where a buyer says they are (the billing country) and where their card was
 * issued. When the two disagree the buyer confirms their country before paying (on the card
 * form the store owns), and the order records when.
 */

import { countryName } from './countries';

/** Countries whose English name takes "the" in a sentence: "in the United Kingdom". */
const namedWithThe = new Set(['US', 'GB', 'NL', 'AE', 'PH', 'BS', 'GM', 'DO', 'CF', 'KM', 'MV']);

const inSentence = (country: string) =>
  namedWithThe.has(country) ? `the ${countryName(country)}` : countryName(country);

/**
 * What the buyer is asked when the card's country is not the billing country, or null when
 * they agree (or either is unknown: nothing to confirm against).
 */
export function countryMismatchMessage(
  billingCountry: string | null | undefined,
  cardCountry: string | null | undefined,
): string | null {
  if (!billingCountry || !cardCountry || billingCountry === cardCountry) return null;
  const billing = inSentence(billingCountry);
  return `Your card was issued in ${inSentence(cardCountry)}, but your billing country is ${billing}. Confirm that you are in ${billing} to continue.`;
}
