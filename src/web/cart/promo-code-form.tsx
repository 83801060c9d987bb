import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag, X } from 'lucide-react';
import { cartMessages } from '#shared/cart';
import { PROMO_CODE_MAX_LENGTH, promoCodeSchema, type Promo } from '#shared/promo';
import { promoDiscountLabel } from '#shared/promo-discount';
import { validatePromoCode } from '#web/api/cart';
import { ApiError } from '#web/api/http';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';
import { setLocalPromo } from './local-cart';

/**
 * A code the server refused says why ('Invalid promo code' for one the store does not sell,
 * or the owner's terms: ended, not for this product…); a malformed one is 'Invalid promo code';
 * any other failure says what failed.
 */
function promoErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
    return cartMessages.invalidPromo;
  return error.message;
}

/**
 * The promo code: entered, 'Applying...', then applied (the code and its percent off, with
 * a remove button) or the error. What a code takes off is the server's answer, never a guess.
 */
export function PromoCodeForm({
  promo,
  productIds,
}: {
  promo: Promo | null;
  /** The cart's products, so a code limited to some is checked against them. */
  productIds: string[];
}) {
  const id = useId();
  const [code, setCode] = useState('');
  /** What the shared rules (#shared/promo, the server's own) say of the code, before asking. */
  const [refused, setRefused] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // The applied code is asked again whenever the cart's products change: a code limited to some
  // products, or one that ended meanwhile, is taken off with the reason, before checkout refuses it.
  const products = [...new Set(productIds)].sort();
  const recheckKey = (code: string | undefined) => ['promo-recheck', code, products];
  const apply = useMutation({
    mutationFn: validatePromoCode,
    onSuccess: (accepted) => {
      // Just asked for these products: no need to ask again.
      queryClient.setQueryData(recheckKey(accepted.code), accepted);
      setLocalPromo(accepted);
      setCode('');
    },
  });
  useQuery({
    queryKey: recheckKey(promo?.code),
    queryFn: async () => {
      try {
        const rechecked = await validatePromoCode({ code: promo!.code, productIds: products });
        // A scoped code's covered lines follow the cart (a line added or removed).
        setLocalPromo(rechecked);
        return rechecked;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INVALID_PROMO_CODE') {
          setLocalPromo(null);
          setRefused(error.message);
        }
        throw error;
      }
    },
    enabled: promo !== null && products.length > 0,
    staleTime: Infinity,
    retry: false,
  });

  if (promo) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-emerald-800/70 bg-emerald-950/40 px-3 py-2 text-sm">
        <p className="flex items-center gap-2 text-emerald-200">
          <Tag aria-hidden="true" className="size-4 shrink-0" />
          <span className="font-semibold tracking-wide">{promo.code}</span>
          <span className="text-emerald-300/80">{promoDiscountLabel(promo)}</span>
        </p>
        <button
          type="button"
          onClick={() => setLocalPromo(null)}
          aria-label={`Remove promo code ${promo.code}`}
          className="grid size-7 place-items-center rounded-md text-emerald-300 transition-colors hover:bg-emerald-900/60 hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = promoCodeSchema.safeParse(code);
    if (parsed.success) apply.mutate({ code: parsed.data, productIds });
    else setRefused(parsed.error.issues[0]?.message ?? cartMessages.invalidPromo);
  };
  const error = refused ?? (apply.isError ? promoErrorMessage(apply.error) : null);

  return (
    <form onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setRefused(null);
            apply.reset();
          }}
          placeholder="Enter promo code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PROMO_CODE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClasses} uppercase placeholder:normal-case`}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!code.trim() || apply.isPending}
          className="shrink-0"
        >
          {apply.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
