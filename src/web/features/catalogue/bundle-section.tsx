import { Link } from 'react-router';
import { savingsText } from '#shared/bundle-savings';
import type { ProductBundle } from '#shared/product-bundle';
import { formatPrice } from '#shared/money';
import { ProductGrid } from '#web/components/product/product-grid';
import { Card } from '#web/components/ui/card';

/**
 * A bundle's page: what is in it, each product as the store's card shows it (cover, price, its
 * own preview and waveform, a link to its page), and what buying them together saves. A product
 * in bundles: which ones ("Also in"). Nothing for a product that is neither. Drawn by the server
 * with the page; its code loads apart, and shares the cards' chunk with the related products.
 */
export function BundleSection({ bundle }: { bundle: ProductBundle }) {
  const { members, savings, includedIn } = bundle;
  return (
    <>
      {members.length > 0 && (
        <section aria-labelledby="bundle-members-heading">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
            <h2 id="bundle-members-heading" className="text-2xl font-bold text-white">
              In this bundle
            </h2>
            <p className="text-sm text-zinc-400">
              {members.length} products
              {savings && <> · {formatPrice(savings.separateCents)} bought separately</>}
            </p>
          </div>
          {savings && (
            <p className="mb-4 text-lg font-semibold text-emerald-400">{savingsText(savings)}</p>
          )}
          <ProductGrid products={members} />
        </section>
      )}
      {includedIn.length > 0 && (
        <Card as="aside" aria-label="Bundles with this product" className="px-5 py-4">
          <p className="text-zinc-300">
            <span className="font-semibold text-white">Also in: </span>
            {includedIn.map((other, index) => (
              <span key={other.id}>
                {index > 0 && ', '}
                <Link
                  to={`/products/${other.id}`}
                  className="font-medium text-brand-300 underline-offset-4 hover:underline"
                >
                  {other.name}
                </Link>{' '}
                <span className="text-zinc-400">({formatPrice(other.priceCents)})</span>
              </span>
            ))}
          </p>
        </Card>
      )}
    </>
  );
}
