import type { CartLine } from '#shared/cart';
import type { Promo } from '#shared/promo';
import type { CartLineRef } from '#web/api/cart';
import { withAmount, withLineAdded, withQuantity } from './cart-lines';
import { createExternalStore, useStore } from './external-store';

/** The guest cart lives in browser storage under one fixed key, saved on every change. */
const CART_STORAGE_KEY = 'loopmarket.cart';

/**
 * What this browser keeps: the guest's lines, and the promo code the server accepted (display
 * only; the server checks the code again at checkout).
 */
export interface LocalCart {
  items: CartLine[];
  promo: Promo | null;
}

const EMPTY: LocalCart = { items: [], promo: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';

/** Storage is the visitor's to edit: anything that is not a whole line is dropped. */
function isCartLine(value: unknown): value is CartLine {
  return (
    isRecord(value) &&
    typeof value.productId === 'string' &&
    typeof value.licenseType === 'string' &&
    isCount(value.quantity) &&
    typeof value.name === 'string' &&
    typeof value.priceCents === 'number' &&
    isNumberOrNull(value.originalPriceCents) &&
    typeof value.image === 'string' &&
    typeof value.category === 'string' &&
    isNumberOrNull(value.purchaseLimit)
  );
}

/** A stored promo; one kept before fixed-amount codes ({ code, percentOff }) reads as unscoped. */
function storedPromo(value: unknown): Promo | null {
  if (!isRecord(value) || typeof value.code !== 'string') return null;
  const percentOff = typeof value.percentOff === 'number' ? value.percentOff : null;
  const amountOffCents = typeof value.amountOffCents === 'number' ? value.amountOffCents : null;
  if ((percentOff === null) === (amountOffCents === null)) return null;
  const productIds =
    Array.isArray(value.productIds) && value.productIds.every((id) => typeof id === 'string')
      ? (value.productIds as string[])
      : null;
  return { code: value.code, percentOff, amountOffCents, productIds };
}

function readStored(): LocalCart {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    if (!isRecord(parsed)) return EMPTY;
    return {
      items: Array.isArray(parsed.items) ? parsed.items.filter(isCartLine) : [],
      promo: storedPromo(parsed.promo),
    };
  } catch {
    return EMPTY;
  }
}

const store = createExternalStore<LocalCart>(
  typeof window === 'undefined' ? EMPTY : readStored(),
  EMPTY,
);

function save(next: LocalCart) {
  store.set(next);
  try {
    if (next.items.length === 0 && !next.promo) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart still works until the page is left.
  }
}

if (typeof window !== 'undefined') {
  // Another tab changed the cart: this one shows the same cart.
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) store.set(readStored());
  });
}

export const useLocalCart = () => useStore(store);

export const addLocalLine = (line: CartLine) =>
  save({ ...store.get(), items: withLineAdded(store.get().items, line) });

export const setLocalQuantity = (ref: CartLineRef, quantity: number) =>
  save({ ...store.get(), items: withQuantity(store.get().items, ref, quantity) });

export const setLocalAmount = (ref: CartLineRef, amountCents: number, amountConfirmed: boolean) =>
  save({ ...store.get(), items: withAmount(store.get().items, ref, amountCents, amountConfirmed) });

export const removeLocalLine = (ref: CartLineRef) => setLocalQuantity(ref, 0);

/** After the lines moved into the signed-in cart; the accepted promo code stays. */
export const clearLocalLines = () => save({ ...store.get(), items: [] });

/** Clearing empties the items and the promo code. */
export const clearLocalCart = () => save(EMPTY);

export const setLocalPromo = (promo: Promo | null) => save({ ...store.get(), promo });
