import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEGAL_PAGES, LEGAL_PAGE_TITLES, type LegalPage } from '#shared/store-brand';
import {
  legalPagesInputSchema,
  storeSettingsMessages,
  type LegalPages,
  type LegalPagesInput,
} from '#shared/store-settings-schema';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { legalPagesQueryOptions, storeSettingsApi, storeSettingsKeys } from '../api/store-settings';
import { Field, WriteFailure } from '../forms/field';
import { writeError } from '../forms/form-errors';
import { useCheckedWrite } from '../forms/use-checked-write';
import { SettingsTabs } from './settings-tabs';

const textsOf = (pages: LegalPages): LegalPagesInput =>
  Object.fromEntries(LEGAL_PAGES.map((page) => [page, pages[page].markdown])) as LegalPagesInput;

function PagesForm({ pages }: { pages: LegalPages }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState(textsOf(pages));
  const [page, setPage] = useState<LegalPage>('privacy');
  const save = useCheckedWrite(legalPagesInputSchema, storeSettingsApi.savePages);
  const preview = useMutation({ mutationFn: storeSettingsApi.preview });
  const [previewed, setPreviewed] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.submit(texts, texts, (saved) => {
      queryClient.setQueryData(storeSettingsKeys.pages, saved);
      toast.success(storeSettingsMessages.pagesSaved);
    });
  };
  const choose = (next: LegalPage) => {
    setPage(next);
    setPreviewed(null);
    preview.reset();
  };
  const title = LEGAL_PAGE_TITLES[page];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div role="group" aria-label="Page to edit" className="flex flex-wrap gap-2">
        {LEGAL_PAGES.map((each) => (
          <Button
            key={each}
            variant={each === page ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={each === page}
            onClick={() => choose(each)}
          >
            {LEGAL_PAGE_TITLES[each]}
          </Button>
        ))}
      </div>
      <Card as="section" aria-labelledby="page-heading" className="p-5 sm:p-6">
        <h2 id="page-heading" className="text-lg font-semibold text-white">
          {title}
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-400">
          Markdown: ## for a heading, - for a list item, [text](/page) for a link. Write{' '}
          <code>{'{{store_name}}'}</code> and <code>{'{{support_email}}'}</code> for the store
          settings&apos; name and address.
        </p>
        <Field label={`${title} (Markdown)`} errors={save.errors[page]}>
          {(control) => (
            <textarea
              {...control}
              rows={18}
              className={`${control.className} font-mono text-sm`}
              value={texts[page]}
              onChange={(e) => setTexts((t) => ({ ...t, [page]: e.target.value }))}
            />
          )}
        </Field>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={preview.isPending}
            onClick={() =>
              preview.mutate(texts[page], { onSuccess: (answer) => setPreviewed(answer.html) })
            }
          >
            {preview.isPending ? 'Rendering...' : 'Preview'}
          </Button>
          {preview.isError && <WriteFailure message={writeError(preview.error).message} />}
        </div>
        {previewed !== null && (
          <section
            aria-label={`Preview of the ${title}`}
            className="mt-6 rounded-xl border border-zinc-800 bg-zinc-950 p-5"
          >
            <div
              className="markdown-prose"
              // HTML from the server's Markdown renderer (server/content/markdown.ts).
              dangerouslySetInnerHTML={{ __html: previewed }}
            />
          </section>
        )}
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save pages'}
        </Button>
        <WriteFailure message={save.message} />
      </div>
    </form>
  );
}

/** /admin/settings/pages: the privacy policy, terms and licence, in Markdown, with a preview. */
export function LegalPagesPage() {
  const pages = useQuery(legalPagesQueryOptions());
  return (
    <>
      <AdminPageHeader title="Pages">
        The privacy policy, terms and licence the store shows. A page whose text changes is dated
        the day it is saved.
      </AdminPageHeader>
      <SettingsTabs />
      {pages.isPending ? (
        <div role="status" aria-label="Loading the pages">
          <Skeleton className="h-96 rounded-xl" />
        </div>
      ) : pages.isError ? (
        <ErrorAlert title="The pages could not be loaded.">
          <RetryButton onRetry={() => void pages.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <PagesForm pages={pages.data} />
      )}
    </>
  );
}
