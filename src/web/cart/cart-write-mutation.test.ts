import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredCartLine } from '#shared/cart-api';
import { cartKeys } from '#web/api/cart';
import { cartLine } from '#tests/support/cart-line';
import { closeCartDrawer, isCartDrawerOpen } from './cart-drawer-state';
import { cartWriteMutationOptions, type CartWriteVariables } from './cart-write-mutation';

vi.mock('#web/components/shell/toast', () => ({
  toast: { show: vi.fn(), error: vi.fn(), success: vi.fn(), dismiss: vi.fn() },
}));

const USER = 'user-1';
const stored = (overrides: Partial<StoredCartLine> = {}): StoredCartLine => ({
  ...cartLine(),
  addedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A fetch whose answer the test gives when it chooses, so what shows before it can be seen. */
function heldFetch() {
  let answer: (response: Response) => void = () => undefined;
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    answer: (status: number, body: unknown) =>
      answer(new Response(JSON.stringify(body), { status })),
  };
}

describe('adding to the signed-in cart, ahead of the server', () => {
  let queryClient: QueryClient;
  const cached = () => queryClient.getQueryData<StoredCartLine[]>(cartKeys.stored(USER));
  const add = (variables: CartWriteVariables) =>
    new MutationObserver(queryClient, cartWriteMutationOptions(queryClient))
      .mutate(variables)
      .catch(() => undefined);
  const settled = () => vi.waitFor(() => expect(queryClient.isMutating()).toBe(0));

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(cartKeys.stored(USER), [stored()]);
    closeCartDrawer();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('shows the new line first and opens the drawer before the server answers', async () => {
    const server = heldFetch();
    const done = add({ userId: USER, write: { kind: 'add', line: cartLine({ productId: 'p2' }) } });

    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalled());
    expect(cached()?.map((line) => line.productId)).toEqual(['p2', 'p1']);
    expect(isCartDrawerOpen()).toBe(true);

    // The server's answer settles the cart, whatever the guess was.
    const answered = [stored({ productId: 'p2', name: 'From the server' }), stored()];
    server.answer(200, { items: answered });
    await done;
    await settled();
    expect(cached()).toEqual(answered);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('adds to a line already in the cart', async () => {
    const server = heldFetch();
    void add({ userId: USER, write: { kind: 'add', line: cartLine({ quantity: 2 }) } });
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalled());
    expect(cached()?.map((line) => [line.productId, line.quantity])).toEqual([['p1', 3]]);
    server.answer(200, { items: [stored({ quantity: 3 })] });
    await settled();
  });

  it('puts the cart back and says why when the server refuses', async () => {
    const server = heldFetch();
    const done = add({ userId: USER, write: { kind: 'add', line: cartLine({ productId: 'p2' }) } });
    await vi.waitFor(() => expect(cached()).toHaveLength(2));

    const owned = 'You already own this product. Check your Download Hub!';
    server.answer(409, { error: { code: 'CONFLICT', message: owned } });
    await done;
    expect(cached()).toEqual([stored()]);
    expect(toast.error).toHaveBeenCalledWith(owned);
  });
});
