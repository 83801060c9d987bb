import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { freeProductMessages as m } from '#shared/free-product-messages';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '#shared/email';
import { claimFreeProduct } from '#web/api/free-products';
import { purchaseKeys } from '#web/api/downloads';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';

const errorBox = 'rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-sm text-red-200';

/** "Get it free" for an account holder: one click, then the product is theirs. */
export function GetItFree({
  productId,
  onAdded,
}: {
  productId: string;
  /** Told the text to show once the product is in the library. */
  onAdded: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimFreeProduct({ productId }),
    onSuccess: async () => {
      onAdded(m.added);
      await queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    },
  });
  return (
    <>
      <Button
        size="lg"
        className="h-12 w-full"
        onClick={() => claim.mutate()}
        aria-busy={claim.isPending || undefined}
        disabled={claim.isPending}
      >
        {claim.isPending ? m.adding : m.getFree}
      </Button>
      {claim.error && (
        <p role="alert" className={errorBox}>
          {claim.error.message}
        </p>
      )}
    </>
  );
}

/** A guest's address (and the newsletter opt-in): the download link is mailed to it. */
export function MailMeTheLink({ productId }: { productId: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [newsletter, setNewsletter] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: () => claimFreeProduct({ productId, email: email.trim(), newsletter }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = isValidEmail(email.trim()) ? null : INVALID_EMAIL_MESSAGE;
    setFormError(error);
    if (!error) claim.mutate();
  };
  if (claim.data) {
    return (
      <p
        role="status"
        className="rounded-xl border border-emerald-900/60 bg-emerald-950/30 p-5 text-emerald-100"
      >
        {m.checkEmail(claim.data.sentTo ?? email.trim())}
      </p>
    );
  }
  const error = formError ?? claim.error?.message ?? null;
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
          {m.emailLabel}
        </label>
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={formError ? true : undefined}
          className={inputClasses}
        />
      </div>
      <label className="flex items-start gap-3 text-sm text-zinc-300">
        <input
          type="checkbox"
          name="newsletter"
          checked={newsletter}
          onChange={(event) => setNewsletter(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-brand-500"
        />
        {m.newsletter}
      </label>
      <Button
        type="submit"
        size="lg"
        className="h-12 w-full"
        aria-busy={claim.isPending || undefined}
        disabled={claim.isPending}
      >
        {claim.isPending ? m.sending : m.sendLink}
      </Button>
      {error && (
        <p role="alert" className={errorBox}>
          {error}
        </p>
      )}
    </form>
  );
}
