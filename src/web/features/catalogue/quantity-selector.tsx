import { Minus, Plus } from 'lucide-react';

interface QuantitySelectorProps {
  value: number;
  /** The purchase limit, when the product has one. */
  max: number | null;
  onChange: (value: number) => void;
}

const stepClass =
  'grid size-11 place-items-center text-zinc-300 transition-colors hover:bg-zinc-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * The quantity: at least 1, at most the purchase limit. A limit of 1 marks a single-copy digital
 * download: both step buttons are disabled and it reads 'Digital'; a higher one reads 'Limit: N'.
 */
export function QuantitySelector({ value, max, onChange }: QuantitySelectorProps) {
  const singleCopy = max === 1;
  return (
    <div className="flex items-center gap-4">
      <div
        role="group"
        aria-label="Quantity"
        className="inline-flex items-center rounded-lg border border-zinc-700 bg-zinc-900"
      >
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={singleCopy || value <= 1}
          onClick={() => onChange(value - 1)}
          className={`${stepClass} rounded-l-lg`}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output
          aria-live="polite"
          className="w-10 text-center font-semibold text-white tabular-nums"
        >
          {value}
        </output>
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={singleCopy || (max !== null && value >= max)}
          onClick={() => onChange(value + 1)}
          className={`${stepClass} rounded-r-lg`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {singleCopy ? (
        <span
          title="A single-copy digital download"
          className="rounded-full border border-zinc-700 px-3 py-1 text-xs font-medium text-zinc-300"
        >
          Digital
        </span>
      ) : (
        max !== null && <span className="text-sm text-zinc-400">Limit: {max}</span>
      )}
    </div>
  );
}
