import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { authMessages } from '#shared/auth';
import { TRUSTED_DEVICE_DAYS } from '#shared/phone';
import { phoneApi, type TwoFactorOffer } from '#web/api/phone';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';
import { phoneErrorMessage } from './phone-errors';

type Method = 'totp' | 'backup' | 'text';

/**
 * The second sign-in step: a code from the authenticator app, one of the backup codes, or a code
 * texted to the account's confirmed phone ("Text me a code"); and whether to trust this browser,
 * which then skips the step for 30 days.
 */
export function TwoFactorChallenge({
  offer = {},
  onVerified,
}: {
  offer?: TwoFactorOffer;
  onVerified: () => Promise<void>;
}) {
  const methods = offer.twoFactorMethods ?? ['totp'];
  const hasApp = methods.includes('totp');
  const canText = methods.includes('otp');
  const [method, setMethod] = useState<Method>(hasApp ? 'totp' : 'text');
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [texted, setTexted] = useState(false);

  const textCode = useMutation({
    mutationFn: phoneApi.sendTwoFactorCode,
    onSuccess: () => setTexted(true),
  });
  const verify = useMutation({
    mutationFn: (value: string) => {
      if (method === 'text') return phoneApi.verifyTwoFactorCode(value, trust);
      return method === 'backup'
        ? phoneApi.verifyBackupCode(value, trust)
        : phoneApi.verifyAppCode(value, trust);
    },
    onSuccess: onVerified,
  });
  const choose = (next: Method) => {
    setMethod(next);
    setCode('');
    verify.reset();
    if (next === 'text' && !texted) textCode.mutate();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) verify.mutate(code.trim());
  };

  const label =
    method === 'backup'
      ? 'Backup code'
      : method === 'text'
        ? '6-digit code from the text message'
        : 'Authentication code';
  const error = verify.error ?? (method === 'text' ? textCode.error : null);
  const errorText =
    method === 'text'
      ? phoneErrorMessage(error, authMessages.signInFailed)
      : authErrorMessage(error, authMessages.signInFailed);

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      {error && <FormMessage tone="error">{errorText}</FormMessage>}
      {method === 'text' && !error && texted && (
        <FormMessage tone="success">
          We texted a code to your phone{offer.phoneNumberHint ? ` (${offer.phoneNumberHint})` : ''}
          . It expires in 10 minutes.
        </FormMessage>
      )}
      {method === 'text' && !texted ? (
        <Button
          size="lg"
          className="w-full"
          onClick={() => textCode.mutate()}
          disabled={textCode.isPending}
        >
          <MessageSquareText aria-hidden="true" className="size-4" />
          {textCode.isPending ? 'Sending...' : 'Text Me a Code'}
        </Button>
      ) : (
        <>
          <TextField
            label={label}
            name="code"
            inputMode={method === 'backup' ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <label className="flex items-center gap-3 text-sm text-zinc-200">
            <input
              type="checkbox"
              name="trustDevice"
              checked={trust}
              onChange={(e) => setTrust(e.target.checked)}
              className="size-4 accent-brand-500"
            />
            Trust this device for {TRUSTED_DEVICE_DAYS} days
          </label>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!code.trim() || verify.isPending}
          >
            {verify.isPending ? 'Verifying...' : 'Verify'}
          </Button>
        </>
      )}
      <div className="space-y-2 text-center text-sm">
        {canText && method !== 'text' && (
          <button
            type="button"
            className="flex w-full items-center justify-center gap-2 text-brand-300 hover:text-brand-200"
            onClick={() => choose('text')}
          >
            <MessageSquareText aria-hidden="true" className="size-4" />
            Text me a code{offer.phoneNumberHint ? ` at ${offer.phoneNumberHint}` : ''}
          </button>
        )}
        {method === 'text' && texted && (
          <button
            type="button"
            className="w-full text-brand-300 hover:text-brand-200"
            disabled={textCode.isPending}
            onClick={() => {
              setCode('');
              verify.reset();
              textCode.mutate();
            }}
          >
            Send a new code
          </button>
        )}
        {hasApp && method !== 'totp' && (
          <button
            type="button"
            className="w-full text-brand-300 hover:text-brand-200"
            onClick={() => choose('totp')}
          >
            Use a code from your authenticator app
          </button>
        )}
        {hasApp && method !== 'backup' && (
          <button
            type="button"
            className="w-full text-brand-300 hover:text-brand-200"
            onClick={() => choose('backup')}
          >
            Use a backup code instead
          </button>
        )}
      </div>
    </form>
  );
}
