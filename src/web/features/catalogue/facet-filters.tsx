import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { productsQueryOptions, type FacetParams } from '#web/api/catalogue';
import { useHydrated } from '#web/components/ui/use-hydrated';
import { FacetPanel, FacetSheet } from './facet-panel';
import { chosenFilterCount } from './facet-params';

interface FacetFiltersProps {
  params: FacetParams;
  category?: string;
  q?: string;
  onChange: (next: FacetParams) => void;
}

/**
 * The facet filters of /products (a lazy chunk of products-page.tsx, with Radix's Slider and
 * Dialog: not part of the first page's JavaScript) with their live counts: a column beside the grid on a wide
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
  const active = chosenFilterCount(params);
  // The server draws the filters, but this chunk hydrates after the page: until it has, they are
  // disabled, so a click then neither does nothing nor ticks a box that filters nothing.
  const hydrated = useHydrated();

  return (
    <>
      <aside aria-labelledby="facet-filters-title" className="hidden lg:block">
        <h2 id="facet-filters-title" className="mb-6 text-lg font-semibold text-white">
          Filters
        </h2>
        <fieldset disabled={!hydrated} className="m-0 min-w-0 border-0 p-0">
          <FacetPanel {...panel} />
        </fieldset>
      </aside>
      <div className="mb-6 lg:hidden">
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={!hydrated}
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
          <FacetSheet {...panel} open={open} onOpenChange={setOpen} total={counts.data?.total} />
        )}
      </div>
    </>
  );
}
