import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import type { SortOption } from './product-sort';

export function SortSelect({
  options,
  value,
  onChange,
}: {
  options: readonly SortOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-zinc-400">
        Sort by
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 appearance-none rounded-lg border border-zinc-800 bg-zinc-900 pr-9 pl-3 text-sm text-zinc-100 hover:border-zinc-700 focus:border-brand-500"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500"
        />
      </div>
    </div>
  );
}
