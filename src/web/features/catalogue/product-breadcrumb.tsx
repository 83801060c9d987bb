import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { Product } from '#shared/catalogue';
import { categoryLabel } from '#shared/product';
import { catalogueTrail } from './catalogue-seo';

const linkClass = 'rounded text-zinc-400 transition-colors hover:text-white';

/** Home / Products / Category / Name: the trail the page's BreadcrumbList describes too. */
export function ProductBreadcrumb({ product }: { product: Product }) {
  const separator = <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-zinc-600" />;
  return (
    <nav aria-label="Breadcrumb" className="mb-8">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {catalogueTrail(product.category).map((crumb) => (
          <li key={crumb.path} className="flex items-center gap-2">
            <Link to={crumb.path} className={linkClass}>
              {crumb.name}
            </Link>
            {separator}
          </li>
        ))}
        {!product.category && (
          <li className="flex items-center gap-2">
            <span className="text-zinc-400">{categoryLabel(product)}</span>
            {separator}
          </li>
        )}
        <li aria-current="page" className="min-w-0 truncate font-medium text-zinc-200">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}
