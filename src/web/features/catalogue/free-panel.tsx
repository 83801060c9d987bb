import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { purchaseStatusQueryOptions } from '#web/api/downloads';
import { WishlistButton } from '#web/components/product/wishlist-button';
import { useSession } from '#web/session/use-session';
import { OwnedNotice } from './owned-notice';

/** The claim forms load with a $0 product's page only, not with every product page. */
const loadForms = () => import('./free-claim-forms');
const GetItFree = lazy(() => loadForms().then((m) => ({ default: m.GetItFree })));
const MailMeTheLink = lazy(() => loadForms().then((m) => ({ default: m.MailMeTheLink })));

/**
 * A $0 product's panel (docs/free-products.md): an account holder gets it in one click and finds
 * it in the Download Hub; a guest gives an address and is mailed the download link, with an
 * optional newsletter opt-in. One already owned says so.
 */
export function FreePanel({ product }: { product: Product }) {
  const { user } = useSession();
  const status = useQuery({
    ...purchaseStatusQueryOptions(user?.id ?? '', product.id),
    enabled: Boolean(user),
  });
  const [added, setAdded] = useState<string | null>(null);
  if (user && status.data?.isPurchased) {
    return (
      <div className="space-y-4">
        {added && (
          <p role="status" className="font-medium text-emerald-200">
            {added}
          </p>
        )}
        <OwnedNotice />
        <WishlistButton product={product} variant="labelled" />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Suspense fallback={<div className="h-12" />}>
        {user ? (
          <GetItFree productId={product.id} onAdded={setAdded} />
        ) : (
          <MailMeTheLink productId={product.id} />
        )}
      </Suspense>
      <WishlistButton product={product} variant="labelled" />
    </div>
  );
}
