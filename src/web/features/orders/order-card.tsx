import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button';
import { licenseName } from '#shared/cart';
import { groupByBundle, orderCreditNote } from '#shared/bundle-credit';
import { formatPrice } from '#shared/money';
import { fileTitle } from '#shared/file-formats';
import type { OrderView } from '#shared/orders';
import { formatFileSize, PLACEHOLDER_IMAGE } from '#shared/product';
import { LicenseKeyList } from '#web/components/licenses/license-key-list';
import { InvoiceDownloads } from '#web/components/orders/invoice-downloads';
import { OrderStatusBadge } from '#web/components/orders/order-status-badge';
import { DownloadEverything } from '#web/components/orders/download-everything';
import { archivesApi } from '#web/api/downloads';
import { invoicePaths } from '#shared/invoices';
import { licenseCertificatePaths } from '#shared/license-certificate';
import { LicenseCertificateLink } from '#web/components/licenses/license-certificate-link';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** Where "Finish paying" resumes an unpaid order's open payment session. */
export const finishPayingPath = (sessionId: string) =>
  `/checkout/resume?session_id=${encodeURIComponent(sessionId)}`;

/** One order: number, date, status, total and its item lines with their licence keys. */
export function OrderCard({ order }: { order: OrderView }) {
  const titleId = `order-${order.id}`;
  const downloadable = order.status === 'COMPLETED' && order.items.some((item) => !item.refunded);
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-zinc-800 bg-zinc-900/60">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-800 px-5 py-4">
        <div>
          <h2 id={titleId} className="font-semibold text-white">
            Order #{order.orderNumber}
          </h2>
          <p className="text-sm text-zinc-400">
            <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
          </p>
        </div>
        <div className="flex items-center gap-4">
          <OrderStatusBadge status={order.status} />
          <p className="text-right">
            <span className="block text-xs text-zinc-400">Total</span>
            <span className="font-semibold text-white tabular-nums">
              {formatPrice(order.totalCents)}
            </span>
            {order.refundedCents > 0 && (
              <span className="block text-xs text-zinc-400 tabular-nums">
                Refunded {formatPrice(order.refundedCents)}
              </span>
            )}
          </p>
        </div>
      </header>
      <ul
        aria-label={`Items in order ${order.orderNumber}`}
        className="divide-y divide-zinc-800/70 px-5"
      >
        {groupByBundle(order.items).map(({ bundle, lines }) =>
          bundle ? (
            <li key={lines[0]!.id} className="py-3">
              <p className="text-sm font-semibold text-white">{bundle.name}</p>
              <p className="text-xs text-zinc-400">
                Bundle ·{' '}
                {formatPrice(lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0))}
                {creditOf(lines) > 0 && (
                  <span className="text-emerald-400">
                    {' '}
                    · {orderCreditNote(true, creditOf(lines))}
                  </span>
                )}
              </p>
              <ul
                aria-label={`Items in ${bundle.name}`}
                className="mt-1 border-l border-zinc-800 pl-4"
              >
                {lines.map((item) => (
                  <OrderItemRow key={item.id} order={order} item={item} />
                ))}
              </ul>
            </li>
          ) : (
            <OrderItemRow key={lines[0]!.id} order={order} item={lines[0]!} />
          ),
        )}
      </ul>
      {order.unpaidSession && (
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-800 px-5 py-3">
          <p className="text-sm text-amber-200">
            Not paid yet. You can finish paying until{' '}
            <time dateTime={order.unpaidSession.expiresAt}>
              {timeFormat.format(new Date(order.unpaidSession.expiresAt))}
            </time>
            .
          </p>
          <Link
            to={finishPayingPath(order.unpaidSession.sessionId)}
            aria-label={`Finish paying for order ${order.orderNumber}`}
            className={buttonClasses('primary', 'sm', 'w-full sm:w-auto')}
          >
            Finish paying
          </Link>
        </footer>
      )}
      {(order.invoiceNumber || downloadable) && (
        <footer className="flex flex-wrap items-start justify-between gap-3 border-t border-zinc-800 px-5 py-3">
          {order.invoiceNumber && (
            <InvoiceDownloads
              documents={order}
              paths={{
                invoice: invoicePaths.own(order.id),
                creditNote: (number) => invoicePaths.ownCreditNote(order.id, number),
              }}
            />
          )}
          {downloadable && (
            <DownloadEverything
              size="sm"
              className="w-full sm:ml-auto sm:w-auto"
              name={`Download everything in order ${order.orderNumber}`}
              request={() => archivesApi.order(order.id)}
            />
          )}
        </footer>
      )}
    </article>
  );
}

const creditOf = (lines: readonly OrderView['items'][number][]) =>
  lines.reduce((sum, line) => sum + line.creditCents, 0);

/** One line: image, name, licence, quantity × price, its keys and certificate. */
function OrderItemRow({ order, item }: { order: OrderView; item: OrderView['items'][number] }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 py-3">
      <img
        src={item.image || PLACEHOLDER_IMAGE}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="size-12 shrink-0 rounded-md border border-zinc-800 bg-zinc-950 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-100">{item.name}</p>
        {item.refunded && <p className="text-xs font-semibold text-sky-300">Refunded</p>}
        {!item.bundle && item.creditCents > 0 && (
          <p className="text-xs text-emerald-400">{orderCreditNote(false, item.creditCents)}</p>
        )}
        <p className="text-xs text-zinc-400">
          {licenseName(item.licenseType)} · Qty {item.quantity} × {formatPrice(item.unitPriceCents)}
        </p>
        {order.status === 'COMPLETED' && !item.refunded && (item.files?.length ?? 0) > 1 && (
          <p className="text-xs text-zinc-400">
            {item.files!.map((f) => `${fileTitle(f)} (${formatFileSize(f.fileSize)})`).join(' · ')}{' '}
            ·{' '}
            <Link
              to="/download-hub"
              className="text-brand-300 underline underline-offset-2 hover:text-brand-200"
            >
              Pick one in your Download Hub
            </Link>
          </p>
        )}
        {order.status === 'COMPLETED' && !item.refunded && (
          <LicenseCertificateLink
            path={licenseCertificatePaths.own(order.id, item.id)}
            productName={item.name}
          />
        )}
      </div>
      <p className="text-sm text-zinc-200 tabular-nums">
        {formatPrice(item.unitPriceCents * item.quantity)}
      </p>
      {item.licenses.length > 0 && (
        // A row of its own, so a key never wraps beside the price on a phone.
        <div className="w-full sm:pl-16">
          <LicenseKeyList productName={item.name} licenses={item.licenses} />
        </div>
      )}
    </li>
  );
}
