import { queryOptions } from '@tanstack/react-query';
import type { CartLine } from '#shared/cart';
import type { StoredCartLine } from '#shared/cart-api';
import type { Product } from '#shared/catalogue';
import type { Promo } from '#shared/promo';
import { apiFetch, toQuery } from './http';

/** Which line of the cart: a product in one licence type. */
export type CartLineRef = Pick<CartLine, 'productId' | 'licenseType'>;
export type CartLineInput = CartLineRef &
  Pick<CartLine, 'quantity'> & { amountCents?: number; amountConfirmed?: boolean };

interface CartResponse {
  items: StoredCartLine[];
}

export const cartKeys = {
  all: ['cart'] as const,
  /** The signed-in user's stored cart; keyed by user so one never shows another's. */
  stored: (userId: string) => [...cartKeys.all, 'stored', userId] as const,
  /** Every write to the stored cart, so they can be counted and run one after another. */
  writes: () => [...cartKeys.all, 'write'] as const,
  merge: () => [...cartKeys.all, 'write', 'merge'] as const,
};

/** Writes to the stored cart run one after another, in the order made. */
export const cartWriteScope = { id: 'cart-writes' };

const itemsOf = (request: Promise<CartResponse>) => request.then((response) => response.items);
const itemPath = (productId: string) => `/api/cart/items/${encodeURIComponent(productId)}`;
const send = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
});

/** The signed-in user's cart, newest first. */
export const storedCartQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: cartKeys.stored(userId),
    queryFn: () => itemsOf(apiFetch<CartResponse>('/api/cart')),
  });

/** Each write answers with the whole cart as it now stands. */
export const cartApi = {
  add: (line: CartLineInput) => itemsOf(apiFetch('/api/cart/items', send('POST', line))),
  /** A quantity of 0 or less removes the line. */
  setQuantity: ({ productId, licenseType, quantity }: CartLineInput) =>
    itemsOf(apiFetch(itemPath(productId), send('PATCH', { quantity, licenseType }))),
  /** A pay-what-you-want line's amount; the server checks it by the one rule. */
  setAmount: ({
    productId,
    licenseType,
    amountCents,
    amountConfirmed,
  }: CartLineRef & { amountCents: number; amountConfirmed: boolean }) =>
    itemsOf(
      apiFetch(
        `${itemPath(productId)}/amount`,
        send('PATCH', { amountCents, amountConfirmed, licenseType }),
      ),
    ),
  remove: ({ productId, licenseType }: CartLineRef) =>
    itemsOf(apiFetch(`${itemPath(productId)}${toQuery({ licenseType })}`, { method: 'DELETE' })),
  clear: () => itemsOf(apiFetch('/api/cart', { method: 'DELETE' })),
  /** The guest cart folded into the stored one at sign-in. */
  merge: (items: CartLineInput[]) => itemsOf(apiFetch('/api/cart/merge', send('POST', { items }))),
};

/**
 * The server alone decides whether a code exists, applies to the cart's products (and, signed
 * in, to this customer), and what it takes off.
 */
export const validatePromoCode = ({ code, productIds }: { code: string; productIds: string[] }) =>
  apiFetch<Promo>('/api/promo-codes/validate', send('POST', { code, productIds }));

/** The products a cart reminder's link puts back in the cart (400 for a forged or old link). */
export const fetchRestoredCart = (token: string) =>
  apiFetch<{ products: Product[] }>(`/api/cart/restore${toQuery({ token })}`);
