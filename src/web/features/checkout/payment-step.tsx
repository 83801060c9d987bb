import { useEffect, useRef } from 'react';
import { ArrowLeft, ExternalLink, Loader2 } from 'lucide-react';
import type { Cents } from '#shared/money';
import { PaymentErrorBox } from './checkout-alerts';
import { PaymentForm } from './payment-form';

const linkButton =
  'inline-flex items-center gap-2 rounded text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50';
const quietLink = `${linkButton} text-zinc-400 hover:text-white`;

/**
 * The payment step: 'Payment', 'Edit information' back to step one, the embedded form fed by
 * the client secret, and 'Return to information'. Going back drops the client secret.
 */
export function PaymentStep({
  clientSecret,
  totalCents,
  onBack,
  hosted,
}: {
  clientSecret: string;
  totalCents: Cents;
  onBack: () => void;
  /** Paying on the provider's own page instead, for buyers who prefer a redirect. */
  hosted: { start: () => void; isStarting: boolean; error: string | null };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form just left was replaced: keyboard and screen-reader users start again at 'Payment'.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="payment-title" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2
          id="payment-title"
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-24 text-2xl font-semibold text-white focus:outline-none"
        >
          Payment
        </h2>
        <button
          type="button"
          onClick={onBack}
          className={`${linkButton} font-medium text-brand-400 hover:text-brand-300`}
        >
          Edit information
        </button>
      </div>

      <PaymentForm clientSecret={clientSecret} totalCents={totalCents} />

      {hosted.error && <PaymentErrorBox message={hosted.error} />}

      <div className="flex flex-col gap-4 border-t border-zinc-800 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <button type="button" onClick={onBack} className={quietLink}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Return to information
        </button>
        <button
          type="button"
          onClick={hosted.start}
          disabled={hosted.isStarting}
          className={quietLink}
        >
          {hosted.isStarting ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ExternalLink aria-hidden="true" className="size-4" />
          )}
          Pay on a secure hosted page instead
        </button>
      </div>
    </section>
  );
}
