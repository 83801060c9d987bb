import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions } from '#web/api/catalogue';
import { ErrorAlert } from '#web/components/ui/alert';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { ProductGridSkeleton } from '#web/components/product/product-grid';
import { CategoryFilter } from './category-filter';
import { CategoryProducts } from './category-products';
import { CategorySections } from './category-sections';
import { sortOption } from './product-sort';
import { UnknownCategory } from './unknown-category';

const ALL_PRODUCTS_INTRO =
  'Sample packs, MIDI, plugins and apps for every stage of your production, from first idea to final master.';

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const slug = searchParams.get('category');
  const sort = sortOption(searchParams.get('sort'));
  const categories = useQuery(categoriesQueryOptions());
  const category = slug ? categories.data?.find((c) => c.slug === slug) : undefined;

  // A new category starts from the default sort; each choice is a history entry.
  const onCategorySelect = (next: string | null) => {
    setSearchParams(next === null ? {} : { category: next }, { preventScrollReset: true });
  };

  const onSortChange = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'newest') next.delete('sort');
    else next.set('sort', value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const heading =
    slug === null ? 'All Products' : (category?.name ?? (categories.isPending ? '' : 'Products'));
  const intro = slug === null ? ALL_PRODUCTS_INTRO : category?.description;

  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title={slug === null ? 'Products' : (category?.name ?? 'Products')} />
      <header className="mb-10 space-y-4">
        <p className="text-sm font-semibold tracking-wider text-brand-300 uppercase">Catalogue</p>
        {heading ? (
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{heading}</h1>
        ) : (
          <Skeleton className="h-12 w-64" />
        )}
        {intro && <p className="max-w-2xl text-lg text-zinc-400">{intro}</p>}
      </header>

      <div className="mb-12">
        <CategoryFilter categories={categories.data} selected={slug} onSelect={onCategorySelect} />
      </div>

      {slug === null ? (
        <CategorySections categories={categories.data} isError={categories.isError} />
      ) : category ? (
        <CategoryProducts
          key={category.slug}
          category={category}
          sort={sort}
          onSortChange={onSortChange}
        />
      ) : categories.isPending ? (
        <ProductGridSkeleton count={6} />
      ) : categories.isError ? (
        <ErrorAlert title="Failed to load products" />
      ) : (
        <UnknownCategory slug={slug} />
      )}
    </Container>
  );
}
