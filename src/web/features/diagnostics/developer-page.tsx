import type { ReactNode } from 'react';
import { Wrench } from 'lucide-react';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';

/** The frame of every diagnostic page: it says plainly that this is not part of the shop. */
export function DeveloperPage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container className="max-w-5xl py-10 sm:py-14">
      <PageTitle title={title} />
      <aside
        aria-label="Developer page"
        className="mb-8 flex items-start gap-3 rounded-xl border border-amber-700/50 bg-amber-950/30 p-4 text-amber-100"
      >
        <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-400" />
        <p className="text-sm">
          <strong className="font-semibold">Developer page.</strong> This page is for checking the
          store while building it. It is not part of the shop, and a production server shows the
          coming-soon page here instead.
        </p>
      </aside>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold text-white">{title}</h1>
          <div className="mt-2 max-w-3xl text-zinc-400">{lead}</div>
        </div>
        {actions}
      </div>
      <div className="space-y-8">{children}</div>
    </Container>
  );
}

/** A titled block of a diagnostic page. */
export function DeveloperSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
