import { formatPrice, type Cents } from './money';

/**
 * How a complete-your-bundle or upgrade credit is shown (the rule is #shared/bundle-pricing,
 * kept apart so the cart's screens do not load the tax rule with it).
 */

/** What a cart line or order line says about its credit, for the screens. */
export interface LineCredit {
  kind: 'bundle' | 'upgrade';
  listPriceCents: Cents;
  creditCents: Cents;
  /** A bundle's members the buyer owns, and how many it has; 0 and 0 for an upgrade. */
  ownedCount: number;
  memberCount: number;
}

/** "You own 2 of 4 — your price $X" for a bundle, "Upgrade price $X" for an upgrade. */
export function creditNote(credit: LineCredit, priceCents: Cents): string {
  return credit.kind === 'bundle'
    ? `You own ${credit.ownedCount} of ${credit.memberCount} — your price ${formatPrice(priceCents)}`
    : `Upgrade price ${formatPrice(priceCents)}`;
}

/** The credit's own line under the price: "Credit for what you own −$X". */
export const creditDetail = (credit: LineCredit): string =>
  `${credit.kind === 'bundle' ? 'Credit for what you own' : 'Credit for your edition'} −${formatPrice(credit.creditCents)} (was ${formatPrice(credit.listPriceCents)})`;

export const bundleMessages = {
  ownsAll: 'You already own everything in this bundle. Check your Download Hub!',
} as const;

/** Order lines as screens list them: a bundle's member lines together, under its name. */
export interface LineGroup<T> {
  bundle: { id: string; name: string } | null;
  lines: T[];
}

/**
 * Groups an order's lines in their order: each bundle's member lines become one group where the
 * bundle's first member stood; every other line is a group of its own.
 */
export function groupByBundle<T extends { bundle: { id: string; name: string } | null }>(
  lines: readonly T[],
): LineGroup<T>[] {
  const groups: LineGroup<T>[] = [];
  const byBundle = new Map<string, LineGroup<T>>();
  for (const line of lines) {
    const known = line.bundle ? byBundle.get(line.bundle.id) : undefined;
    if (known) {
      known.lines.push(line);
      continue;
    }
    const group = { bundle: line.bundle, lines: [line] };
    if (line.bundle) byBundle.set(line.bundle.id, group);
    groups.push(group);
  }
  return groups;
}

/** What an order line's credit reads: "Upgrade credit −$X" or "Credit for what you own −$X". */
export const orderCreditNote = (bundled: boolean, creditCents: Cents): string =>
  `${bundled ? 'Credit for what you own' : 'Upgrade credit'} −${formatPrice(creditCents)}`;
