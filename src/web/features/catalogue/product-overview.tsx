import { CircleCheck, RefreshCw, RotateCcw } from 'lucide-react';
import type { Product } from '#shared/catalogue';
import { promiseLines } from '#shared/promise-lines';
import { Card } from '#web/components/ui/card';

const NO_PROMISES = { refundDays: null, freeUpdates: false };

/**
 * The Overview tab: the product's own feature points in the owner's order, then what it
 * promises (a money-back guarantee, free updates) where the product or the store says so
 * (#shared/promises). A product with no points shows its description: nothing it does not claim.
 */
export function ProductOverview({ product }: { product: Product }) {
  const features = product.features ?? [];
  const promises = promiseLines(product.promises ?? NO_PROMISES);
  const points = [
    ...features.map((text) => ({ text, icon: CircleCheck })),
    ...promises.map((text) => ({
      text,
      icon: text === 'Free updates' ? RefreshCw : RotateCcw,
    })),
  ];

  return (
    <div className="space-y-6">
      {features.length === 0 && product.description && (
        <p className="max-w-3xl whitespace-pre-line text-zinc-300">{product.description}</p>
      )}
      {points.length > 0 && (
        <section aria-labelledby="overview-points" className="space-y-5">
          <h2 id="overview-points" className="text-lg font-semibold text-white">
            What you get
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {points.map(({ text, icon: Icon }, index) => (
              <Card as="li" key={index} className="flex items-center gap-3 p-4 text-zinc-200">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-400" />
                {text}
              </Card>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
