import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Ban, Download, HardDrive, Loader2, Receipt, TriangleAlert } from 'lucide-react';
import { downloadErrors } from '#shared/download-errors';
import type { Purchase } from '#shared/downloads';
import { moreDownloadsSupportHref } from '#shared/support';
import { formatFileSize, PLACEHOLDER_IMAGE } from '#shared/product';
import type { DownloadChoice, DownloadLink } from '#web/api/downloads';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { FileChoices, fileChoices, LatestVersion, OlderVersions } from './purchase-versions';
import { useDownload } from './use-download';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The allowance is the product's download limit for each copy bought; a product sold "unlimited
 * for account holders" has none in the owner's hub.
 */
function downloadsLeft({ downloadsRemaining, quantity, product, unlimited }: Purchase): string {
  if (unlimited) return 'Unlimited downloads';
  const allowance = Math.max(product.downloadLimit * quantity, downloadsRemaining);
  return `${downloadsRemaining} of ${allowance} download${allowance === 1 ? '' : 's'} left`;
}

interface PurchaseCardProps {
  purchase: Purchase;
  request: (orderItemId: string, choice?: DownloadChoice) => Promise<DownloadLink>;
  listKey: QueryKey;
  children?: ReactNode;
}

/**
 * One purchase: what it is, the downloads left and the way to get it: one Download button, or,
 * for a product in several files (formats, installers), the files to pick from with their sizes.
 */
export function PurchaseCard({ purchase, request, listKey, children }: PurchaseCardProps) {
  const download = useDownload(request, listKey);
  const { product, order } = purchase;
  const titleId = `purchase-${purchase.id}`;
  const spent = !purchase.unlimited && purchase.downloadsRemaining <= 0;
  const latest = purchase.latestVersion;
  const choices = fileChoices(latest);
  // One file: the button downloads it; several: each line of FileChoices has its own.
  const only = latest?.files.length === 1 ? latest.files[0] : undefined;

  return (
    <article
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          <img
            src={product.imageUrl || PLACEHOLDER_IMAGE}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            className="size-20 shrink-0 rounded-lg border border-zinc-800 bg-zinc-950 object-cover sm:size-24"
          />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="flex flex-wrap items-center gap-2 font-semibold text-white">
              {product.name}
              {purchase.updated && <Badge tone="new">Updated</Badge>}
            </h2>
            {latest && <p className="mt-0.5 text-xs text-zinc-400">Version {latest.version}</p>}
            <p className="mt-1 line-clamp-2 text-sm text-zinc-400">{product.description}</p>
            <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-zinc-400">
              {choices.length === 0 && (
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">File size</dt>
                  <HardDrive aria-hidden="true" className="size-3.5" />
                  <dd className="tabular-nums">
                    {formatFileSize(only ? only.fileSize : product.fileSize)}
                  </dd>
                </div>
              )}
              <div
                className={`flex items-center gap-1.5 font-medium ${spent ? 'text-amber-300' : 'text-zinc-200'}`}
              >
                <dt className="sr-only">Downloads left</dt>
                <Download aria-hidden="true" className="size-3.5" />
                <dd className="tabular-nums">{downloadsLeft(purchase)}</dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Order</dt>
                <Receipt aria-hidden="true" className="size-3.5" />
                <dd>
                  #{order.orderNumber} ·{' '}
                  <time dateTime={order.createdAt}>
                    {dateFormat.format(new Date(order.createdAt))}
                  </time>
                </dd>
              </div>
            </dl>
          </div>
        </div>
        {(spent || choices.length === 0) && (
          <div className="shrink-0 sm:w-48">
            {spent ? (
              <Button variant="secondary" className="w-full" disabled>
                <Ban aria-hidden="true" className="size-4" />
                No Downloads Left<span className="sr-only">: {product.name}</span>
              </Button>
            ) : (
              <Button
                className="w-full"
                onClick={() =>
                  download.mutate({ purchase, choice: only ? { fileId: only.id } : undefined })
                }
                disabled={download.isPending}
                aria-busy={download.isPending || undefined}
              >
                {download.isPending ? (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Download aria-hidden="true" className="size-4" />
                )}
                {download.isPending ? 'Preparing...' : 'Download'}
                <span className="sr-only"> {product.name}</span>
              </Button>
            )}
          </div>
        )}
      </div>
      {!spent && choices.length > 0 && (
        <FileChoices
          files={choices}
          productName={product.name}
          disabled={download.isPending}
          onDownload={(file) => download.mutate({ purchase, choice: { fileId: file.id } })}
        />
      )}
      {latest && <LatestVersion version={latest} />}
      {!spent && (
        <OlderVersions
          versions={purchase.olderVersions}
          productName={product.name}
          disabled={download.isPending}
          onDownload={(version, file) =>
            download.mutate({
              purchase,
              choice: { fileId: file.id },
            })
          }
        />
      )}
      {spent && (
        <p className="flex items-start gap-2.5 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3.5 py-2.5 text-sm text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          <span>
            {downloadErrors.NO_DOWNLOADS_REMAINING}. Need the files again?{' '}
            <Link
              to={moreDownloadsSupportHref(order.orderNumber, product.name)}
              className="font-medium text-amber-300 underline underline-offset-2 hover:text-amber-200"
            >
              Contact support
            </Link>
            .
          </span>
        </p>
      )}
      {children}
    </article>
  );
}
