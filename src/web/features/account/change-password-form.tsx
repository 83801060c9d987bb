import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { authMessages, newPasswordError, PASSWORD_MIN_LENGTH } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { ApiError } from '#web/api/http';
import { Button } from '#web/components/ui/button';
import { PasswordField } from './account-fields';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const PASSWORD_CHANGED =
  'Your password has been changed. Every other device you were signed in on has been signed out.';

const empty = { current: '', next: '', confirm: '' };

/** Change the password from the profile: the current one, then the new one twice. */
export function ChangePasswordForm() {
  const [fields, setFields] = useState(empty);
  const [invalid, setInvalid] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ current, next }: typeof empty) => authApi.changePassword(current, next),
    onSuccess: () => setFields(empty),
  });

  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((previous) => ({ ...previous, [name]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = fields.current
      ? newPasswordError(fields.next, fields.confirm)
      : authMessages.fillAll;
    setInvalid(problem);
    change.reset();
    if (!problem) change.mutate(fields);
  };
  const error =
    invalid ??
    (change.error instanceof ApiError && change.error.code === 'INVALID_PASSWORD'
      ? WRONG_CURRENT_PASSWORD
      : change.isError
        ? authErrorMessage(change.error, authMessages.unexpected)
        : null);

  return (
    <section
      aria-labelledby="change-password-heading"
      className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <h2
        id="change-password-heading"
        className="flex items-center gap-2 text-lg font-semibold text-white"
      >
        <KeyRound aria-hidden="true" className="size-5 text-brand-400" />
        Change password
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        {`At least ${PASSWORD_MIN_LENGTH} characters. Changing it signs you out everywhere else.`}
      </p>
      <form onSubmit={onSubmit} className="mt-5 space-y-5" noValidate>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        {change.isSuccess && <FormMessage tone="success">{PASSWORD_CHANGED}</FormMessage>}
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          value={fields.current}
          onChange={set('current')}
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={fields.next}
          onChange={set('next')}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={fields.confirm}
          onChange={set('confirm')}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </section>
  );
}
