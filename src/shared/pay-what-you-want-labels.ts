import { formatPrice, type Cents } from './money';

/**
 * What a catalogue card says of a pay-what-you-want product, apart from the rule
 * (#shared/pay-what-you-want) so that the catalogue's first load does not carry the rule.
 */
export const pwywLabels = {
  label: 'Pay what you want',
  /** A catalogue card's price line. */
  fromPrice: (minimumCents: Cents) => `from ${formatPrice(minimumCents)}`,
} as const;
