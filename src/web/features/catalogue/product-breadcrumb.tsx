import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { Product } from '#shared/catalogue';
import { categoryLabel } from '#shared/product';

const linkClass = 'rounded text-zinc-400 transition-colors hover:text-white';

/** Home / Products / Category / Name. */
export function ProductBreadcrumb({ product }: { product: Product }) {
  const separator = <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-zinc-600" />;
  return (
    <nav aria-label="Breadcrumb" className="mb-8">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <li className="flex items-center gap-2">
          <Link to="/" className={linkClass}>
            Home
          </Link>
          {separator}
        </li>
        <li className="flex items-center gap-2">
          <Link to="/products" className={linkClass}>
            Products
          </Link>
          {separator}
        </li>
        <li className="flex items-center gap-2">
          {product.category ? (
            <Link
              to={`/products?category=${encodeURIComponent(product.category.slug)}`}
              className={linkClass}
            >
              {product.category.name}
            </Link>
          ) : (
            <span className="text-zinc-400">{categoryLabel(product)}</span>
          )}
          {separator}
        </li>
        <li aria-current="page" className="min-w-0 truncate font-medium text-zinc-200">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}
