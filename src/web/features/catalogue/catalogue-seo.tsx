import type { Category, Product } from '#shared/catalogue';
import { productImages } from '#shared/product';
import {
  absoluteUrl,
  breadcrumbStructuredData,
  productStructuredData,
} from '#shared/structured-data';
import { STRUCTURED_DATA_REVIEWS } from '#shared/review-rules';
import type { Review } from '#shared/reviews';
import { useStoreInfo } from '#web/api/store';
import { JsonLd } from '#web/components/seo/json-ld';
import { PageMeta } from '#web/components/seo/page-meta';

/** Search results show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

export const categoryPath = (category: Pick<Category, 'slug'>) =>
  `/products?category=${encodeURIComponent(category.slug)}`;

/** The links above a product or a category: Home, Products, then the category. */
export function catalogueTrail(category: Pick<Category, 'name' | 'slug'> | null) {
  return [
    { name: 'Home', path: '/' },
    { name: 'Products', path: '/products' },
    ...(category ? [{ name: category.name, path: categoryPath(category) }] : []),
  ];
}

function Breadcrumbs({ trail }: { trail: { name: string; path: string }[] }) {
  const store = useStoreInfo();
  if (!store) return null;
  return (
    <JsonLd
      data={breadcrumbStructuredData(
        trail.map((crumb) => ({ name: crumb.name, url: absoluteUrl(store.publicUrl, crumb.path) })),
      )}
    />
  );
}

/** A product page's head (description, canonical, cover art) and its Product and BreadcrumbList data. */
export function ProductSeo({
  product,
  reviews,
}: {
  product: Product;
  /** The newest published reviews, a few of which the Product data carries. */
  reviews?: readonly Review[];
}) {
  const store = useStoreInfo();
  const path = `/products/${encodeURIComponent(product.id)}`;
  return (
    <>
      <PageMeta
        title={product.name}
        description={shortened(product.description)}
        path={path}
        image={productImages(product)[0]}
        type="product"
      />
      {store && (
        <JsonLd
          data={productStructuredData(product, {
            url: absoluteUrl(store.publicUrl, path),
            publicUrl: store.publicUrl,
            storeName: store.name,
            reviews: reviews?.slice(0, STRUCTURED_DATA_REVIEWS),
          })}
        />
      )}
      <Breadcrumbs trail={[...catalogueTrail(product.category), { name: product.name, path }]} />
    </>
  );
}

/** The products page's head: all products, or one category with its breadcrumb trail. */
export function ProductsSeo({ category, intro }: { category: Category | null; intro: string }) {
  if (!category) {
    return <PageMeta title="Products" description={intro} path="/products" />;
  }
  return (
    <>
      <PageMeta
        title={category.name}
        description={shortened(category.description ?? `${category.name}: ${intro}`)}
        path={categoryPath(category)}
      />
      <Breadcrumbs trail={catalogueTrail(category)} />
    </>
  );
}
