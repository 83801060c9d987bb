import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { Purchase } from '#shared/downloads';
import type { DownloadChoice, DownloadLink } from '#web/api/downloads';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { PurchaseCard } from './purchase-card';

/** The download list's failure, with a way to try again. */
const LOAD_FAILED = 'Failed to load downloads. Please try again.';

interface PurchaseListProps {
  purchases: Purchase[];
  request: (orderItemId: string, choice?: DownloadChoice) => Promise<DownloadLink>;
  /** The query the list came from, read again after each download. */
  listKey: QueryKey;
  /** What a purchase shows under its download (the hub: its licence keys and machines). */
  extra?: (purchase: Purchase) => ReactNode;
}

export function PurchaseList({ purchases, request, listKey, extra }: PurchaseListProps) {
  return (
    <ul aria-label="Purchased products" className="space-y-4">
      {purchases.map((purchase) => (
        <li key={purchase.id}>
          <PurchaseCard purchase={purchase} request={request} listKey={listKey}>
            {extra?.(purchase)}
          </PurchaseCard>
        </li>
      ))}
    </ul>
  );
}

export function PurchaseListSkeleton() {
  return (
    <div role="status" aria-label="Loading downloads" className="space-y-4">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-32 rounded-xl" />
      ))}
    </div>
  );
}

export function PurchaseListError({
  onRetry,
  isRetrying,
}: {
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <ErrorAlert title={LOAD_FAILED}>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={onRetry}
        disabled={isRetrying}
        aria-busy={isRetrying || undefined}
      >
        {isRetrying ? 'Retrying...' : 'Retry'}
      </Button>
    </ErrorAlert>
  );
}
