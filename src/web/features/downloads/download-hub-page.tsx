import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { downloadsApi, purchaseKeys, purchasesQueryOptions } from '#web/api/downloads';
import { ApiError } from '#web/api/http';
import { licensesQueryOptions } from '#web/api/licenses';
import { useSession } from '#web/session/use-session';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { RequireAuth } from '#web/session/require-auth';
import { HubArchive } from './hub-archive';
import { LicenseMachines } from './license-machines';
import { PurchaseList, PurchaseListError, PurchaseListSkeleton } from './purchase-list';

/** Signed-in only. */
export function DownloadHubPage() {
  return (
    <RequireAuth>
      <DownloadHub />
    </RequireAuth>
  );
}

function DownloadHub() {
  const { user } = useSession();
  return (
    <Container className="max-w-4xl py-10 sm:py-14">
      <PageTitle title="Download Hub" />
      <h1 className="text-3xl font-semibold text-white">Download Hub</h1>
      <p className="mt-2 mb-8 text-zinc-400">
        Every file you have bought, newest first. Each purchase includes a set number of downloads.
      </p>
      {user && <PurchasedFiles userId={user.id} />}
    </Container>
  );
}

/** The download hub: purchased products, each with its download button; Retry on failure. */
function PurchasedFiles({ userId }: { userId: string }) {
  const purchases = useQuery(purchasesQueryOptions(userId));
  // Keys load beside the files: a purchase shows its own (same order, same product).
  const licenses = useQuery(licensesQueryOptions(userId));
  const { refetch: refetchSession } = useSession();
  const sessionEnded = purchases.error instanceof ApiError && purchases.error.status === 401;

  // The session ended on the server: reading it again sends this page to /login.
  useEffect(() => {
    if (sessionEnded) void refetchSession();
  }, [sessionEnded, refetchSession]);

  if (purchases.isPending) return <PurchaseListSkeleton />;
  if (purchases.isError) {
    return (
      <PurchaseListError
        onRetry={() => void purchases.refetch()}
        isRetrying={purchases.isFetching}
      />
    );
  }
  if (purchases.data.length === 0) {
    return (
      <EmptyState title="You have no downloads yet.">
        <p>Products you buy appear here, ready to download.</p>
        <Link to="/products" className={buttonClasses('primary', 'md', 'mt-4')}>
          Browse Products
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      {licenses.isError && (
        <div className="mb-4">
          <ErrorAlert title="Your licence keys could not be loaded.">
            <RetryButton onRetry={() => void licenses.refetch()} className="mt-2" />
          </ErrorAlert>
        </div>
      )}
      <HubArchive purchases={purchases.data} />
      <PurchaseList
        purchases={purchases.data}
        request={downloadsApi.create}
        listKey={purchaseKeys.list(userId)}
        extra={(purchase) => (
          <LicenseMachines
            userId={userId}
            licenses={(licenses.data ?? []).filter(
              (license) =>
                license.orderId === purchase.order.id && license.product.id === purchase.productId,
            )}
          />
        )}
      />
    </>
  );
}
