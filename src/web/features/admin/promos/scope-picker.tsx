import { useId } from 'react';

export interface ScopeOption {
  id: string;
  label: string;
}

/**
 * A checkbox list of products or categories a code is limited to, scrolling when long. Ids
 * chosen before that the list no longer shows are kept, and counted.
 */
export function ScopePicker({
  legend,
  options,
  chosen,
  onChange,
  errors,
}: {
  legend: string;
  options: ScopeOption[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  errors?: string[];
}) {
  const id = useId();
  const shown = new Set(options.map((option) => option.id));
  const hidden = chosen.filter((choice) => !shown.has(choice)).length;
  const toggle = (optionId: string, on: boolean) =>
    onChange(on ? [...chosen, optionId] : chosen.filter((choice) => choice !== optionId));
  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">
        {legend}{' '}
        {chosen.length > 0 && <span className="text-zinc-400">({chosen.length} chosen)</span>}
      </legend>
      {options.length === 0 ? (
        <p className="text-sm text-zinc-400">None in the store yet.</p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-zinc-800 bg-zinc-950/60 p-2">
          {options.map((option) => (
            <li key={option.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800/70">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-500"
                  checked={chosen.includes(option.id)}
                  onChange={(e) => toggle(option.id, e.target.checked)}
                />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <p className="mt-1.5 text-xs text-zinc-400">
          And {hidden} not listed here, kept as chosen.
        </p>
      )}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-300">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}
