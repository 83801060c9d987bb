import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Globe, Lock } from 'lucide-react';
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

/**
 * The processor's question when the card was issued in another country than the billing
 * country: the buyer confirms their country before the card is charged.
 */
function countryQuestion(error: unknown): string | null {
  return (error instanceof ApiError && error.fields?.countryConfirmed?.[0]) || null;
}

/** Asks the buyer to confirm their billing country; the pay button then confirms it. */
function CountryConfirmation({ message, messageId }: { message: string; messageId: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-amber-800/60 bg-amber-950/40 p-5 text-amber-100"
    >
      <Globe aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
      <div className="space-y-1">
        <p className="font-medium">Confirm your country</p>
        <p id={messageId} className="text-sm text-amber-100/90">
          {message}
        </p>
      </div>
    </div>
  );
}

/** The processor's own words for a refused card; a server failure is the payment system's. */
function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return checkoutMessages.paymentUnavailable;
}

/** 'Pay $19.44', or 'Confirm and pay $19.44' once the buyer is asked to confirm their country. */
function payLabel(totalCents: Cents | undefined, confirming: boolean) {
  const amount = totalCents === undefined ? null : formatPrice(totalCents);
  if (confirming) return amount ? `Confirm and pay ${amount}` : 'Confirm and pay';
  return amount ? `Pay ${amount}` : 'Pay now';
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
  const question = countryQuestion(pay.error);
  const set = (field: keyof CardPayment) => (value: string) => {
    // Another card is another question: a confirmation is for the card it was asked about.
    if (field === 'cardNumber' && question) pay.reset();
    setCard((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    const error = cardProblem(card);
    setProblem(error);
    if (error) pay.reset();
    else pay.mutate(question ? { ...card, countryConfirmed: true } : card);
  };

  const message =
    problem?.message ?? (pay.isError && !question ? paymentErrorMessage(pay.error) : null);
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
      {question && !problem && <CountryConfirmation message={question} messageId={messageId} />}
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
            {payLabel(totalCents, question !== null)}
          </>
        )}
      </Button>
    </form>
  );
}
