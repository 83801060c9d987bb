// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Purchase } from '#shared/downloads';
import { setApiTransport } from '#web/api/http';
import { PurchaseCard } from './purchase-card';

const purchase = (over: Partial<Purchase>): Purchase => ({
  id: '11111111-1111-4111-8111-111111111111',
  productId: '22222222-2222-4222-8222-222222222222',
  downloadsRemaining: 0,
  unlimited: false,
  quantity: 1,
  product: {
    name: 'Dusty Keys',
    description: 'Piano loops',
    imageUrl: '',
    fileSize: 1024,
    downloadLimit: 3,
  },
  order: {
    id: '33333333-3333-4333-8333-333333333333',
    orderNumber: 'AB12CD34',
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  latestVersion: null,
  olderVersions: [],
  updated: false,
  ...over,
});

/** The hub's card at /downloads and the real support page at /support; what the store was sent. */
function renderHub(card: Purchase) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    if (init.method === 'POST') {
      sent.push({ path, body: JSON.parse(String(init.body)) });
      return Response.json({ success: true }, { status: 201 });
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/downloads']}>
        <Routes>
          <Route
            path="/downloads"
            element={
              <PurchaseCard
                purchase={card}
                listKey={['purchases']}
                request={() => Promise.reject(new Error('not in this test'))}
              />
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

afterEach(cleanup);

describe("the download hub's card", () => {
  it('reads "Unlimited downloads" for an account that re-downloads without limit, even at zero', () => {
    renderHub(purchase({ unlimited: true, downloadsRemaining: 0 }));
    expect(screen.getByText('Unlimited downloads')).toBeTruthy();
    expect(screen.queryByText(/download.* left/)).toBeNull();
    const button = screen.getByRole('button', { name: /^Download\s*Dusty Keys$/ });
    expect(button).toHaveProperty('disabled', false);
    expect(screen.queryByText(/No Downloads Left/)).toBeNull();
  });

  it('counts the allowance otherwise', () => {
    renderHub(purchase({ downloadsRemaining: 2 }));
    expect(screen.getByText('2 of 3 downloads left')).toBeTruthy();
  });

  it('with none left, offers the support form filled in for the order', async () => {
    renderHub(purchase({ downloadsRemaining: 0 }));
    expect(screen.getByRole('button', { name: 'No Downloads Left: Dusty Keys' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(/You have used all available downloads for this product/)).toBeTruthy();
    // The support form, filled in for this order (the support page's own test reads it there).
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/support?category=billing&subject=More+downloads+for+order+%23AB12CD34&message=I+have+used+all+the+downloads+of+Dusty+Keys+in+order+%23AB12CD34+and+need+the+files+again.#contact-heading',
    );
  });
});
