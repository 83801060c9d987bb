import { useQuery } from '@tanstack/react-query';
import type { LegalPage } from '#shared/store-brand';
import { legalPageQueryOptions, useStoreInfo } from '#web/api/store';
import { PageMeta } from '#web/components/seo/page-meta';
import { ErrorAlert } from '#web/components/ui/alert';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { useScrollToHash } from './use-scroll-to-hash';

/** '2025-06-01' → 'June 1, 2025'. */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The one layout of the privacy policy, the terms and the license: the owner's Markdown (admin
 * → Settings → Pages), which the server renders (no raw HTML, no unsafe links) and, for a first
 * visit, draws into the page it sends.
 */
export function LegalDocument({ page, title }: { page: LegalPage; title: string }) {
  const store = useStoreInfo();
  const legal = useQuery(legalPageQueryOptions(page));
  useScrollToHash(legal.isSuccess);
  const headings = legal.data?.headings ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageTitle title={title} />
      <PageMeta title={title} description={`${title} of ${store?.name ?? 'the store'}.`} />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">Legal</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        {legal.data && (
          <p className="mt-2 text-sm text-zinc-400">
            Last updated {longDate(legal.data.updatedOn)}
          </p>
        )}
      </header>
      <div
        className={
          headings.length > 1 ? 'mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]' : 'mt-10 max-w-3xl'
        }
      >
        {headings.length > 1 && (
          <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-24 lg:self-start">
            <h2
              id="legal-contents"
              className="text-xs font-semibold tracking-wide text-zinc-400 uppercase"
            >
              On this page
            </h2>
            <ol className="mt-3 space-y-1 border-l border-zinc-800 text-sm">
              {headings.map((heading) => (
                <li key={heading.id}>
                  <a
                    href={`#${heading.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-zinc-400 hover:border-brand-400 hover:text-white"
                  >
                    {heading.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <Card as="article" className="max-w-3xl min-w-0 p-6 sm:p-8">
          {legal.isPending ? (
            <div role="status" aria-label={`Loading the ${title}`} className="space-y-4">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : legal.isError ? (
            <ErrorAlert title={`The ${title} could not be loaded.`}>
              <RetryButton onRetry={() => void legal.refetch()} className="mt-2" />
            </ErrorAlert>
          ) : (
            <div
              className="markdown-prose [&_h2]:scroll-mt-24"
              // HTML from the server's Markdown renderer (server/content/markdown.ts): no raw HTML.
              dangerouslySetInnerHTML={{ __html: legal.data.html }}
            />
          )}
        </Card>
      </div>
    </div>
  );
}
