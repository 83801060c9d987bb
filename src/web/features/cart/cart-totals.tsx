import type { ReactNode } from 'react';
import { cartTotals, type CartLine } from '#shared/cart';
import { formatPrice } from '#shared/money';
import type { Promo } from '#shared/promo';

function Row({
  label,
  children,
  total = false,
}: {
  label: ReactNode;
  children: ReactNode;
  total?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${
        total
          ? 'border-t border-zinc-800 pt-3 text-base font-semibold text-white'
          : 'text-sm text-zinc-300'
      }`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

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
        <Row label="Subtotal">{formatPrice(totals.subtotalCents)}</Row>
        <Row label={promo ? `Discount (${promo.code})` : 'Discount'}>
          <span className={totals.discountCents > 0 ? 'text-emerald-400' : undefined}>
            {totals.discountCents > 0 ? `-${formatPrice(totals.discountCents)}` : formatPrice(0)}
          </span>
        </Row>
        {withTax ? (
          <>
            <Row label="Estimated Tax">{formatPrice(totals.taxCents)}</Row>
            <Row label="Estimated Total" total>
              {formatPrice(totals.totalCents)}
            </Row>
          </>
        ) : (
          <Row label="Total" total>
            {formatPrice(afterDiscount)}
          </Row>
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
