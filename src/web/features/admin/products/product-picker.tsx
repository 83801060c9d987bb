import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { BundleProductRef } from '#shared/bundles';
import { formatPrice } from '#shared/money';
import { productStatusLabels } from '#shared/product-status';
import { useDebouncedValue } from '#web/components/search/use-debounced-value';
import { inputClasses } from '#web/components/ui/text-field';
import { adminProductSearchQueryOptions } from '../api/products';

/**
 * A search over the store's products (any status) whose results each have an Add button: the
 * bundle panel picks members and upgrade paths with it. Products already chosen (and the
 * product itself) are left out of the results.
 */
export function ProductPicker({
  label,
  hint,
  exclude,
  onPick,
}: {
  label: string;
  hint: string;
  exclude: ReadonlySet<string>;
  onPick: (product: BundleProductRef) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const search = useQuery(adminProductSearchQueryOptions(q));
  const found = q.length >= 2 ? (search.data?.data ?? []).filter((p) => !exclude.has(p.id)) : [];

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Type 2 letters or more of a product's name"
        aria-describedby={`${id}-hint`}
        className={inputClasses}
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-400">
        {hint}
      </p>
      {q.length >= 2 && (
        <div aria-live="polite">
          {search.isError ? (
            <p className="text-sm text-red-300">The products could not be searched.</p>
          ) : found.length === 0 && !search.isFetching ? (
            <p className="text-sm text-zinc-400">No other product matches “{q}”.</p>
          ) : (
            <ul aria-label={`Products matching ${q}`} className="space-y-1">
              {found.map((product) => (
                <li
                  key={product.id}
                  className="flex items-center justify-between gap-3 rounded-lg bg-zinc-800/60 px-3 py-2"
                >
                  <span className="min-w-0 text-sm">
                    <span className="font-medium text-white">{product.name}</span>{' '}
                    <span className="text-zinc-400">
                      {formatPrice(product.priceCents)}
                      {product.status !== 'active' && ` · ${productStatusLabels[product.status]}`}
                    </span>
                  </span>
                  <button
                    type="button"
                    onClick={() => {
                      onPick({
                        id: product.id,
                        name: product.name,
                        status: product.status,
                        priceCents: product.priceCents,
                        imageUrl: product.imageUrl,
                      });
                      setText('');
                    }}
                    className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-zinc-700 px-2.5 py-1.5 text-sm text-zinc-200 hover:bg-zinc-700"
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    Add <span className="sr-only">{product.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
