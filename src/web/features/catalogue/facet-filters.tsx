import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { productsQueryOptions, type FacetParams } from '#web/api/catalogue';
import { Skeleton } from '#web/components/ui/skeleton';

/** The panel (Radix Slider and Dialog) loads after the first paint, not with the first page. */
const loadPanel = () => import('./facet-panel');
const FacetPanel = lazy(() => loadPanel().then((m) => ({ default: m.FacetPanel })));
const FacetSheet = lazy(() => loadPanel().then((m) => ({ default: m.FacetSheet })));

function PanelSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true">
      {Array.from({ length: 8 }, (_, n) => (
        <Skeleton key={n} className="h-5 w-full" />
      ))}
    </div>
  );
}

interface FacetFiltersProps {
  params: FacetParams;
  category?: string;
  q?: string;
  onChange: (next: FacetParams) => void;
}

/**
 * The facet filters of /products with their live counts: a column beside the grid on a wide
 * screen, a 'Filters' button opening a sheet on a phone.
 */
export function FacetFilters({ params, category, q, onChange }: FacetFiltersProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // The counts for the filters as chosen (the first product rides along: limit is at least 1).
  const counts = useQuery({
    ...productsQueryOptions({ ...params, category, q, facets: 'true', limit: 1 }),
    placeholderData: keepPreviousData,
  });
  const panel = { params, facets: counts.data?.facets, onChange };
  const active = Object.values(params).filter((value) => value !== undefined).length;

  return (
    <>
      <aside aria-labelledby="facet-filters-title" className="hidden lg:block">
        <h2 id="facet-filters-title" className="mb-6 text-lg font-semibold text-white">
          Filters
        </h2>
        <Suspense fallback={<PanelSkeleton />}>
          <FacetPanel {...panel} />
        </Suspense>
      </aside>
      <div className="mb-6 lg:hidden">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerDown={() => void loadPanel()}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-zinc-800 bg-zinc-900 px-4 text-sm font-medium text-zinc-100 hover:border-zinc-700"
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters{active > 0 ? ` (${active})` : ''}
        </button>
        {wanted && (
          <Suspense fallback={null}>
            <FacetSheet {...panel} open={open} onOpenChange={setOpen} total={counts.data?.total} />
          </Suspense>
        )}
      </div>
    </>
  );
}
