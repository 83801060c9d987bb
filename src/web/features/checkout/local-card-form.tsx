import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { formatPrice, type Cents } from '#shared/money';
import { cardProblem, type CardPayment, type CardProblem } from '#shared/test-cards';
import { checkoutMessages, payLocalSession } from '#web/api/checkout';
import { ApiError } from '#web/api/http';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';
import { PaymentErrorBox } from './checkout-alerts';
import { sitePath } from './redirects';
import { groupedCardNumber, TestModeNotice } from './test-mode-notice';

const EMPTY_CARD: CardPayment = { cardNumber: '', expiry: '', cvc: '', nameOnCard: '' };

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** MMYY typed becomes MM/YY. */
function formatExpiry(value: string) {
  const d = digits(value, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** The processor's own words for a refused card; a server failure is the payment system's. */
function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return checkoutMessages.paymentUnavailable;
}

function CardField({
  label,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input id={id} required className={inputClasses} {...input} />
    </div>
  );
}

/**
 * The local test processor's embedded form: card number, expiry, CVC and name on card. The card
 * is checked here first (the same rules the processor applies); a refusal shows as a
 * 'Payment Error', and a paid session goes to /payment/success.
 */
export function LocalCardForm({
  sessionId,
  totalCents,
}: {
  sessionId: string;
  totalCents?: Cents;
}) {
  const navigate = useNavigate();
  const [card, setCard] = useState<CardPayment>(EMPTY_CARD);
  const [problem, setProblem] = useState<CardProblem | null>(null);
  const messageId = useId();
  const pay = useMutation({
    mutationFn: (payment: CardPayment) => payLocalSession(sessionId, payment),
    onSuccess: ({ redirectUrl }) => navigate(sitePath(redirectUrl, '/payment/success')),
  });
  const set = (field: keyof CardPayment) => (value: string) =>
    setCard((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    const error = cardProblem(card);
    setProblem(error);
    if (error) pay.reset();
    else pay.mutate(card);
  };

  const message = problem?.message ?? (pay.isError ? paymentErrorMessage(pay.error) : null);
  /** Marks the field the card check refused, described by the Payment Error's message. */
  const checked = (field: keyof CardPayment) =>
    problem?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': messageId }
      : {};
  const paying = pay.isPending || pay.isSuccess;

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment" className="space-y-5">
      <TestModeNotice onUseCard={set('cardNumber')} />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          label="Card number"
          className="col-span-2"
          name="cardnumber"
          {...checked('cardNumber')}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          value={card.cardNumber}
          onChange={(event) => set('cardNumber')(groupedCardNumber(digits(event.target.value, 19)))}
        />
        <CardField
          label="Expiry (MM/YY)"
          name="exp-date"
          {...checked('expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={card.expiry}
          onChange={(event) => set('expiry')(formatExpiry(event.target.value))}
        />
        <CardField
          label="CVC"
          name="cvc"
          {...checked('cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          value={card.cvc}
          onChange={(event) => set('cvc')(digits(event.target.value, 4))}
        />
        <CardField
          label="Name on card"
          className="col-span-2"
          name="ccname"
          {...checked('nameOnCard')}
          autoComplete="cc-name"
          value={card.nameOnCard}
          onChange={(event) => set('nameOnCard')(event.target.value)}
        />
      </div>
      {message && <PaymentErrorBox message={message} messageId={messageId} />}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={paying}
        aria-busy={paying || undefined}
      >
        {paying ? (
          'Processing...'
        ) : (
          <>
            <Lock aria-hidden="true" className="size-4" />
            {totalCents === undefined ? 'Pay now' : `Pay ${formatPrice(totalCents)}`}
          </>
        )}
      </Button>
    </form>
  );
}
