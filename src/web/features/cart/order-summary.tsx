import { Link } from 'react-router';
import { ArrowRight, Download, ShieldCheck } from 'lucide-react';
import type { CartLine } from '#shared/cart';
import type { Promo } from '#shared/promo';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CartTotals } from '#web/cart/cart-totals';
import { PromoCodeForm } from '#web/cart/promo-code-form';

/**
 * What holds for every order. A money-back guarantee is not here: it is each product's own
 * (#shared/promises), and its page says so where it has one.
 */
const TRUST_LINES = [
  { icon: ShieldCheck, text: 'Secure checkout with SSL encryption' },
  { icon: Download, text: 'Instant download after purchase' },
] as const;

/** The cart page's Order Summary: promo code, the estimated totals, checkout and trust lines. */
export function OrderSummary({
  lines,
  promo,
}: {
  lines: readonly CartLine[];
  promo: Promo | null;
}) {
  return (
    <Card
      as="section"
      aria-labelledby="order-summary-title"
      className="space-y-5 p-6 lg:sticky lg:top-24"
    >
      <h2 id="order-summary-title" className="text-lg font-semibold text-white">
        Order Summary
      </h2>
      <PromoCodeForm promo={promo} productIds={lines.map((line) => line.productId)} />
      <CartTotals lines={lines} promo={promo} />
      <Link to="/checkout" className={buttonClasses('primary', 'lg', 'w-full')}>
        Proceed to Checkout
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
      <ul className="space-y-2.5 border-t border-zinc-800 pt-5">
        {TRUST_LINES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2.5 text-sm text-zinc-400">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-emerald-400" />
            {text}
          </li>
        ))}
      </ul>
    </Card>
  );
}
