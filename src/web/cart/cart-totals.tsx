import { cartTotals, type CartLine } from '#shared/cart';
import { formatPrice } from '#shared/money';
import type { Promo } from '#shared/promo';
import { SummaryRow } from '#web/components/ui/summary-row';

/**
 * The cart's money at the prices paid (src/shared/cart). The drawer shows Subtotal, Discount and
 * Total before tax; the cart page adds the estimated 8% tax and the estimated total.
 */
export function CartTotals({
  lines,
  promo,
  withTax,
}: {
  lines: readonly CartLine[];
  promo: Promo | null;
  withTax: boolean;
}) {
  const totals = cartTotals(lines, promo?.percentOff ?? 0);
  const afterDiscount = totals.subtotalCents - totals.discountCents;
  return (
    <div className="space-y-2">
      <dl className="space-y-2">
        <SummaryRow label="Subtotal">{formatPrice(totals.subtotalCents)}</SummaryRow>
        <SummaryRow label={promo ? `Discount (${promo.code})` : 'Discount'}>
          <span className={totals.discountCents > 0 ? 'text-emerald-400' : undefined}>
            {totals.discountCents > 0 ? `-${formatPrice(totals.discountCents)}` : formatPrice(0)}
          </span>
        </SummaryRow>
        {withTax ? (
          <>
            <SummaryRow label="Estimated Tax">{formatPrice(totals.taxCents)}</SummaryRow>
            <SummaryRow label="Estimated Total" total>
              {formatPrice(totals.totalCents)}
            </SummaryRow>
          </>
        ) : (
          <SummaryRow label="Total" total>
            {formatPrice(afterDiscount)}
          </SummaryRow>
        )}
      </dl>
      {!withTax && <p className="text-xs text-zinc-400">Tax is calculated at checkout.</p>}
      {totals.savingsCents > 0 && (
        <p className="text-xs font-medium text-emerald-400">
          You save {formatPrice(totals.savingsCents)} with sale prices.
        </p>
      )}
    </div>
  );
}
