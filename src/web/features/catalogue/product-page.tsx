import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PackageX } from 'lucide-react';
import { productImages } from '#shared/product';
import { productQueryOptions } from '#web/api/catalogue';
import { productReviewsQueryOptions } from '#web/api/reviews';
import { ApiError } from '#web/api/http';
import { ErrorAlert } from '#web/components/ui/alert';
import { BelowFold } from '#web/components/ui/below-fold';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { RetryButton } from '#web/components/ui/retry-button';
import { useHttpStatus } from '#web/components/shell/http-status';
import { ProductSeo } from './catalogue-seo';
import { productBundleQueryOptions } from './bundle-query';
import { ProductBreadcrumb } from './product-breadcrumb';
import { ProductGallery } from './product-gallery';
import { ProductPageSkeleton } from './product-page-skeleton';
import { ProductSummary } from './product-summary';
import { ReadySuspense } from '#web/components/shell/ready-suspense';

/** Below the gallery and the buy box: their code (Radix tabs, the product grid) comes after the first screenful. */
const ProductTabs = lazy(() => import('./product-tabs').then((m) => ({ default: m.ProductTabs })));
const PackContents = lazy(() =>
  import('./pack-contents').then((m) => ({ default: m.PackContents })),
);
/** A bundle's members and savings, or the bundles a product is in: drawn by the server too. */
const BundleSection = lazy(() =>
  import('./bundle-section').then((m) => ({ default: m.BundleSection })),
);
const RelatedProducts = lazy(() =>
  import('./related-products').then((m) => ({ default: m.RelatedProducts })),
);

/** An id that names no product: a 404, or one the API rejects as malformed. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_FAILED');
}

function ProductNotFound() {
  useHttpStatus(404);
  return (
    <div className="flex flex-col items-center gap-4 py-20 text-center">
      <PageTitle title="Product Not Found" />
      <span className="grid size-16 place-items-center rounded-full bg-zinc-900 text-zinc-500">
        <PackageX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-3xl font-bold text-white">Product Not Found</h1>
      <p className="max-w-md text-zinc-400">
        The product you are looking for does not exist or is no longer available.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-2')}>
        Return Home
      </Link>
    </div>
  );
}

export function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, error, isPending, refetch } = useQuery(productQueryOptions(id));
  const { data: bundle } = useQuery(productBundleQueryOptions(id));
  // The newest reviews, rendered by the server with the product for its JSON-LD (and shared
  // with the Reviews tab).
  const { data: reviews } = useQuery({
    ...productReviewsQueryOptions(id, 'newest'),
    enabled: (product?.ratingCount ?? 0) > 0,
  });
  const hasBundle = bundle && (bundle.members.length > 0 || bundle.includedIn.length > 0);

  return (
    <Container className="py-10 sm:py-14">
      {isPending ? (
        <>
          <PageTitle title="Loading product" />
          <ProductPageSkeleton />
        </>
      ) : isNotFound(error) ? (
        <ProductNotFound />
      ) : error || !product ? (
        <>
          <PageTitle title="Product unavailable" />
          <ErrorAlert title="This product could not be loaded">
            <p>{error?.message}</p>
            <RetryButton onRetry={() => void refetch()} />
          </ErrorAlert>
        </>
      ) : (
        <div key={product.id} className="space-y-20">
          <PageTitle title={product.name} />
          <ProductSeo product={product} reviews={reviews?.data} />
          <div>
            <ProductBreadcrumb product={product} />
            <div className="grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-14">
              <ProductGallery images={productImages(product)} name={product.name} />
              <ProductSummary product={product} />
            </div>
          </div>
          {hasBundle && (
            <ReadySuspense fallback={null}>
              <div className="space-y-6">
                <BundleSection bundle={bundle} />
              </div>
            </ReadySuspense>
          )}
          <BelowFold className="min-h-64 space-y-20">
            <ProductTabs product={product} />
            <PackContents productId={product.id} productName={product.name} />
            <RelatedProducts productId={product.id} />
          </BelowFold>
        </div>
      )}
    </Container>
  );
}
