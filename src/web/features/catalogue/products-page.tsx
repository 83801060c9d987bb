import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { searchTerm } from '#shared/product-search';
import { categoriesQueryOptions } from '#web/api/catalogue';
import { ErrorAlert } from '#web/components/ui/alert';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { ProductGridSkeleton } from '#web/components/product/product-grid';
import { PageMeta } from '#web/components/seo/page-meta';
import { ProductsSeo } from './catalogue-seo';
import { CategoryFilter } from './category-filter';
import { CategorySections } from './category-sections';
import { facetParamsOf, hasFacetFilters, withFacetParams } from './facet-params';
import { ProductResults } from './product-results';
import { ProductSearchForm } from './product-search-form';
import { sortOption, sortOptions } from './product-sort';
import { UnknownCategory } from './unknown-category';
import { ReadySuspense } from '#web/components/shell/ready-suspense';
import { HydrateLater } from '#web/components/ui/hydrate-later';

/**
 * The facet panel and its sheet load after the first paint (the first page's JS budget), and,
 * on a page the server drew, only once the browser is idle (HydrateLater): the server's panel is
 * on screen meanwhile, disabled until it hydrates, and the page is ready once it has.
 */
const FacetFilters = lazy(() =>
  import('./facet-filters').then((m) => ({ default: m.FacetFilters })),
);
/** The chosen filters' chips, with the vocabularies' labels: after the first paint too. */
const ActiveFilters = lazy(() =>
  import('./active-filters').then((m) => ({ default: m.ActiveFilters })),
);

/** The facets' column while their code loads (a page the browser draws). */
const FACETS_FALLBACK = <div className="hidden lg:block" />;

const ALL_PRODUCTS_INTRO =
  'Sample packs, MIDI, plugins and apps for every stage of your production, from first idea to final master.';

/** /products: every category, one category (?category=), or a search (?q=, in a category or not). */
export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const slug = searchParams.get('category');
  const typed = searchParams.get('q')?.trim() ?? '';
  const q = searchTerm(typed);
  const searching = q !== null;
  const options = sortOptions(searching);
  const sort = sortOption(searchParams.get('sort'), searching);
  const categories = useQuery(categoriesQueryOptions());
  const category = slug ? categories.data?.find((c) => c.slug === slug) : undefined;
  const facetParams = facetParamsOf(searchParams);
  const filtering = hasFacetFilters(facetParams);

  // Each filter chosen is a history entry: Back takes the last one away.
  const onFacetsChange = (next: typeof facetParams) =>
    setSearchParams(withFacetParams(searchParams, next), { preventScrollReset: true });

  // A new category starts from the default sort, and keeps the search; each choice is a
  // history entry.
  const onCategorySelect = (next: string | null) => {
    const params = new URLSearchParams();
    if (next !== null) params.set('category', next);
    if (q !== null) params.set('q', q);
    setSearchParams(withFacetParams(params, facetParams), { preventScrollReset: true });
  };

  const onSortChange = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === options[0].value) next.delete('sort');
    else next.set('sort', value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const categoryName = category?.name ?? (categories.isPending ? '' : 'Products');
  const heading = searching ? `Results for “${q}”` : slug === null ? 'All Products' : categoryName;
  const intro = searching ? undefined : slug === null ? ALL_PRODUCTS_INTRO : category?.description;
  const title = searching
    ? `Search: ${q}`
    : slug === null
      ? 'Products'
      : (category?.name ?? 'Products');

  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title={title} />
      {searching ? (
        <PageMeta title={title} description={`Products matching “${q}”.`} noIndex />
      ) : (
        (slug === null || category) && (
          <ProductsSeo category={category ?? null} intro={ALL_PRODUCTS_INTRO} />
        )
      )}
      <header className="mb-10 flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 space-y-4">
          <p className="text-sm font-semibold tracking-wider text-brand-300 uppercase">
            {searching ? 'Search' : 'Catalogue'}
          </p>
          {heading ? (
            <h1 className="text-4xl font-bold tracking-tight break-words text-white sm:text-5xl">
              {heading}
            </h1>
          ) : (
            <Skeleton className="h-12 w-64" />
          )}
          {intro && <p className="max-w-2xl text-lg text-zinc-400">{intro}</p>}
        </div>
        <ProductSearchForm value={typed} tooShort={typed !== '' && !searching} />
      </header>

      <div className="mb-12">
        <CategoryFilter categories={categories.data} selected={slug} onSelect={onCategorySelect} />
      </div>

      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <HydrateLater on="idle" boundary={ReadySuspense} fallback={FACETS_FALLBACK}>
          <FacetFilters
            params={facetParams}
            category={category?.slug}
            q={q ?? undefined}
            onChange={onFacetsChange}
          />
        </HydrateLater>
        <div className="min-w-0">
          {filtering && (
            <ReadySuspense fallback={null}>
              <ActiveFilters params={facetParams} onChange={onFacetsChange} />
            </ReadySuspense>
          )}
          {slug === null ? (
            searching || filtering ? (
              <ProductResults
                key={`search:${q ?? ''}:${JSON.stringify(facetParams)}`}
                filter={{ q: q ?? undefined, facets: facetParams }}
                sort={sort}
                sortOptions={options}
                onSortChange={onSortChange}
                onClearFilters={() => onFacetsChange({})}
              />
            ) : (
              <CategorySections categories={categories.data} isError={categories.isError} />
            )
          ) : category ? (
            <ProductResults
              key={`${category.slug}:${q ?? ''}:${JSON.stringify(facetParams)}`}
              filter={{ category, q: q ?? undefined, facets: facetParams }}
              sort={sort}
              sortOptions={options}
              onSortChange={onSortChange}
              onClearFilters={() => onFacetsChange({})}
            />
          ) : categories.isPending ? (
            <ProductGridSkeleton count={6} />
          ) : categories.isError ? (
            <ErrorAlert title="Failed to load products" />
          ) : (
            <UnknownCategory slug={slug} />
          )}
        </div>
      </div>
    </Container>
  );
}
