import { useId, type InputHTMLAttributes } from 'react';

export const inputClasses =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3.5 py-2.5 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-500 aria-invalid:border-red-500 read-only:cursor-not-allowed read-only:bg-zinc-900 read-only:text-zinc-400';

/** A labelled input with an optional hint under it. */
export function TextField({
  label,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        className={inputClasses}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
