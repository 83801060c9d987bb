import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '#shared/email';
import { newsletterMessages, type NewsletterSignup } from '#shared/newsletter';
import { ApiError, apiFetch } from '#web/api/http';
import { Button } from '#web/components/ui/button';

type SubscriptionType = NewsletterSignup['subscriptionType'];
type SignupSource = NewsletterSignup['source'];

interface NewsletterAnswer {
  success: boolean;
  message?: string;
}

function subscribe(body: {
  email: string;
  subscriptionType: SubscriptionType;
  source: SignupSource;
}) {
  return apiFetch<NewsletterAnswer>('/api/newsletter', {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** The coming-soon page words its outcome differently from the newsletter forms. */
function successText(source: SignupSource, answer: NewsletterAnswer | undefined): string {
  if (source === 'coming_soon_page') return answer?.message || newsletterMessages.subscribed;
  return newsletterMessages.checkEmail;
}

function failureText(source: SignupSource, error: unknown): string {
  // A refused address reads as the field's own message, not the summary of every field.
  const serverMessage =
    error instanceof ApiError ? (error.fields?.email?.[0] ?? error.message) : undefined;
  if (source === 'coming_soon_page') {
    const answered = error instanceof ApiError && error.code !== 'NETWORK';
    return answered ? serverMessage || newsletterMessages.failedShort : newsletterMessages.failed;
  }
  return serverMessage || (error instanceof Error && error.message) || newsletterMessages.failed;
}

export interface NewsletterFormProps {
  subscriptionType: SubscriptionType;
  source: SignupSource;
  /** inline: input and button side by side from small screens up; stacked: always one above the other. */
  variant?: 'inline' | 'stacked';
  /** The visible text of the submit button. */
  submitLabel?: string;
}

export function NewsletterForm({
  subscriptionType,
  source,
  variant = 'inline',
  submitLabel = 'Subscribe',
}: NewsletterFormProps) {
  const inputId = useId();
  const messageId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const signup = useMutation({
    mutationFn: subscribe,
    onSuccess: () => setEmail(''),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setInvalid(true);
      signup.reset();
      return;
    }
    setInvalid(false);
    signup.mutate({ email: email.trim(), subscriptionType, source });
  }

  const outcome = invalid
    ? { ok: false, text: INVALID_EMAIL_MESSAGE }
    : signup.isSuccess
      ? { ok: true, text: successText(source, signup.data) }
      : signup.isError
        ? { ok: false, text: failureText(source, signup.error) }
        : null;

  return (
    <form onSubmit={onSubmit} noValidate className="w-full">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div
        className={variant === 'inline' ? 'flex flex-col gap-3 sm:flex-row' : 'flex flex-col gap-3'}
      >
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (invalid) setInvalid(false);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={messageId}
          className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-950 px-4 py-2.5 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-500 aria-invalid:border-red-500"
        />
        <Button type="submit" disabled={signup.isPending} className="shrink-0 py-2.5">
          {signup.isPending ? 'Subscribing...' : submitLabel}
        </Button>
      </div>
      <p id={messageId} aria-live="polite" className="mt-3 text-sm empty:mt-0">
        {outcome && (
          <span
            className={`inline-flex items-start gap-2 ${outcome.ok ? 'text-emerald-400' : 'text-red-400'}`}
          >
            {outcome.ok ? (
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            )}
            {outcome.text}
          </span>
        )}
      </p>
    </form>
  );
}
