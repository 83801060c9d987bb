import type { ReactNode } from 'react';
import { DELETED_CUSTOMER } from '#shared/account-leaving';
import type { AdminOrderDetail } from '#shared/admin-orders';
import { countryName, regionName } from '#shared/countries';
import { formatPrice } from '#shared/money';

/** The billing fields checkout asks for, in its order, by its labels. */
const billingLabels: [key: string, label: string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['company', 'Company'],
  ['address', 'Address'],
  ['apartment', 'Apartment'],
  ['city', 'City'],
  ['region', 'State / Province'],
  ['state', 'State / Province'],
  ['postalCode', 'Postal code'],
  ['country', 'Country'],
  ['phone', 'Phone'],
  ['vatNumber', 'VAT number'],
];

/** A field as the admin reads it: countries and regions by name (orders keep their codes). */
function billingValue(details: Record<string, string>, key: string): string {
  const value = details[key] ?? '';
  if (key === 'country') return countryName(value);
  if (key === 'region') return regionName(details.country ?? '', value);
  return value;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-zinc-400">{term}</dt>
      <dd className="text-right text-zinc-100 tabular-nums">{children}</dd>
    </div>
  );
}

/** The order's money, its payment and its buyer's billing details. */
export function OrderSummary({ order }: { order: AdminOrderDetail }) {
  const billing = billingLabels.filter(([key]) => order.billingDetails[key]);
  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <section
        aria-labelledby="order-totals"
        className="rounded-xl border border-zinc-800 bg-zinc-900 p-4"
      >
        <h2 id="order-totals" className="font-semibold text-white">
          Totals
        </h2>
        <dl className="mt-2 divide-y divide-zinc-800 text-sm">
          <Row term="Subtotal">{formatPrice(order.subtotalCents)}</Row>
          {order.discountCents > 0 && (
            <Row term={`Discount (${order.promoCode ?? 'promo'})`}>
              −{formatPrice(order.discountCents)}
            </Row>
          )}
          <Row term="Tax">{formatPrice(order.taxCents)}</Row>
          <Row term="Total">{formatPrice(order.totalCents)}</Row>
          <Row term="Refunded">{formatPrice(order.refundedCents)}</Row>
        </dl>
      </section>
      <section
        aria-labelledby="order-payment"
        className="rounded-xl border border-zinc-800 bg-zinc-900 p-4"
      >
        <h2 id="order-payment" className="font-semibold text-white">
          Payment and buyer
        </h2>
        <dl className="mt-2 divide-y divide-zinc-800 text-sm">
          {order.customerDeleted ? (
            <Row term="Buyer">{DELETED_CUSTOMER}</Row>
          ) : (
            <>
              <Row term="E-mail">{order.email}</Row>
              <Row term="Account">{order.userId ? 'Signed in' : 'Guest'}</Row>
            </>
          )}
          <Row term="Processor">
            {order.provider === 'stripe'
              ? 'Stripe'
              : order.provider === 'free'
                ? 'None: a free order ($0)'
                : 'Test processor'}
          </Row>
          {order.cardLast4 && (
            <Row term="Card">
              {order.cardBrand ?? 'card'} ending {order.cardLast4}
            </Row>
          )}
          {order.providerPaymentId && (
            <Row term="Payment id">
              <span className="font-mono text-xs break-all">{order.providerPaymentId}</span>
            </Row>
          )}
          {billing.map(([key, label]) => (
            <Row key={key} term={label}>
              {billingValue(order.billingDetails, key)}
            </Row>
          ))}
        </dl>
      </section>
    </div>
  );
}
