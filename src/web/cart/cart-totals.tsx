import { type CartLine } from '#shared/cart';
import { cartTotals } from '#shared/cart-money';
import { formatPrice } from '#shared/money';
import type { Promo } from '#shared/promo';
import { taxLabel } from '#shared/tax';
import { SummaryRow } from '#web/components/ui/summary-row';
import { useCartTax } from './use-cart-tax';

/**
 * The cart's money at the prices paid (src/shared/cart), the same rows in the drawer and on the
 * cart page: Subtotal, Discount, the estimated tax by the store's rule for the buyer's guessed
 * country ('Estimated Tax' for the flat 8%, else e.g. 'VAT 19%') and the estimated total.
 */
export function CartTotals({ lines, promo }: { lines: readonly CartLine[]; promo: Promo | null }) {
  const totals = cartTotals(lines, promo, useCartTax());
  const label = taxLabel(totals.tax, 'Estimated Tax');
  const included = totals.tax.pricesIncludeTax;
  return (
    <div className="space-y-2">
      <dl className="space-y-2">
        <SummaryRow label="Subtotal">{formatPrice(totals.subtotalCents)}</SummaryRow>
        <SummaryRow label={promo ? `Discount (${promo.code})` : 'Discount'}>
          <span className={totals.discountCents > 0 ? 'text-emerald-400' : undefined}>
            {totals.discountCents > 0 ? `-${formatPrice(totals.discountCents)}` : formatPrice(0)}
          </span>
        </SummaryRow>
        {!included && <SummaryRow label={label}>{formatPrice(totals.taxCents)}</SummaryRow>}
        <SummaryRow label="Estimated Total" total>
          {formatPrice(totals.totalCents)}
        </SummaryRow>
        {included && <SummaryRow label={label}>{formatPrice(totals.taxCents)}</SummaryRow>}
      </dl>
      {totals.savingsCents > 0 && (
        <p className="text-xs font-medium text-emerald-400">
          You save {formatPrice(totals.savingsCents)} with sale prices.
        </p>
      )}
    </div>
  );
}
