import type { ReactNode } from 'react';

/** The opening of a content page: a small label, the page's one h1 and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">{eyebrow}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
      {children && <div className="mt-4 text-base text-zinc-400 sm:text-lg">{children}</div>}
    </header>
  );
}
