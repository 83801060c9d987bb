import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { authMessages } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { Button } from '#web/components/ui/button';
import { EmailField } from './account-fields';
import { AuthCard, FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

/** Password reset: ask for a reset email. The answer never says whether the address is known. */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const request = useMutation({ mutationFn: authApi.requestPasswordReset });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    setMissing(!value);
    if (value) request.mutate(value);
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className="font-medium text-brand-300 hover:text-brand-200">
          Back to sign in
        </Link>
      }
    >
      {request.isSuccess ? (
        <FormMessage tone="success">
          If an account exists for {request.variables}, a password reset link is on its way. Check
          your email; the link works once and expires in 1 hour.
        </FormMessage>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5" noValidate>
          {missing && <FormMessage tone="error">{authMessages.enterEmail}</FormMessage>}
          {request.isError && (
            <FormMessage tone="error">
              {authErrorMessage(request.error, authMessages.unexpected)}
            </FormMessage>
          )}
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login/code" className="font-medium text-brand-300 hover:text-brand-200">
          Forgot password? Get a sign-in code
        </Link>
      </p>
    </AuthCard>
  );
}
