import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Copy } from 'lucide-react';
import { formatPercent, type MyAffiliate } from '#shared/affiliates';
import { formatPrice } from '#shared/money';
import { myAffiliateQuery } from '#web/api/affiliate';
import { toast } from '#web/components/shell/toast';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { RequireAuth } from '#web/session/require-auth';

/** /affiliate: signed-in only. */
export function AffiliatePage() {
  return (
    <RequireAuth>
      <Affiliate />
    </RequireAuth>
  );
}

function Affiliate() {
  const affiliate = useQuery(myAffiliateQuery);
  return (
    <Container className="max-w-4xl py-10 sm:py-14">
      <PageTitle title="Affiliate" />
      <h1 className="text-3xl font-semibold text-white">Affiliate</h1>
      <p className="mt-2 mb-8 text-zinc-400">
        Share your link. An order bought after following it earns you your commission on each line,
        reversed if that line is refunded.
      </p>
      {affiliate.isPending ? (
        <div role="status" aria-label="Loading your affiliate page">
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : affiliate.isError ? (
        <ErrorAlert title="Failed to load your affiliate page. Please try again.">
          <RetryButton onRetry={() => void affiliate.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : affiliate.data === null ? (
        <EmptyState title="You are not an affiliate of this store.">
          <Link to="/profile" className={buttonClasses('secondary', 'md', 'mt-4')}>
            My Profile
          </Link>
        </EmptyState>
      ) : (
        <AffiliateFigures affiliate={affiliate.data} />
      )}
    </Container>
  );
}

const dateOf = (iso: string) => <time dateTime={iso}>{iso.slice(0, 10)}</time>;

function AffiliateFigures({ affiliate }: { affiliate: MyAffiliate }) {
  const copy = () =>
    navigator.clipboard.writeText(affiliate.link).then(
      () => toast.success('Link copied'),
      () => toast.error('The link could not be copied. Select it and copy it instead.'),
    );
  const figures: [string, string][] = [
    ['Clicks', String(affiliate.clicks)],
    ['Orders', String(affiliate.orders)],
    ['Earned', formatPrice(affiliate.earnedCents)],
    ['Reversed by refunds', formatPrice(affiliate.reversedCents)],
    ['Paid', formatPrice(affiliate.paidCents)],
    ['Owed', formatPrice(affiliate.owedCents)],
  ];
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="link-heading"
        className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
      >
        <h2 id="link-heading" className="text-lg font-semibold text-white">
          Your link
        </h2>
        {affiliate.status === 'inactive' && (
          <p role="note" className="mt-2 text-sm text-amber-200">
            The store has paused your link: it earns nothing until it is resumed.
          </p>
        )}
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <label htmlFor="referral-link" className="sr-only">
            Referral link
          </label>
          <input
            id="referral-link"
            readOnly
            value={affiliate.link}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-sm text-zinc-100"
          />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            Copy link
          </Button>
        </div>
        <p className="mt-3 text-sm text-zinc-400">
          {formatPercent(affiliate.percentBasisPoints)} of each line’s price before tax, after its
          discount. A visit is remembered for {affiliate.cookieDays} days; the last link a shopper
          followed counts. Your own purchases earn nothing.
        </p>
      </section>

      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="sr-only">
          Your figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4">
              <dt className="text-sm text-zinc-400">{label}</dt>
              <dd className="mt-1 text-xl font-semibold text-white tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-labelledby="commissions-heading"
        className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
      >
        <h2 id="commissions-heading" className="text-lg font-semibold text-white">
          Commission
        </h2>
        {affiliate.commissions.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">No orders through your link yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-zinc-800" aria-label="Commission by order line">
            {affiliate.commissions.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-white [overflow-wrap:anywhere]">{c.productName}</p>
                  <p className="text-sm text-zinc-400">
                    Order #{c.orderNumber} · {dateOf(c.createdAt)} · line {formatPrice(c.baseCents)}
                  </p>
                </div>
                <p className="ml-auto text-right text-sm">
                  <span
                    className={`font-semibold tabular-nums ${c.reversedAt ? 'text-zinc-400 line-through' : 'text-white'}`}
                  >
                    {formatPrice(c.amountCents)}
                  </span>
                  <span className="block text-zinc-400">
                    {c.reversedAt ? (
                      <>Reversed (refunded) {dateOf(c.reversedAt)}</>
                    ) : c.paid ? (
                      'Paid'
                    ) : (
                      'Owed'
                    )}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {affiliate.payouts.length > 0 && (
        <section
          aria-labelledby="payouts-heading"
          className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
        >
          <h2 id="payouts-heading" className="text-lg font-semibold text-white">
            Payouts
          </h2>
          <ul className="mt-4 divide-y divide-zinc-800">
            {affiliate.payouts.map((p) => (
              <li key={p.id} className="flex justify-between gap-2 py-3 text-sm">
                <span className="text-zinc-300">{dateOf(p.paidAt)}</span>
                <span className="font-semibold text-white tabular-nums">
                  {formatPrice(p.amountCents)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
