import { SIGN_IN_RESEND_SECONDS } from '#shared/sign-in-codes';
import { useCooldown } from './use-cooldown';

/**
 * "Resend", held back for a while after each sending (the first was just sent when it appears).
 * `onResend` answers whether it sent; only a sending starts the wait again.
 */
export function ResendButton({
  label,
  pending,
  onResend,
}: {
  label: string;
  pending: boolean;
  onResend: () => Promise<boolean>;
}) {
  const cooldown = useCooldown(SIGN_IN_RESEND_SECONDS);
  const waiting = cooldown.left > 0;
  return (
    <button
      type="button"
      className="text-sm font-medium text-brand-300 hover:text-brand-200 disabled:cursor-not-allowed disabled:text-zinc-400"
      disabled={waiting || pending}
      onClick={async () => {
        if (await onResend()) cooldown.restart();
      }}
    >
      {pending ? 'Sending...' : waiting ? `${label} in ${cooldown.left} s` : label}
    </button>
  );
}
