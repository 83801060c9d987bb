import { Minus, Plus } from 'lucide-react';
import type { CartLine } from '#shared/cart';

const stepClass =
  'grid size-8 place-items-center text-zinc-300 transition-colors hover:bg-zinc-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * A line's quantity in the cart. Going below 1 removes the line; going above the
 * purchase limit is not offered ('Max: N' above 1, 'Digital' for a single copy).
 */
export function CartQuantityControl({
  line,
  onChange,
}: {
  line: CartLine;
  onChange: (quantity: number) => void;
}) {
  const limit = line.purchaseLimit;
  return (
    <div className="flex items-center gap-3">
      <div
        role="group"
        aria-label={`Quantity of ${line.name}`}
        className="inline-flex items-center rounded-lg border border-zinc-700 bg-zinc-900"
      >
        <button
          type="button"
          aria-label={`Decrease quantity of ${line.name}`}
          onClick={() => onChange(line.quantity - 1)}
          className={`${stepClass} rounded-l-lg`}
        >
          <Minus aria-hidden="true" className="size-3.5" />
        </button>
        <output className="w-8 text-center text-sm font-semibold text-white tabular-nums">
          {line.quantity}
        </output>
        <button
          type="button"
          aria-label={`Increase quantity of ${line.name}`}
          disabled={limit !== null && line.quantity >= limit}
          onClick={() => onChange(line.quantity + 1)}
          className={`${stepClass} rounded-r-lg`}
        >
          <Plus aria-hidden="true" className="size-3.5" />
        </button>
      </div>
      {limit === 1 ? (
        <span title="A single-copy digital download" className="text-xs text-zinc-400">
          Digital
        </span>
      ) : (
        limit !== null && <span className="text-xs text-zinc-400">Max: {limit}</span>
      )}
    </div>
  );
}
