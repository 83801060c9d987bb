import { X } from 'lucide-react';
import { facetNames, type FacetName } from '#shared/facets';
import { formatPrice } from '#shared/money';
import { formats, genres, instruments, systems } from '#shared/music';
import type { FacetParams } from '#web/api/catalogue';

const labels: Record<FacetName, Record<string, string>> = {
  genre: genres.labels,
  instrument: instruments.labels,
  key: {},
  format: formats.labels,
  os: systems.labels,
};

interface Chip {
  label: string;
  without: FacetParams;
}

/** Each filter chosen as a chip, with what the filters are without it. */
export function filterChips(params: FacetParams): Chip[] {
  const chips: Chip[] = [];
  for (const name of facetNames) {
    for (const value of params[name] ?? []) {
      const rest = (params[name] ?? []).filter((v) => v !== value);
      chips.push({
        label: labels[name][value] ?? value,
        without: { ...params, [name]: rest.length > 0 ? rest : undefined },
      });
    }
  }
  const { bpmMin, bpmMax, priceMin, priceMax } = params;
  if (bpmMin !== undefined || bpmMax !== undefined) {
    chips.push({
      label:
        bpmMin !== undefined && bpmMax !== undefined
          ? `${bpmMin}–${bpmMax} BPM`
          : bpmMin !== undefined
            ? `From ${bpmMin} BPM`
            : `Up to ${bpmMax} BPM`,
      without: { ...params, bpmMin: undefined, bpmMax: undefined },
    });
  }
  if (priceMin !== undefined || priceMax !== undefined) {
    chips.push({
      label:
        priceMin !== undefined && priceMax !== undefined
          ? `${formatPrice(priceMin)}–${formatPrice(priceMax)}`
          : priceMin !== undefined
            ? `From ${formatPrice(priceMin)}`
            : `Up to ${formatPrice(priceMax!)}`,
      without: { ...params, priceMin: undefined, priceMax: undefined },
    });
  }
  if (params.onSale) chips.push({ label: 'On sale', without: { ...params, onSale: undefined } });
  return chips;
}

/**
 * The filters chosen on /products, above the grid: a chip each, removable, and "Clear all
 * filters". A search's understood words arrive as these filters (shared/understood-search-url).
 */
export function ActiveFilters({
  params,
  onChange,
}: {
  params: FacetParams;
  onChange: (next: FacetParams) => void;
}) {
  const chips = filterChips(params);
  if (chips.length === 0) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2">
      <ul aria-label="Filtered by" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <button
              type="button"
              onClick={() => onChange(chip.without)}
              aria-label={`Remove the ${chip.label} filter`}
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-500/40 bg-brand-500/10 px-3 py-1 text-sm text-brand-200 hover:border-brand-400"
            >
              {chip.label}
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <ClearFiltersButton onClear={() => onChange({})} />
    </div>
  );
}

/** Takes every filter away at once. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <button
      type="button"
      onClick={onClear}
      className="rounded-lg px-2 py-1 text-sm font-medium text-zinc-300 underline underline-offset-4 hover:text-white"
    >
      Clear all filters
    </button>
  );
}
