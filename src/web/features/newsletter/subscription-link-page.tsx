import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Mail } from 'lucide-react';
import type { SubscriptionOutcome } from '#shared/newsletter';
import { ApiError } from '#web/api/http';
import { buttonClasses } from '#web/components/ui/button';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { subscriptionLinkQuery, type SubscriptionLinkPurpose } from './api';

export interface SubscriptionLinkTexts {
  title: string;
  working: string;
  /** When the page was opened without a token. */
  invalidLink: string;
  /** When the store could not be reached or failed. */
  failed: string;
  succeeded: (outcome: SubscriptionOutcome) => ReactNode;
  next: { to: string; label: string };
}

function failureText(error: unknown, fallback: string): string {
  const answered = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return answered ? error.message : fallback;
}

/** A link from a newsletter email: working, then what happened, then a way on. */
export function SubscriptionLinkPage({
  purpose,
  texts,
}: {
  purpose: SubscriptionLinkPurpose;
  texts: SubscriptionLinkTexts;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({ ...subscriptionLinkQuery(purpose, token), enabled: token !== '' });

  let outcome: { ok: boolean; message: ReactNode } | null = null;
  if (!token) outcome = { ok: false, message: texts.invalidLink };
  else if (link.isSuccess) outcome = { ok: true, message: texts.succeeded(link.data) };
  else if (link.isError) outcome = { ok: false, message: failureText(link.error, texts.failed) };

  const Icon = outcome ? (outcome.ok ? CircleCheck : CircleAlert) : Mail;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <PageTitle title={texts.title} />
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl sm:p-8">
        <span
          className={`grid size-12 place-items-center rounded-xl ${
            !outcome
              ? 'bg-brand-600/20 text-brand-300'
              : outcome.ok
                ? 'bg-emerald-500/15 text-emerald-300'
                : 'bg-red-500/15 text-red-300'
          }`}
        >
          <Icon aria-hidden className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold text-white">{texts.title}</h1>
        {outcome ? (
          <>
            <div
              role={outcome.ok ? 'status' : 'alert'}
              className={`mt-4 space-y-2 text-sm ${outcome.ok ? 'text-zinc-300' : 'text-red-200'}`}
            >
              {outcome.message}
            </div>
            <Link to={texts.next.to} className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
              {texts.next.label}
            </Link>
          </>
        ) : (
          <div role="status" className="mt-4 space-y-3">
            <p className="text-sm text-zinc-300">{texts.working}</p>
            <Skeleton className="h-10" />
          </div>
        )}
      </div>
    </div>
  );
}
