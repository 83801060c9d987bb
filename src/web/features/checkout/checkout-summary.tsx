import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, Lock, ShieldCheck, ShoppingBag } from 'lucide-react';
import { formatPrice, type Cents } from '#shared/money';
import { PLACEHOLDER_IMAGE } from '#shared/product';
import { Card } from '#web/components/ui/card';
import { SummaryRow } from '#web/components/ui/summary-row';

export interface SummaryLine {
  key: string;
  name: string;
  image: string;
  /** The licence type, or for a single product its category. */
  detail: string;
  quantity: number;
  unitPriceCents: Cents;
  /** A credited line's words: "You own 1 of 3 — your price $60.00", the credit taken off. */
  credit?: readonly string[];
}

export interface SummaryTotals {
  subtotalCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  promoCode?: string | null;
  /** The tax row's words by the store's rule ('VAT 19%'); 'Tax' when absent. */
  taxLabel?: string;
  /** Tax-inclusive prices: the tax row follows the total and is not added to it. */
  taxIncluded?: boolean;
}

/**
 * The checkout summary: each item (image, name, licence type, quantity badge, price times
 * quantity), subtotal, a discount line only above zero, tax, total and the two trust badges.
 * Below the large breakpoint the pages place it above the payment form, folded to one bar with
 * the total that opens it, as the big stores do; from `lg` it is the open, sticky side column.
 */
export function CheckoutSummary({
  lines,
  totals,
  note,
  className = '',
}: {
  lines: readonly SummaryLine[];
  totals: SummaryTotals;
  note?: ReactNode;
  /** Where the page's grid places it. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Card
      as="section"
      aria-labelledby="checkout-summary-title"
      className={`lg:sticky lg:top-24 ${className}`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((was) => !was)}
        className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left lg:hidden"
      >
        <span className="flex items-center gap-2 text-sm font-medium text-brand-300">
          <ShoppingBag aria-hidden="true" className="size-4" />
          {open ? 'Hide order summary' : 'Show order summary'}
          <span className="text-zinc-400">
            ({itemCount} {itemCount === 1 ? 'item' : 'items'})
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </span>
        <span className="text-base font-semibold text-white tabular-nums">
          {formatPrice(totals.totalCents)}
        </span>
      </button>
      <div
        id={bodyId}
        className={`space-y-5 border-t border-zinc-800 p-5 sm:p-6 lg:block lg:border-t-0 ${open ? '' : 'hidden'}`}
      >
        <h2 id="checkout-summary-title" className="text-lg font-semibold text-white">
          Order Summary
        </h2>
        <ul aria-label="Items" className="space-y-4">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center gap-4">
              <div className="relative shrink-0">
                <img
                  src={line.image || PLACEHOLDER_IMAGE}
                  alt=""
                  width={64}
                  height={64}
                  className="size-16 rounded-lg border border-zinc-800 bg-zinc-950 object-cover"
                />
                <span
                  aria-label={`Quantity ${line.quantity}`}
                  className="absolute -top-2 -right-2 grid min-w-6 place-items-center rounded-full bg-zinc-600 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums"
                >
                  {line.quantity}
                </span>
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-zinc-100">{line.name}</p>
                <p className="text-xs text-zinc-400 capitalize">{line.detail}</p>
                {line.credit?.map((words) => (
                  <p key={words} className="text-xs text-emerald-400">
                    {words}
                  </p>
                ))}
                <p className="text-xs text-zinc-400 tabular-nums">
                  {formatPrice(line.unitPriceCents)} × {line.quantity}
                </p>
              </div>
              <p className="text-sm font-medium text-zinc-100 tabular-nums">
                {formatPrice(line.unitPriceCents * line.quantity)}
              </p>
            </li>
          ))}
        </ul>
        <dl className="space-y-2 border-t border-zinc-800 pt-4">
          <SummaryRow label="Subtotal">{formatPrice(totals.subtotalCents)}</SummaryRow>
          {totals.discountCents > 0 && (
            <SummaryRow label={totals.promoCode ? `Discount (${totals.promoCode})` : 'Discount'}>
              <span className="text-emerald-400">-{formatPrice(totals.discountCents)}</span>
            </SummaryRow>
          )}
          {!totals.taxIncluded && (
            <SummaryRow label={totals.taxLabel ?? 'Tax'}>{formatPrice(totals.taxCents)}</SummaryRow>
          )}
          <SummaryRow label="Total" total>
            {formatPrice(totals.totalCents)}
          </SummaryRow>
          {totals.taxIncluded && (
            <SummaryRow label={totals.taxLabel ?? 'Tax'}>{formatPrice(totals.taxCents)}</SummaryRow>
          )}
        </dl>
        {note && <p className="text-xs text-zinc-400">{note}</p>}
        <ul className="flex flex-wrap gap-x-5 gap-y-2 border-t border-zinc-800 pt-4 text-xs text-zinc-400">
          <li className="flex items-center gap-1.5">
            <Lock aria-hidden="true" className="size-3.5 text-emerald-400" />
            SSL Secure Payment
          </li>
          <li className="flex items-center gap-1.5">
            <ShieldCheck aria-hidden="true" className="size-3.5 text-emerald-400" />
            PCI Compliant
          </li>
        </ul>
      </div>
    </Card>
  );
}
