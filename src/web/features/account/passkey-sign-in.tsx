import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { passkeyMessages } from '#shared/passkeys';
import { Button } from '#web/components/ui/button';
import { useHydrated } from '#web/components/ui/use-hydrated';
import { FormMessage } from './auth-card';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  cancelPasskeyCeremony,
  isAborted,
  passkeyErrorMessage,
  signInWithPasskey,
} from './passkey-ceremony';

/**
 * "Sign in with a passkey", and the browser's offer of the account's passkeys in the e-mail
 * field's suggestions (that field carries `autocomplete="username webauthn"`). The autofill
 * ceremony waits from the page's first paint until a passkey is picked; the button replaces it
 * with the browser's own passkey dialog, and a failed or cancelled click arms it again.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const supported = useHydrated() && browserSupportsWebAuthn();
  const [armed, setArmed] = useState(0);
  const [autofillError, setAutofillError] = useState<string | null>(null);
  // Ends the waiting autofill ceremony's claim on the page (the button's click replaces it).
  const stopAutofill = useRef(() => {});
  const finishAutofill = useEffectEvent(() => onSignedIn());

  const signIn = useMutation({
    mutationFn: () => signInWithPasskey(),
    onSuccess: () => onSignedIn(),
    onSettled: (_data, error) => {
      if (error) setArmed((round) => round + 1);
    },
  });

  useEffect(() => {
    let live = true;
    const isCurrent = () => live;
    stopAutofill.current = () => {
      live = false;
    };
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !isCurrent()) return;
      try {
        await signInWithPasskey({ autofill: true, isCurrent });
        if (isCurrent()) await finishAutofill();
      } catch (error) {
        if (!isCurrent() || isAborted(error)) return;
        // Not armed again here: the button remains, and a browser that answers the autofill
        // by itself (a stored choice) would otherwise ask again and again.
        setAutofillError(passkeyErrorMessage(error, passkeyMessages.signInFailed));
      }
    })();
    return () => {
      live = false;
      cancelPasskeyCeremony();
    };
  }, [armed]);

  if (!supported) return null;
  const error =
    signIn.isError && !isAborted(signIn.error)
      ? passkeyErrorMessage(signIn.error, passkeyMessages.signInFailed)
      : autofillError;

  return (
    <div className="space-y-3">
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={signIn.isPending}
        onClick={() => {
          setAutofillError(null);
          stopAutofill.current();
          signIn.mutate();
        }}
      >
        <KeyRound aria-hidden="true" className="size-4" />
        {signIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
