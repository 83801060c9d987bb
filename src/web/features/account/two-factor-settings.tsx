import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { ShieldCheck } from 'lucide-react';
import { toast } from '#web/components/shell/toast';
import { authApi } from '#web/api/auth';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { sessionKeys } from '#web/session/session-query';
import { PasswordField } from './account-fields';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

type Step = 'idle' | 'password' | 'setup';

/** Two-factor sign-in with an authenticator app: on with a QR code and backup codes, or off. */
export function TwoFactorSettings({
  enabled,
  hasPassword,
}: {
  enabled: boolean;
  hasPassword: boolean;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('idle');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.all });

  const enable = useMutation({
    mutationFn: authApi.enableTwoFactor,
    onSuccess: () => setStep('setup'),
  });
  const verify = useMutation({
    mutationFn: authApi.verifyTotp,
    onSuccess: async () => {
      toast.success('Two-factor authentication is on');
      close();
      await refresh();
    },
  });
  const disable = useMutation({
    mutationFn: authApi.disableTwoFactor,
    onSuccess: async () => {
      toast.success('Two-factor authentication is off');
      close();
      await refresh();
    },
  });

  function close() {
    setStep('idle');
    setPassword('');
    setCode('');
    enable.reset();
    disable.reset();
    verify.reset();
  }
  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    if (enabled) disable.mutate(password);
    else enable.mutate(password);
  };
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) verify.mutate(code.trim());
  };
  const passwordError = enable.error ?? disable.error;
  const secret = enable.data ? new URL(enable.data.totpURI).searchParams.get('secret') : null;

  return (
    <section className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
            <ShieldCheck aria-hidden="true" className="size-5 text-brand-400" />
            Two-factor authentication
          </h2>
          <p className="mt-1 text-sm text-zinc-400">
            {enabled
              ? 'On: signing in asks for a code from your authenticator app.'
              : 'Off: add a code from an authenticator app to every sign-in.'}
          </p>
        </div>
        {step === 'idle' && (
          <Button
            variant={enabled ? 'secondary' : 'primary'}
            disabled={enable.isPending || disable.isPending}
            onClick={() => {
              if (hasPassword) setStep('password');
              else if (enabled) disable.mutate(null);
              else enable.mutate(null);
            }}
          >
            {enabled ? 'Turn Off' : 'Turn On'}
          </Button>
        )}
      </div>

      {step === 'idle' && !hasPassword && passwordError && (
        <div className="mt-5">
          <FormMessage tone="error">
            {authErrorMessage(passwordError, 'Something went wrong. Please try again.')}
          </FormMessage>
        </div>
      )}

      {step === 'password' && (
        <form onSubmit={onPassword} className="mt-5 space-y-4" noValidate>
          {passwordError && (
            <FormMessage tone="error">
              {authErrorMessage(passwordError, 'Something went wrong. Please try again.')}
            </FormMessage>
          )}
          <PasswordField
            label="Confirm with your password"
            name="currentPassword"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex gap-3">
            <Button type="submit" disabled={!password || enable.isPending || disable.isPending}>
              Continue
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}

      {step === 'setup' && enable.data && (
        <div className="mt-5 space-y-5">
          <div className="grid gap-5 sm:grid-cols-[auto_1fr]">
            <div className="w-fit rounded-xl bg-white p-3">
              <QRCodeSVG
                value={enable.data.totpURI}
                size={168}
                title="QR code for your authenticator app"
              />
            </div>
            <div className="space-y-3 text-sm text-zinc-300">
              <p>1. Scan the code with an authenticator app, or type this key into it:</p>
              <code className="block rounded-lg bg-zinc-950 px-3 py-2 font-mono break-all text-zinc-100">
                {secret}
              </code>
              <p>
                2. Keep these backup codes somewhere safe. Each works once if you lose your phone:
              </p>
              <ul
                aria-label="Backup codes"
                className="grid grid-cols-2 gap-1 font-mono text-zinc-100"
              >
                {enable.data.backupCodes.map((backup) => (
                  <li key={backup}>{backup}</li>
                ))}
              </ul>
            </div>
          </div>
          <form onSubmit={onCode} className="space-y-4" noValidate>
            {verify.isError && (
              <FormMessage tone="error">
                {authErrorMessage(verify.error, 'That code is not valid.')}
              </FormMessage>
            )}
            <TextField
              label="3. Enter the 6-digit code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <div className="flex gap-3">
              <Button type="submit" disabled={!code.trim() || verify.isPending}>
                Turn On
              </Button>
              <Button variant="ghost" onClick={close}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      )}
    </section>
  );
}
