// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/orders';
import { OrderCard } from './order-card';

const SESSION = 'lcs_open_session_1';

const order = (fields: Partial<OrderView>): OrderView => ({
  id: '6f1c0d2e-8a4b-4c3d-9e5f-1a2b3c4d5e6f',
  orderNumber: '4D5E6F',
  email: 'sam@example.com',
  status: 'PENDING',
  subtotalCents: 2999,
  discountCents: 0,
  taxCents: 0,
  totalCents: 2999,
  refundedCents: 0,
  promoCode: null,
  currency: 'usd',
  createdAt: '2026-11-27T18:00:00.000Z',
  completedAt: null,
  cardBrand: null,
  cardLast4: null,
  country: null,
  region: null,
  taxBasis: 'estimate',
  taxNote: null,
  pricesIncludeTax: false,
  invoiceNumber: null,
  creditNotes: [],
  items: [
    {
      id: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
      productId: '1e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
      name: 'Drum Pack',
      image: '',
      licenseType: 'standard',
      quantity: 1,
      unitPriceCents: 2999,
      downloadsRemaining: 3,
      discountCents: 0,
      taxRate: 0,
      taxCents: 0,
      creditCents: 0,
      bundle: null,
      refunded: false,
      licenses: [],
      rating: 0,
      reviewCount: 0,
    },
  ],
  ...fields,
});

function Where() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

function renderCard(view: OrderView) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/order-history']}>
        <Routes>
          <Route path="/order-history" element={<OrderCard order={view} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('an order card in the order history', () => {
  it('offers "Finish paying" for an unpaid order whose session lives, leading to where its payment resumes', async () => {
    renderCard(
      order({ unpaidSession: { sessionId: SESSION, expiresAt: '2026-11-27T18:30:00.000Z' } }),
    );
    expect(screen.getByText(/Not paid yet\. You can finish paying until/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Finish paying for order 4D5E6F' });
    expect(link.textContent).toBe('Finish paying');
    await userEvent.click(link);
    expect(screen.getByText(`Now at /checkout/resume?session_id=${SESSION}`)).toBeTruthy();
  });

  it('offers nothing to pay on a paid order', () => {
    renderCard(order({ status: 'COMPLETED', completedAt: '2026-11-27T18:05:00.000Z' }));
    expect(screen.queryByRole('link', { name: /Finish paying/ })).toBeNull();
    expect(screen.queryByText(/Not paid yet/)).toBeNull();
  });
});
