import type { ReactNode } from 'react';

export type BadgeTone = 'brand' | 'new' | 'sale' | 'bundle' | 'neutral';

const tones: Record<BadgeTone, string> = {
  brand: 'bg-brand-600/90 text-white',
  new: 'bg-emerald-500 text-emerald-950',
  sale: 'bg-rose-600 text-white',
  bundle: 'bg-amber-400 text-amber-950',
  neutral: 'border border-zinc-700 bg-zinc-800/80 text-zinc-200',
};

/** A small label: a product flag, a category, a tag. */
export function Badge({
  tone = 'neutral',
  children,
  className = '',
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
