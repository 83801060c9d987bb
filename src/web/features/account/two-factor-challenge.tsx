import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { authMessages } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

/** The second sign-in step: a code from the authenticator app, or one of the backup codes. */
export function TwoFactorChallenge({ onVerified }: { onVerified: () => Promise<void> }) {
  const [code, setCode] = useState('');
  const [useBackup, setUseBackup] = useState(false);
  const verify = useMutation({
    mutationFn: (value: string) =>
      useBackup ? authApi.verifyBackupCode(value) : authApi.verifyTotp(value),
    onSuccess: onVerified,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) verify.mutate(code.trim());
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      {verify.isError && (
        <FormMessage tone="error">
          {authErrorMessage(verify.error, authMessages.signInFailed)}
        </FormMessage>
      )}
      <TextField
        label={useBackup ? 'Backup code' : 'Authentication code'}
        name="code"
        inputMode={useBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!code.trim() || verify.isPending}
      >
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <button
        type="button"
        className="w-full text-center text-sm text-brand-300 hover:text-brand-200"
        onClick={() => {
          setUseBackup(!useBackup);
          setCode('');
          verify.reset();
        }}
      >
        {useBackup ? 'Use a code from your authenticator app' : 'Use a backup code instead'}
      </button>
    </form>
  );
}
