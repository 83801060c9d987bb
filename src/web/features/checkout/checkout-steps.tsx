import { Check } from 'lucide-react';

export type CheckoutStep = 'information' | 'payment';

const STEPS: { id: CheckoutStep; label: string }[] = [
  { id: 'information', label: 'Information' },
  { id: 'payment', label: 'Payment' },
];

/** The checkout's two steps; a completed one shows green with a check. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex((step) => step.id === current);
  return (
    <ol aria-label="Checkout steps" className="flex items-center gap-3 text-sm">
      {STEPS.map((step, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li
            key={step.id}
            aria-current={active ? 'step' : undefined}
            className="flex items-center gap-3"
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={`h-px w-8 sm:w-14 ${done || active ? 'bg-emerald-500/60' : 'bg-zinc-700'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-semibold ${
                done
                  ? 'bg-emerald-500 text-emerald-950'
                  : active
                    ? 'bg-brand-600 text-white'
                    : 'border border-zinc-700 text-zinc-400'
              }`}
            >
              {done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
            </span>
            <span
              className={
                done
                  ? 'font-medium text-emerald-400'
                  : active
                    ? 'font-medium text-white'
                    : 'text-zinc-400'
              }
            >
              {step.label}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
