import type { ReactNode } from 'react';
import { PageTitle } from '#web/components/ui/page-title';

/** An admin page's title (also the document's) and what the page is for. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-8">
      <PageTitle title={`${title} · Store admin`} />
      <h1 className="text-2xl font-semibold text-white sm:text-3xl">{title}</h1>
      {children && <p className="mt-2 text-zinc-400">{children}</p>}
    </header>
  );
}
