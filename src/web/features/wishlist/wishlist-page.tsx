import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { loginPathFor } from '#shared/auth';
import { wishlistMessages } from '#shared/wishlist';
import { ProductGrid, ProductGridSkeleton } from '#web/components/product/product-grid';
import { ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { RetryButton } from '#web/components/ui/retry-button';
import { useWishlistProducts } from './use-wishlist-products';

/**
 * The wishlist: the hearted products as a grid, for guests (kept in this browser) and
 * signed-in buyers (saved with the account) alike.
 */
export function WishlistPage() {
  const { status, products, userId, retry } = useWishlistProducts();
  const count = products.length === 1 ? '1 saved product' : `${products.length} saved products`;

  return (
    <Container className="py-10 sm:py-14">
      <PageTitle title="Wishlist" />
      <h1 className="text-3xl font-semibold text-white">Your Wishlist</h1>
      <p className="mt-2 mb-8 text-zinc-400">
        {status === 'ready' && products.length > 0
          ? count
          : 'Products you heart are kept here for later.'}
      </p>

      {status === 'loading' ? (
        <ProductGridSkeleton count={3} />
      ) : status === 'error' ? (
        <ErrorAlert title={wishlistMessages.loadFailed}>
          <RetryButton onRetry={retry} className="mt-2" />
        </ErrorAlert>
      ) : products.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-800 bg-zinc-900/40 px-6 py-16 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-zinc-900 text-zinc-500">
            <Heart aria-hidden="true" className="size-8" />
          </span>
          <h2 className="text-2xl font-bold tracking-tight text-white">Your wishlist is empty</h2>
          <p className="max-w-md text-zinc-400">
            Tap the heart on any product to keep it here until you are ready.
          </p>
          <Link to="/products" className={buttonClasses('primary', 'lg', 'mt-2')}>
            Browse Products
          </Link>
        </div>
      ) : (
        <ProductGrid products={products} priorityCount={3} />
      )}

      {userId === null && status !== 'loading' && (
        <p className="mt-10 text-sm text-zinc-400">
          Your wishlist is kept in this browser.{' '}
          <Link
            to={loginPathFor('/wishlist')}
            className="font-medium text-brand-300 underline-offset-4 hover:underline"
          >
            Sign in
          </Link>{' '}
          to save it with your account and see it on every device.
        </p>
      )}
    </Container>
  );
}
