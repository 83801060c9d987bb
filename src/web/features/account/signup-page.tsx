import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { authMessages, signUpError } from '#shared/auth';
import { authApi } from '#web/api/auth';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { EmailField, PasswordField } from './account-fields';
import { AuthCard, FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';
import { CheckEmailDialog } from './check-email-dialog';
import { useRedirectTarget } from './use-redirect-target';

/** The email a link hands over in navigation state (the order confirmation's, for a guest). */
function prefilledEmail(state: unknown): string {
  const email =
    typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : '';
  return typeof email === 'string' ? email.slice(0, 320) : '';
}

/**
 * Signup: full name optional; on success a modal says to check the inbox. A link may
 * hand over the email to start with (a guest's order confirmation does).
 */
export function SignupPage() {
  const navigate = useNavigate();
  const { target, raw } = useRedirectTarget('/');
  const initialEmail = prefilledEmail(useLocation().state);
  const [values, setValues] = useState({
    name: '',
    email: initialEmail,
    password: '',
    confirmPassword: '',
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const signUp = useMutation({ mutationFn: authApi.signUp });

  const update = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = signUpError(values);
    setInvalid(problem);
    if (problem) return;
    signUp.mutate({
      email: values.email.trim(),
      password: values.password,
      name: values.name.trim(),
    });
  };
  const loginLink = raw ? `/login?redirectTo=${encodeURIComponent(raw)}` : '/login';
  const error =
    invalid ?? (signUp.isError ? authErrorMessage(signUp.error, authMessages.signUpFailed) : null);

  return (
    <AuthCard
      title="Create your account"
      subtitle="Keep your purchases, downloads and cart in one place."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginLink} className="font-medium text-brand-300 hover:text-brand-200">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <TextField
          label="Full name (optional)"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={update('name')}
        />
        <EmailField value={values.email} onChange={update('email')} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          value={values.password}
          onChange={update('password')}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Sign Up'}
        </Button>
      </form>
      <CheckEmailDialog
        open={signUp.isSuccess}
        email={values.email.trim()}
        onClose={() => void navigate(target, { replace: true })}
      />
    </AuthCard>
  );
}
