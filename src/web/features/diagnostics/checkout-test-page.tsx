import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { DEFAULT_LICENSE_TYPE } from '#shared/cart';
import { checkoutErrorMessage, type CheckoutSessionResponse } from '#shared/checkout';
import { formatPrice } from '#shared/money';
import { productsQueryOptions } from '#web/api/catalogue';
import { ApiError } from '#web/api/http';
import { useSession } from '#web/session/use-session';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { createTestCheckout } from './api';
import { DeveloperPage, DeveloperSection } from './developer-page';
import { JsonView } from './json-view';

type UiMode = 'embedded' | 'hosted';

/** The text field's look; its read-only styles would match every select (CSS :read-only). */
const selectClasses =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3.5 py-2.5 text-sm text-zinc-100 focus:border-brand-500';

/** Every active product, by name: the catalogue API lists active ones only. */
const catalogue = productsQueryOptions({ limit: 100, sortBy: 'name', sortOrder: 'asc' });

/**
 * Where the buyer pays: the session's own URL (hosted flow), else for the local processor its
 * hosted page, which takes any of its session ids. A Stripe embedded session has no page of its own.
 */
function payLink(answer: CheckoutSessionResponse): string | null {
  if (answer.url) return answer.url;
  if (answer.provider === 'local') {
    return `/checkout/hosted?session_id=${encodeURIComponent(answer.sessionId)}`;
  }
  return null;
}

/** A direct checkout session for one product, made by hand, its answer shown raw. */
export function CheckoutTestPage() {
  const session = useSession();
  const products = useQuery(catalogue);
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [email, setEmail] = useState('');
  const [uiMode, setUiMode] = useState<UiMode>('embedded');
  const create = useMutation({ mutationFn: createTestCheckout });
  const productField = useId();
  const modeField = useId();

  const chosen = productId || products.data?.data[0]?.id || '';
  const user = session.user;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      checkoutType: 'direct',
      items: [{ productId: chosen, quantity: Number(quantity), licenseType: DEFAULT_LICENSE_TYPE }],
      customerEmail: user ? undefined : email.trim(),
      uiMode,
    });
  }

  return (
    <DeveloperPage
      title="Checkout Test"
      lead={
        <p>
          Creates a real PENDING order and a payment session with{' '}
          <code className="text-zinc-300">checkoutType: &apos;direct&apos;</code> through{' '}
          <code className="text-zinc-300">POST /api/checkout/sessions</code>, then shows the answer.
        </p>
      }
    >
      <DeveloperSection title="Session request">
        {products.isPending && <Skeleton className="h-48" />}
        {products.isError && <ErrorAlert title="Failed to load products" />}
        {products.data && (
          <form onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <label
                htmlFor={productField}
                className="mb-1.5 block text-sm font-medium text-zinc-200"
              >
                Product
              </label>
              <select
                id={productField}
                className={selectClasses}
                value={chosen}
                onChange={(event) => setProductId(event.target.value)}
                required
              >
                {products.data.data.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name} — {formatPrice(product.priceCents)}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label="Quantity"
              type="number"
              min={1}
              max={1000}
              value={quantity}
              step={1}
              onChange={(event) => setQuantity(event.target.value)}
              required
            />
            <div>
              <label htmlFor={modeField} className="mb-1.5 block text-sm font-medium text-zinc-200">
                Payment form
              </label>
              <select
                id={modeField}
                className={selectClasses}
                value={uiMode}
                onChange={(event) => setUiMode(event.target.value as UiMode)}
              >
                <option value="embedded">Embedded (client secret)</option>
                <option value="hosted">Hosted (redirect URL)</option>
              </select>
            </div>
            <div className="sm:col-span-2">
              {user ? (
                <p className="rounded-lg border border-zinc-800 bg-zinc-950 px-3.5 py-2.5 text-sm text-zinc-300">
                  Signed in as <strong className="text-white">{user.email}</strong>: the order is
                  theirs, so no email is sent with the request.
                </p>
              ) : (
                <TextField
                  label="Guest email"
                  type="email"
                  autoComplete="email"
                  placeholder="guest@example.com"
                  hint="Not signed in: a guest checkout needs an email address."
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  required
                />
              )}
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={create.isPending || !chosen}>
                <CreditCard aria-hidden="true" className="size-4" />
                {create.isPending ? 'Creating...' : 'Create test checkout'}
              </Button>
            </div>
          </form>
        )}
      </DeveloperSection>

      {create.isError && (
        <ErrorAlert title="The session was not created">
          <p>
            The server said: {create.error.message}
            {create.error instanceof ApiError
              ? ` (${create.error.status} ${create.error.code})`
              : ''}
          </p>
          <p>A buyer would read: {checkoutErrorMessage(create.error.message)}</p>
        </ErrorAlert>
      )}
      {create.data && <SessionAnswer answer={create.data} />}
    </DeveloperPage>
  );
}

function SessionAnswer({ answer }: { answer: CheckoutSessionResponse }) {
  const link = payLink(answer);
  const rows: [string, string][] = [
    ['Order id', answer.orderId],
    ['Session id', answer.sessionId],
    ['Client secret', answer.client_secret ?? '— (hosted flow)'],
    ['Provider', answer.provider],
    ['Total', formatPrice(answer.totalCents)],
  ];
  return (
    <DeveloperSection title="Session created">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="font-mono break-all text-zinc-100">{value}</dd>
          </div>
        ))}
        <dt className="text-zinc-400">Pay</dt>
        <dd>
          {link ? (
            <a href={link} className="break-all text-brand-300 underline hover:text-brand-200">
              {link}
            </a>
          ) : (
            <span className="text-zinc-400">
              A Stripe embedded session is paid in the embedded form; choose Hosted for a link.
            </span>
          )}
        </dd>
      </dl>
      <div className="mt-5">
        <JsonView value={answer} label="Checkout session answer as JSON" />
      </div>
    </DeveloperSection>
  );
}
