import { lazy, Suspense, useId, useState } from 'react';
import { formatPrice, moneyInput } from '#shared/money';
import {
  checkPayAmount,
  needsConfirmation,
  parseAmount,
  pwywMessages,
  type PayWhatYouWant,
} from '#shared/pay-what-you-want';
import type { ChosenAmount } from '#web/cart/product-line';
import { inputClasses } from '#web/components/ui/text-field';

/** The dialog's code (Radix's) loads only when an amount needs confirming. */
const ConfirmAmountDialog = lazy(() =>
  import('./confirm-amount-dialog').then((m) => ({ default: m.ConfirmAmountDialog })),
);

interface Asking {
  amountCents: number;
  resolve: (answer: ChosenAmount | null) => void;
}

/**
 * A pay-what-you-want amount as the buyer types it: `choose()` checks it by the one rule
 * (#shared/pay-what-you-want) and, above the owner's confirm amount, asks first; it resolves to
 * the amount, or null (the field then says why, or the buyer cancelled). The server checks again.
 */
export function usePayAmount(terms: PayWhatYouWant, name: string, initialCents?: number) {
  const [text, setText] = useState(moneyInput(initialCents ?? terms.suggestedCents));
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);

  const choose = (): Promise<ChosenAmount | null> => {
    const parsed = parseAmount(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return Promise.resolve(null);
    }
    const check = checkPayAmount(terms, name, parsed.cents, true);
    if (!check.ok) {
      setError(check.message);
      return Promise.resolve(null);
    }
    setError(null);
    if (!needsConfirmation(terms, parsed.cents))
      return Promise.resolve({ amountCents: parsed.cents, amountConfirmed: false });
    return new Promise((resolve) => setAsking({ amountCents: parsed.cents, resolve }));
  };

  const answer = (confirmed: boolean) => {
    if (!asking) return;
    asking.resolve(confirmed ? { amountCents: asking.amountCents, amountConfirmed: true } : null);
    setAsking(null);
  };

  const type = (next: string) => {
    setText(next);
    setError(null);
  };

  return { terms, name, text, type, error, choose, asking, answer };
}

export type PayAmountState = ReturnType<typeof usePayAmount>;

/** The amount field: "Your price ($)", the minimum under it, its error, and the confirm dialog. */
export function PayAmountField({
  state,
  label = pwywMessages.amountLabel,
  compact = false,
}: {
  state: PayAmountState;
  label?: string;
  compact?: boolean;
}) {
  const id = useId();
  const { terms } = state;
  const hint = `${pwywMessages.minimumHint(terms.minimumCents)} · suggested ${formatPrice(terms.suggestedCents)}`;
  return (
    <div>
      <label
        htmlFor={id}
        className={`mb-1.5 block font-medium text-zinc-200 ${compact ? 'text-xs' : 'text-sm'}`}
      >
        {label}
      </label>
      <input
        id={id}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={state.text}
        onChange={(event) => state.type(event.target.value)}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={`${id}-hint${state.error ? ` ${id}-error` : ''}`}
        className={`${inputClasses} ${compact ? 'max-w-32' : 'max-w-48'}`}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-400">
        {hint}
      </p>
      {state.error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-300">
          {state.error}
        </p>
      )}
      {state.asking && (
        <Suspense fallback={null}>
          <ConfirmAmountDialog
            name={state.name}
            amount={state.asking.amountCents}
            onAnswer={state.answer}
          />
        </Suspense>
      )}
    </div>
  );
}
