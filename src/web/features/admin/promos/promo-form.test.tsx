// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPromoMessages, type AdminPromoCode } from '#shared/admin-promos';
import { setApiTransport } from '#web/api/http';
import { PromoForm } from './promo-form';

/** The requests the form made, each answered with `answer`. */
function store(answer: { status: number; body: unknown }) {
  const sent: { path: string; method: string | undefined; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    sent.push({ path, method: init.method, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

const products = [{ id: '7f0e1e0a-8d4b-4d2c-9a56-0a1b2c3d4e5f', label: 'Drum Pack' }];

function renderForm(promo?: AdminPromoCode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PromoForm promo={promo} products={products} categories={[]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const spring: AdminPromoCode = {
  code: 'SPRING',
  percentOff: 20,
  amountOffCents: null,
  isActive: true,
  startsAt: null,
  expiresAt: null,
  maxRedemptions: 50,
  redemptions: 3,
  oncePerCustomer: false,
  productIds: [],
  categoryIds: [],
  status: 'active',
  stats: { uses: 3, revenueCents: 6000, discountCents: 1500, refundedUses: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(cleanup);

describe('the promo code form', () => {
  it("shows the server's own rules under the fields it refuses, and sends nothing", async () => {
    const sent = store({ status: 201, body: { data: spring } });
    const user = renderForm();
    await user.type(screen.getByLabelText('Code'), 'NO SPACES');
    await user.type(screen.getByLabelText('Percent off'), '120');
    await user.type(screen.getByLabelText('Redemption limit (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));

    expect(screen.getByText(adminPromoMessages.codeFormat)).toBeTruthy();
    expect(screen.getByText(adminPromoMessages.percent)).toBeTruthy();
    expect(screen.getByText(adminPromoMessages.cap)).toBeTruthy();
    expect(screen.getByLabelText('Percent off').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('refuses an end before the start', async () => {
    const sent = store({ status: 201, body: { data: spring } });
    const user = renderForm();
    await user.type(screen.getByLabelText('Code'), 'BACK');
    await user.type(screen.getByLabelText('Percent off'), '5');
    await user.type(screen.getByLabelText('Starts (optional)'), '2030-01-02T00:00');
    await user.type(screen.getByLabelText('Ends (optional)'), '2030-01-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));

    expect(screen.getByText(adminPromoMessages.endAfterStart)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('creates a code with its terms: no dates, no limit, the products chosen', async () => {
    const sent = store({ status: 201, body: { data: spring } });
    const user = renderForm();
    await user.type(screen.getByLabelText('Code'), 'SPRING');
    await user.type(screen.getByLabelText('Percent off'), '20');
    await user.click(screen.getByLabelText(/One use per customer/));
    await user.click(screen.getByLabelText('Drum Pack'));
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));

    await screen.findByRole('button', { name: 'Create promo code' });
    expect(sent).toEqual([
      {
        path: '/api/admin/promo-codes',
        method: 'POST',
        body: {
          code: 'SPRING',
          percentOff: 20,
          amountOffCents: null,
          startsAt: null,
          expiresAt: null,
          maxRedemptions: null,
          oncePerCustomer: true,
          isActive: true,
          productIds: [products[0]!.id],
          categoryIds: [],
        },
      },
    ]);
  });

  it('creates a fixed-amount code: the amount in cents, no percent', async () => {
    const sent = store({
      status: 201,
      body: { data: { ...spring, percentOff: null, amountOffCents: 500 } },
    });
    const user = renderForm();
    await user.type(screen.getByLabelText('Code'), 'FIVEOFF');
    await user.selectOptions(screen.getByLabelText('Kind'), 'amount');
    expect(screen.queryByLabelText('Percent off')).toBeNull();
    await user.type(screen.getByLabelText('Amount off ($)'), '5');
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));

    await screen.findByRole('button', { name: 'Create promo code' });
    expect(sent).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({ code: 'FIVEOFF', percentOff: null, amountOffCents: 500 }),
      }),
    ]);
  });

  it("edits a code's terms but not its name, and shows the uses it holds", async () => {
    const sent = store({ status: 200, body: { data: spring } });
    const user = renderForm(spring);
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(screen.getByText('Orders holding a use now: 3. Empty: no limit.')).toBeTruthy();
    expect((screen.getByLabelText('Percent off') as HTMLInputElement).value).toBe('20');

    await user.clear(screen.getByLabelText('Redemption limit (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('button', { name: 'Save changes' });
    expect(sent).toEqual([
      {
        path: '/api/admin/promo-codes/SPRING',
        method: 'PATCH',
        body: expect.objectContaining({ percentOff: 20, maxRedemptions: null }),
      },
    ]);
    expect(sent[0]!.body).not.toHaveProperty('code');
  });

  it("shows the server's refusal of a field beside it", async () => {
    store({
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: adminPromoMessages.codeTaken,
          fields: { code: [adminPromoMessages.codeTaken] },
        },
      },
    });
    const user = renderForm();
    await user.type(screen.getByLabelText('Code'), 'WELCOME10');
    await user.type(screen.getByLabelText('Percent off'), '10');
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));

    expect((await screen.findAllByText(adminPromoMessages.codeTaken)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
  });
});
