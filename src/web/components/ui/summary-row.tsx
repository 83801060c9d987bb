import type { ReactNode } from 'react';

/** One line of a money summary (a `<dl>`): label left, amount right; the total line stands out. */
export function SummaryRow({
  label,
  children,
  total = false,
}: {
  label: ReactNode;
  children: ReactNode;
  total?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${
        total
          ? 'border-t border-zinc-800 pt-3 text-base font-semibold text-white'
          : 'text-sm text-zinc-300'
      }`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}
