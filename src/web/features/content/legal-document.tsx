import { PageTitle } from '#web/components/ui/page-title';
import { PageMeta } from '#web/components/seo/page-meta';
import { Link } from 'react-router';
import type { StoreInfo } from '#shared/store';
import { useStoreInfo } from '#web/api/store';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useScrollToHash } from './use-scroll-to-hash';

/** Fixed text, or text that names the store or its address (filled in once they are known). */
export type LegalText = string | ((store: StoreInfo) => string);

/** A paragraph, or a bulleted list. */
export type LegalBlock = LegalText | { list: LegalText[] };

export interface LegalSection {
  id: string;
  heading: string;
  body: LegalBlock[];
  /** A related page, linked under the section. */
  see?: { to: string; label: string };
}

export interface LegalDocumentProps {
  title: string;
  /** Human-readable date of the last change. */
  updated: string;
  intro: LegalText;
  sections: LegalSection[];
}

/** The text, or undefined while the store's settings it needs are still loading. */
function fill(text: LegalText, store: StoreInfo | undefined): string | undefined {
  if (typeof text === 'string') return text;
  return store && text(store);
}

/** The one layout of the privacy policy, the terms and the license. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  useScrollToHash();
  const store = useStoreInfo();
  const introText = fill(intro, store);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageTitle title={title} />
      <PageMeta
        title={title}
        description={`${title} of ${store?.name ?? 'the store'}: ${sections.map((section) => section.heading).join(', ')}.`}
      />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">Legal</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-zinc-400">Last updated {updated}</p>
        {introText === undefined ? (
          <Skeleton className="mt-6 h-14 w-full" />
        ) : (
          <p className="mt-6 text-zinc-300 sm:text-lg">{introText}</p>
        )}
      </header>

      <div className="mt-12 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2
            id="legal-contents"
            className="text-xs font-semibold tracking-wide text-zinc-400 uppercase"
          >
            On this page
          </h2>
          <ol className="mt-3 space-y-1 border-l border-zinc-800 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent py-1 pl-4 text-zinc-400 hover:border-brand-400 hover:text-white"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-6">
          {sections.map((section) => (
            <Card
              as="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 p-6 sm:p-8"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-white">
                {section.heading}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-zinc-300">
                {section.body.map((block, index) => {
                  if (typeof block === 'object') {
                    return (
                      <ul key={index} className="list-disc space-y-2 pl-5 marker:text-brand-400">
                        {block.list.map((item, itemIndex) => (
                          <li key={itemIndex}>
                            {fill(item, store) ?? <Skeleton className="inline-block h-4 w-3/4" />}
                          </li>
                        ))}
                      </ul>
                    );
                  }
                  const text = fill(block, store);
                  return text === undefined ? (
                    <Skeleton key={index} className="h-12 w-full" />
                  ) : (
                    <p key={index}>{text}</p>
                  );
                })}
              </div>
              {section.see && (
                <Link
                  to={section.see.to}
                  className="mt-4 inline-block text-sm font-medium text-brand-300 underline-offset-4 hover:underline"
                >
                  {section.see.label}
                </Link>
              )}
            </Card>
          ))}
        </div>
      </div>
    </div>
  );
}
