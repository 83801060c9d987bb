import { useId, useState, type FormEvent } from 'react';
import { Dialog, Slider } from 'radix-ui';
import { X } from 'lucide-react';
import type { FacetCount, FacetName, ProductFacets } from '#shared/catalogue';
import { formatPrice, parseMoney } from '#shared/money';
import type { FacetParams } from '#web/api/catalogue';
import { Button } from '#web/components/ui/button';
import { formats, genres, instruments, musicKeys, systems } from '#shared/music';
import { ClearFiltersButton } from './active-filters';
import { chosenFilterCount } from './facet-params';

/** Each facet's values and labels, in the panel's order. */
const FACETS: readonly { name: FacetName; title: string; labels: Record<string, string> }[] = [
  { name: 'genre', title: 'Genre', labels: genres.labels },
  { name: 'instrument', title: 'Instrument', labels: instruments.labels },
  { name: 'key', title: 'Key', labels: Object.fromEntries(musicKeys.map((key) => [key, key])) },
  { name: 'format', title: 'Format', labels: formats.labels },
  { name: 'os', title: 'OS', labels: systems.labels },
];

/** The tempo slider's ends: a filter at both ends is no filter. */
const TEMPO = { min: 40, max: 200 } as const;

export interface FacetPanelProps {
  params: FacetParams;
  /** The live counts; undefined while the first answer loads. */
  facets: ProductFacets | undefined;
  onChange: (next: FacetParams) => void;
}

function FacetGroup({
  title,
  name,
  labels,
  counts,
  selected,
  onToggle,
}: {
  title: string;
  name: FacetName;
  labels: Record<string, string>;
  counts: FacetCount[] | undefined;
  selected: readonly string[];
  onToggle: (value: string) => void;
}) {
  const values = counts ?? Object.keys(labels).map((value) => ({ value, count: undefined }));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-semibold text-white">{title}</legend>
      <ul className={name === 'key' ? 'grid grid-cols-2 gap-x-3 gap-y-1' : 'space-y-1'}>
        {values.map(({ value, count }) => {
          const checked = selected.includes(value);
          return (
            <li key={value}>
              <label
                className={`flex cursor-pointer items-center gap-2 text-sm ${
                  count === 0 && !checked ? 'text-zinc-400' : 'text-zinc-200'
                }`}
              >
                <input
                  type="checkbox"
                  name={name}
                  value={value}
                  checked={checked}
                  onChange={() => onToggle(value)}
                  className="size-4 accent-brand-500"
                />
                <span className="min-w-0 flex-1 truncate">{labels[value] ?? value}</span>
                {count !== undefined && (
                  <span className="text-xs text-zinc-400 tabular-nums">{count}</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function TempoSlider({
  params,
  facets,
  onChange,
}: {
  params: FacetParams;
  facets: ProductFacets | undefined;
  onChange: (range: [number, number]) => void;
}) {
  const chosen: [number, number] = [params.bpmMin ?? TEMPO.min, params.bpmMax ?? TEMPO.max];
  // While dragging, the handles' own range; when the address changes (Back, a shared link),
  // the address's.
  const [dragged, setDragged] = useState<{ from: string; range: [number, number] } | null>(null);
  const from = chosen.join('-');
  const range = dragged && dragged.from === from ? dragged.range : chosen;
  const setRange = (next: [number, number]) => setDragged({ from, range: next });
  const label = useId();
  const available = facets?.bpm;
  return (
    <div className="space-y-3">
      <p id={label} className="text-sm font-semibold text-white">
        BPM
      </p>
      <p className="text-sm text-zinc-300 tabular-nums" aria-live="polite">
        {range[0]}–{range[1]} BPM
        {available?.min != null && (
          <span className="text-zinc-400">
            {' '}
            (found: {available.min}–{available.max})
          </span>
        )}
      </p>
      <Slider.Root
        aria-labelledby={label}
        min={TEMPO.min}
        max={TEMPO.max}
        step={1}
        minStepsBetweenThumbs={1}
        value={range}
        onValueChange={(value) => setRange([value[0] ?? TEMPO.min, value[1] ?? TEMPO.max])}
        onValueCommit={(value) => onChange([value[0] ?? TEMPO.min, value[1] ?? TEMPO.max])}
        className="relative flex h-6 w-full touch-none items-center select-none"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-zinc-800">
          <Slider.Range className="absolute h-full rounded-full bg-brand-500" />
        </Slider.Track>
        {['Lowest BPM', 'Highest BPM'].map((name) => (
          <Slider.Thumb
            key={name}
            aria-label={name}
            className="block size-5 rounded-full border-2 border-brand-400 bg-zinc-950 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
          />
        ))}
      </Slider.Root>
    </div>
  );
}

const dollars = (cents: number | undefined) => (cents === undefined ? '' : String(cents / 100));

function PriceRange({
  params,
  facets,
  onChange,
}: {
  params: FacetParams;
  facets: ProductFacets | undefined;
  onChange: (min: number | undefined, max: number | undefined) => void;
}) {
  const [min, setMin] = useState(dollars(params.priceMin));
  const [max, setMax] = useState(dollars(params.priceMax));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const low = min.trim() === '' ? undefined : parseMoney(min.trim());
    const high = max.trim() === '' ? undefined : parseMoney(max.trim());
    if (low === null || high === null) return setError('Enter prices like 10 or 24.99');
    setError(null);
    onChange(low, high);
  };
  const found = facets?.price;
  const input =
    'h-9 w-full rounded-lg border border-zinc-800 bg-zinc-900 px-2 text-sm text-zinc-100 focus:border-brand-500';
  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="text-sm font-semibold text-white">
        Price
      </p>
      {found?.min != null && found.max != null && (
        <p className="text-xs text-zinc-400">
          {formatPrice(found.min)} – {formatPrice(found.max)}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label className="flex-1 text-xs text-zinc-400">
          Min $
          <input
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            className={input}
          />
        </label>
        <label className="flex-1 text-xs text-zinc-400">
          Max $
          <input
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            className={input}
          />
        </label>
        <Button type="submit" variant="secondary" size="sm">
          Apply
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

/** The facet filters with their live counts: each change is a new address (facet-params.ts). */
export function FacetPanel({ params, facets, onChange }: FacetPanelProps) {
  const toggle = (name: FacetName, value: string) => {
    const current = params[name] ?? [];
    const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    onChange({ ...params, [name]: next.length > 0 ? next : undefined });
  };
  const tempo = (range: [number, number]) => {
    const full = range[0] <= TEMPO.min && range[1] >= TEMPO.max;
    onChange({
      ...params,
      bpmMin: full ? undefined : range[0],
      bpmMax: full ? undefined : range[1],
    });
  };
  const group = (index: number) => {
    const facet = FACETS[index]!;
    return (
      <FacetGroup
        key={facet.name}
        title={facet.title}
        name={facet.name}
        labels={facet.labels}
        counts={facets?.[facet.name]}
        selected={params[facet.name] ?? []}
        onToggle={(value) => toggle(facet.name, value)}
      />
    );
  };
  return (
    <div className="space-y-8">
      {chosenFilterCount(params) > 0 && <ClearFiltersButton onClear={() => onChange({})} />}
      {group(0)}
      {group(1)}
      <TempoSlider params={params} facets={facets} onChange={tempo} />
      {group(2)}
      {group(3)}
      {group(4)}
      <PriceRange
        key={`${params.priceMin}-${params.priceMax}`}
        params={params}
        facets={facets}
        onChange={(priceMin, priceMax) => onChange({ ...params, priceMin, priceMax })}
      />
      <label className="flex cursor-pointer items-center gap-2 text-sm text-zinc-300">
        <input
          type="checkbox"
          checked={params.onSale === 'true'}
          onChange={() =>
            onChange({ ...params, onSale: params.onSale === 'true' ? undefined : 'true' })
          }
          className="size-4 accent-brand-500"
        />
        <span className="flex-1 font-semibold text-white">On sale</span>
        {facets && <span className="text-xs text-zinc-400 tabular-nums">{facets.onSale}</span>}
      </label>
    </div>
  );
}

/** On a phone the panel opens in a sheet from the 'Filters' button. */
export function FacetSheet({
  open,
  onOpenChange,
  total,
  ...panel
}: FacetPanelProps & { open: boolean; onOpenChange: (open: boolean) => void; total?: number }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,90vw)] flex-col border-l border-zinc-800 bg-zinc-950 shadow-2xl">
          <div className="flex items-center justify-between border-b border-zinc-800 p-4">
            <Dialog.Title className="text-lg font-semibold text-white">Filters</Dialog.Title>
            <Dialog.Close
              aria-label="Close filters"
              className="grid size-10 place-items-center rounded-lg text-zinc-400 hover:bg-zinc-800 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Narrow the products by genre, instrument, tempo, key, format, system and price
          </Dialog.Description>
          <div className="flex-1 overflow-y-auto p-4">
            <FacetPanel {...panel} />
          </div>
          <div className="border-t border-zinc-800 p-4">
            <Dialog.Close asChild>
              <Button className="w-full">
                {total === undefined ? 'Show products' : `Show ${total} products`}
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
