import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { authMessages, isValidResetLink, newPasswordError } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { ApiError } from '#web/api/http';
import { Button, buttonClasses } from '#web/components/ui/button';
import { PasswordField } from './account-fields';
import { AuthCard, FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

/**
 * Setting a new password: ready (token and type=recovery) or error, then success. The link is
 * checked as the page renders; its loading state is the route's own while the page's code arrives.
 */
export function ResetPasswordConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (newPassword: string) => authApi.resetPassword(token, newPassword),
  });

  const expired = reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN';
  if (!isValidResetLink(params) || expired) {
    return (
      <AuthCard title="Reset your password">
        <FormMessage tone="error">{authMessages.invalidResetLink}</FormMessage>
        <Link to="/reset-password" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title="Password updated">
        <FormMessage tone="success">
          Your password has been changed and every other session was signed out. Sign in with your
          new password.
        </FormMessage>
        <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          Sign In
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordError(password, confirmPassword);
    setInvalid(problem);
    if (!problem) reset.mutate(password);
  };
  const error =
    invalid ?? (reset.isError ? authErrorMessage(reset.error, authMessages.unexpected) : null);

  return (
    <AuthCard title="Choose a new password" subtitle="At least 6 characters.">
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
