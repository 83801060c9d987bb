import { FlaskConical } from 'lucide-react';
import { TEST_CARDS } from '#shared/test-cards';

/** Card numbers read in groups of four. */
export const groupedCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const CARDS = [
  { number: TEST_CARDS.success, outcome: 'Payment succeeds' },
  { number: TEST_CARDS.declined, outcome: 'Card is declined' },
  { number: TEST_CARDS.insufficientFunds, outcome: 'Insufficient funds' },
] as const;

/**
 * The UI says plainly when payments run in test mode. The local processor lists its test
 * cards (each can fill the form); Stripe in test mode takes its own test numbers.
 */
export function TestModeNotice({ onUseCard }: { onUseCard?: (number: string) => void }) {
  return (
    <aside
      aria-labelledby="test-mode-title"
      className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100"
    >
      <p id="test-mode-title" className="flex items-center gap-2 font-semibold text-amber-300">
        <FlaskConical aria-hidden="true" className="size-4" />
        Test mode: no real payment is taken
      </p>
      <p className="mt-1 text-amber-100/80">
        This store runs a test card processor. Use one of these test cards with any future expiry
        date and any CVC:
      </p>
      <ul className="mt-3 space-y-1.5">
        {CARDS.map((card) => (
          <li
            key={card.number}
            className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3"
          >
            <code className="font-mono text-amber-50 tabular-nums">
              {groupedCardNumber(card.number)}
            </code>
            <span className="text-amber-100/80">{card.outcome}</span>
            {onUseCard && (
              <button
                type="button"
                onClick={() => onUseCard(groupedCardNumber(card.number))}
                className="rounded px-1 text-xs font-medium text-amber-300 underline underline-offset-2 hover:text-amber-200"
                aria-label={`Use test card ${groupedCardNumber(card.number)}`}
              >
                Use
              </button>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** Stripe with a test key: its own test numbers apply; no money moves. */
export function StripeTestModeNotice() {
  return (
    <aside className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100">
      <p className="flex items-center gap-2 font-semibold text-amber-300">
        <FlaskConical aria-hidden="true" className="size-4" />
        Test mode: no real payment is taken
      </p>
      <p className="mt-1 text-amber-100/80">
        Pay with Stripe&apos;s test card {groupedCardNumber(TEST_CARDS.success)}, any future expiry
        date and any CVC.
      </p>
    </aside>
  );
}
