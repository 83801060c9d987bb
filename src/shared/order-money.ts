import { groupByBundle, orderCreditNote } from './bundle-credit';
import { licenseName } from './cart';
import { formatPrice, type Cents } from './money';
import type { OrderView } from './orders';
import { formatTaxRate } from './tax-rates';
import { orderTaxSummary, taxLabel, taxNameOf } from './tax';

/** One labelled amount of an order, as the receipt and the confirmation page show it. */
export interface MoneyRow {
  key: string;
  label: string;
  /** For an item line: its licence and quantity, e.g. '(Standard license) × 2'. */
  detail?: string;
  cents: Cents;
  /** The amount as written: a discount is taken off, so it reads '-$15.80'. */
  amount: string;
  /** A bundle's line: the members it granted, by name ('Includes Bass Loops, Chord Synth'). */
  members?: string;
  /** A credited line's credit: 'Credit for what you own −$20.00', 'Upgrade credit −$40.00'. */
  credit?: string;
  /** 'included_tax': the tax inside tax-inclusive prices, shown after the total, not added. */
  kind: 'line' | 'subtotal' | 'discount' | 'tax' | 'total' | 'included_tax';
}

type TaxFields = 'taxBasis' | 'country' | 'region' | 'pricesIncludeTax' | 'taxNote';
type PricedOrder = Pick<
  OrderView,
  'subtotalCents' | 'discountCents' | 'taxCents' | 'totalCents' | 'promoCode'
> &
  Partial<Pick<OrderView, TaxFields>> & {
    items: (Omit<OrderView['items'][number], 'taxRate' | 'taxCents'> &
      Partial<Pick<OrderView['items'][number], 'taxRate' | 'taxCents'>>)[];
  };

/**
 * The one rule for an order's money, so the receipt email, the confirmation, order and admin
 * pages cannot drift: each item line (price × quantity), then Subtotal, Discount with its code
 * (only when there is one), the tax by its name and rate ('VAT 19%'; 'Tax' for the spec's flat
 * estimate; one row per rate when lines differ; 'Reverse charge'), and Total paid; with
 * tax-inclusive prices the tax follows the total as 'incl. VAT 19%'. The order's own cents, as
 * the server priced them, and its tax note ('Reverse charge: …') to print under them.
 */
export function orderMoneyRows(order: PricedOrder): {
  lines: MoneyRow[];
  totals: MoneyRow[];
  note: string | null;
} {
  // A bundle's member lines are one row under the bundle's name.
  const lines = groupByBundle(order.items).map(({ bundle, lines: items }): MoneyRow => {
    const first = items[0]!;
    const cents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
    const credit = items.reduce((sum, item) => sum + item.creditCents, 0);
    return {
      key: first.id,
      label: bundle?.name ?? first.name,
      detail: `(${licenseName(first.licenseType)}) × ${first.quantity}`,
      cents,
      amount: formatPrice(cents),
      ...(bundle ? { members: `Includes ${items.map((item) => item.name).join(', ')}` } : {}),
      ...(credit > 0 ? { credit: orderCreditNote(bundle !== null, credit) } : {}),
      kind: 'line',
    };
  });
  const totals: MoneyRow[] = [
    {
      key: 'subtotal',
      label: 'Subtotal',
      cents: order.subtotalCents,
      amount: formatPrice(order.subtotalCents),
      kind: 'subtotal',
    },
  ];
  if (order.discountCents > 0)
    totals.push({
      key: 'discount',
      label: order.promoCode ? `Discount (${order.promoCode})` : 'Discount',
      cents: -order.discountCents,
      amount: formatPrice(-order.discountCents),
      kind: 'discount',
    });
  const taxes = taxRows(order);
  if (!order.pricesIncludeTax) totals.push(...taxes);
  totals.push({
    key: 'total',
    label: 'Total paid',
    cents: order.totalCents,
    amount: formatPrice(order.totalCents),
    kind: 'total',
  });
  if (order.pricesIncludeTax)
    totals.push(...taxes.map((row): MoneyRow => ({ ...row, kind: 'included_tax' })));
  return { lines, totals, note: order.taxNote ?? null };
}

const taxRow = (key: string, label: string, cents: Cents): MoneyRow => ({
  key,
  label,
  cents,
  amount: formatPrice(cents),
  kind: 'tax',
});

/** The tax as one row, or one per rate when the lines paid different rates. */
function taxRows(order: PricedOrder): MoneyRow[] {
  const items = order.items.map((item) => ({
    taxRate: item.taxRate ?? 0,
    taxCents: item.taxCents ?? 0,
  }));
  const summary = orderTaxSummary({
    taxBasis: order.taxBasis ?? 'estimate',
    country: order.country ?? null,
    region: order.region ?? null,
    pricesIncludeTax: order.pricesIncludeTax ?? false,
    items,
  });
  const rates = [...new Set(items.filter((i) => i.taxCents > 0).map((i) => i.taxRate))];
  if (summary.basis === 'estimate' || summary.basis === 'stripe' || rates.length < 2)
    return [taxRow('tax', taxLabel(summary, 'Tax'), order.taxCents)];
  const name = taxNameOf(order.country ?? null, order.region ?? null, summary.rate);
  return rates
    .sort((a, b) => b - a)
    .map((rate) =>
      taxRow(
        `tax-${rate}`,
        `${order.pricesIncludeTax ? 'incl. ' : ''}${name} ${formatTaxRate(rate)}`,
        items.filter((i) => i.taxRate === rate).reduce((sum, i) => sum + i.taxCents, 0),
      ),
    );
}
