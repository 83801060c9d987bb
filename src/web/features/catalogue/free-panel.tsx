import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift, Loader2, Mail } from 'lucide-react';
import type { Product } from '#shared/catalogue';
import { freeProductMessages as m } from '#shared/free-products';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '#shared/email';
import { claimFreeProduct } from '#web/api/free-products';
import { purchaseKeys, purchaseStatusQueryOptions } from '#web/api/downloads';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { WishlistButton } from '#web/components/product/wishlist-button';
import { useSession } from '#web/session/use-session';
import { OwnedNotice } from './owned-notice';

const errorBox = 'rounded-lg border border-red-900/60 bg-red-950/40 px-4 py-3 text-sm text-red-200';

/**
 * A $0 product's panel (docs/free-products.md): an account holder gets it in one click and finds
 * it in the Download Hub; a guest gives an address and is mailed the download link, with an
 * optional newsletter opt-in. One already owned says so.
 */
export function FreePanel({ product }: { product: Product }) {
  const { user } = useSession();
  const status = useQuery({
    ...purchaseStatusQueryOptions(user?.id ?? '', product.id),
    enabled: Boolean(user),
  });
  const [justAdded, setJustAdded] = useState(false);
  if (user && status.data?.isPurchased) {
    return (
      <div className="space-y-4">
        {justAdded && (
          <p role="status" className="font-medium text-emerald-200">
            {m.added}
          </p>
        )}
        <OwnedNotice />
        <WishlistButton product={product} variant="labelled" />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {user ? (
        <GetItFree productId={product.id} onAdded={() => setJustAdded(true)} />
      ) : (
        <MailMeTheLink productId={product.id} />
      )}
      <WishlistButton product={product} variant="labelled" />
    </div>
  );
}

function GetItFree({ productId, onAdded }: { productId: string; onAdded: () => void }) {
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimFreeProduct({ productId }),
    onSuccess: async () => {
      onAdded();
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
        {claim.isPending ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Gift aria-hidden="true" className="size-4" />
        )}
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

function MailMeTheLink({ productId }: { productId: string }) {
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
        className="flex gap-2 rounded-xl border border-emerald-900/60 bg-emerald-950/30 p-5 text-emerald-100"
      >
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {m.checkEmail(claim.data.sentTo ?? email.trim())}
      </p>
    );
  }
  const error = formError ?? claim.error?.message ?? null;
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <TextField
        label={m.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={formError ? true : undefined}
      />
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
        {claim.isPending ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Gift aria-hidden="true" className="size-4" />
        )}
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
