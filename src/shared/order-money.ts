import { formatPrice, type Cents } from './money';
import type { OrderView } from './orders';

/** One labelled amount of an order, as the receipt and the confirmation page show it. */
export interface MoneyRow {
  key: string;
  label: string;
  /** For an item line: its licence and quantity, e.g. '(standard) × 2'. */
  detail?: string;
  cents: Cents;
  /** The amount as written: a discount is taken off, so it reads '-$15.80'. */
  amount: string;
  kind: 'line' | 'subtotal' | 'discount' | 'tax' | 'total';
}

type PricedOrder = Pick<
  OrderView,
  'items' | 'subtotalCents' | 'discountCents' | 'taxCents' | 'totalCents' | 'promoCode'
>;

/**
 * The one rule for an order's money, so the receipt email and the confirmation page cannot
 * drift: each item line (price × quantity), then Subtotal, Discount with its code (only when
 * there is one), Tax and Total paid — the order's own cents, as the server priced them.
 */
export function orderMoneyRows(order: PricedOrder): { lines: MoneyRow[]; totals: MoneyRow[] } {
  const lines = order.items.map((item): MoneyRow => ({
    key: item.id,
    label: item.name,
    detail: `(${item.licenseType}) × ${item.quantity}`,
    cents: item.unitPriceCents * item.quantity,
    amount: formatPrice(item.unitPriceCents * item.quantity),
    kind: 'line',
  }));
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
  totals.push(
    {
      key: 'tax',
      label: 'Tax',
      cents: order.taxCents,
      amount: formatPrice(order.taxCents),
      kind: 'tax',
    },
    {
      key: 'total',
      label: 'Total paid',
      cents: order.totalCents,
      amount: formatPrice(order.totalCents),
      kind: 'total',
    },
  );
  return { lines, totals };
}
