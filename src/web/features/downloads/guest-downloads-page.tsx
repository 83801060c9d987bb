import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Info } from 'lucide-react';
import { loginPathFor } from '#shared/auth';
import {
  archivesApi,
  downloadsApi,
  guestOrderQueryOptions,
  purchaseKeys,
} from '#web/api/downloads';
import { DownloadEverything } from '#web/components/orders/download-everything';
import { ApiError } from '#web/api/http';
import { useSession } from '#web/session/use-session';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { InvoiceDownloads } from '#web/components/orders/invoice-downloads';
import { LicenseKeyList } from '#web/components/licenses/license-key-list';
import type { GuestOrderLicense } from '#shared/orders';
import { invoicePaths } from '#shared/invoices';
import { licenseCertificatePaths } from '#shared/license-certificate';
import { LicenseCertificateLink } from '#web/components/licenses/license-certificate-link';
import { PurchaseList, PurchaseListError, PurchaseListSkeleton } from './purchase-list';

/** The guest's way to their files: the receipt email links here with a signed token. */
export function GuestDownloadsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <Container className="max-w-4xl py-10 sm:py-14">
      <PageTitle title="Your Downloads" />
      <h1 className="text-3xl font-semibold text-white">Your Downloads</h1>
      {token ? <GuestOrderFiles token={token} /> : <InvalidLink />}
    </Container>
  );
}

function GuestOrderFiles({ token }: { token: string }) {
  const order = useQuery(guestOrderQueryOptions(token));
  const { user } = useSession();

  if (order.isPending) {
    return (
      <div className="mt-8">
        <PurchaseListSkeleton />
      </div>
    );
  }
  if (order.isError) {
    // A 4xx is the link itself (tampered, expired, unknown order): trying again will not help.
    const linkRefused =
      order.error instanceof ApiError && order.error.status >= 400 && order.error.status < 500;
    if (linkRefused) return <InvalidLink />;
    return (
      <div className="mt-8">
        <PurchaseListError onRetry={() => void order.refetch()} isRetrying={order.isFetching} />
      </div>
    );
  }

  const { email, orderNumber, data } = order.data;
  return (
    <>
      <p className="mt-2 text-zinc-400">
        Order #{orderNumber}, bought with {email}.
      </p>
      <div className="mt-4">
        <InvoiceDownloads
          documents={order.data}
          paths={{
            invoice: invoicePaths.guest(encodeURIComponent(token)),
            creditNote: (number) => invoicePaths.guestCreditNote(encodeURIComponent(token), number),
          }}
        />
        {data.length > 0 && (
          <ul aria-label="Licence certificates" className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
            {data.map((purchase) => (
              <li key={purchase.id}>
                <LicenseCertificateLink
                  path={licenseCertificatePaths.guest(encodeURIComponent(token), purchase.id)}
                  productName={purchase.product.name}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <aside
        aria-label="About this link"
        className="my-8 flex items-start gap-3 rounded-xl border border-brand-500/30 bg-brand-500/10 p-4 text-sm text-zinc-200"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
        <div className="space-y-1">
          <p>
            This link is valid for 30 days from your purchase. Keep the receipt email to come back
            to your files.
          </p>
          {!user && (
            <p>
              <Link
                to="/signup"
                className="font-medium text-brand-300 underline underline-offset-2 hover:text-brand-200"
              >
                Create an account
              </Link>{' '}
              with {email} to keep your purchases together in your Download Hub.
            </p>
          )}
        </div>
      </aside>
      {order.data.licenses.length > 0 && <GuestLicenseKeys licenses={order.data.licenses} />}
      {data.length === 0 ? (
        <EmptyState title="This order has no files to download yet.">
          <p>Downloads appear once the payment is complete.</p>
        </EmptyState>
      ) : (
        <>
          <DownloadEverything
            className="mb-6 sm:max-w-sm"
            request={() => archivesApi.guest(token)}
          />
          <PurchaseList
            purchases={data}
            request={(orderItemId, choice) =>
              downloadsApi.createForGuest(token, orderItemId, choice)
            }
            listKey={purchaseKeys.guestOrder(token)}
          />
        </>
      )}
    </>
  );
}

/** The order's licence keys, by product, above its files. */
function GuestLicenseKeys({ licenses }: { licenses: GuestOrderLicense[] }) {
  const lines = [...new Set(licenses.map((l) => l.orderItemId))];
  return (
    <section
      aria-labelledby="guest-license-keys"
      className="mb-8 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5"
    >
      <h2 id="guest-license-keys" className="font-semibold text-white">
        Your licence keys
      </h2>
      <ul className="mt-2 divide-y divide-zinc-800/70">
        {lines.map((line) => {
          const keys = licenses.filter((l) => l.orderItemId === line);
          const productName = keys[0]?.productName ?? '';
          return (
            <li key={line} className="py-3">
              <p className="text-sm font-medium text-zinc-100">{productName}</p>
              <LicenseKeyList productName={productName} licenses={keys} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A tampered, expired or missing token. */
function InvalidLink() {
  return (
    <div className="mt-8">
      <ErrorAlert title="This download link is invalid or has expired.">
        <p>
          Download links from the receipt email work for 30 days after purchase. If you have an
          account with the email you bought with, sign in to find your files in your Download Hub;
          otherwise contact support with your order number.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={loginPathFor('/download-hub')} className={buttonClasses('secondary', 'sm')}>
            Sign In
          </Link>
          <Link to="/support" className={buttonClasses('secondary', 'sm')}>
            Contact Support
          </Link>
        </div>
      </ErrorAlert>
    </div>
  );
}
