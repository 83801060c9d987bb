// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '#web/api/http';
import { PaymentSuccessPage, pollDelay } from './payment-success-page';

const SESSION = 'lcs_test_session_1';

const TOKEN = 'lm1.kid.guest-order.sig';
const notFound = () =>
  Response.json(
    {
      error: {
        code: 'NOT_FOUND',
        message: 'This order can be opened here only in the browser it was bought in.',
      },
    },
    { status: 404 },
  );

interface Visitor {
  /** The session check's answer: null for a guest. */
  user?: { id: string; email: string } | null;
  /** Whether the server recognises this browser as the one that bought (guest-access). */
  boughtHere?: boolean;
}

function renderPage(statuses: string[], visitor: Visitor = {}) {
  const asked: string[] = [];
  const sent: string[] = [];
  setApiTransport(async (path, init) => {
    if (path === '/api/auth/get-session')
      return Response.json(visitor.user ? { user: visitor.user, session: {} } : null);
    if (path.endsWith('/guest-access')) {
      sent.push(path);
      return visitor.boughtHere
        ? Response.json({ token: TOKEN, email: 'sam@example.com', orderNumber: 'LM-1001' })
        : notFound();
    }
    if (path.endsWith('/receipt')) {
      sent.push(`${init?.method} ${path}`);
      return Response.json({ sentTo: 'sam@example.com' });
    }
    if (path.startsWith('/api/guest-orders/'))
      return Response.json({
        email: 'sam@example.com',
        orderNumber: 'LM-1001',
        invoiceNumber: null,
        creditNotes: [],
        licenses: [],
        data: [
          {
            id: 'item-1',
            downloadsRemaining: 3,
            product: { name: 'Dusty Soul Sample Pack' },
          },
        ],
      });
    if (!path.startsWith('/api/checkout/sessions/')) return Response.json({});
    asked.push(path);
    const status = statuses[Math.min(asked.length, statuses.length) - 1];
    return Response.json({ orderNumber: 'LM-1001', email: 'sam@example.com', status });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/payment/success?session_id=${SESSION}`]}>
        <PaymentSuccessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked, sent };
}

afterEach(cleanup);

describe('payment success', () => {
  it('says the payment succeeded as soon as the order is paid, with no pretend wait', async () => {
    renderPage(['COMPLETED']);
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 800 }),
    ).toBeTruthy();
  });

  it('shows the spinner while the order is pending and asks again until it is paid', async () => {
    const { asked } = renderPage(['PENDING', 'COMPLETED']);
    expect(await screen.findByText('Processing your payment...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(asked).toHaveLength(2);
  });

  it("shows the buying guest's downloads, the receipt address with a re-send, and View Orders to the guest order page", async () => {
    const { sent } = renderPage(['COMPLETED'], { user: null, boughtHere: true });
    const files = await screen.findByRole('region', { name: 'Your Downloads' });
    expect(within(files).getByRole('button', { name: 'Download All Products' })).toBeTruthy();
    expect(
      await within(files).findByRole('button', { name: 'Download Dusty Soul Sample Pack' }),
    ).toBeTruthy();
    expect(within(files).getByText('3 downloads left')).toBeTruthy();
    expect(files.textContent).toContain('Receipt sent to sam@example.com');
    expect(screen.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe(
      `/downloads/guest?token=${encodeURIComponent(TOKEN)}`,
    );
    await userEvent.click(within(files).getByRole('button', { name: 'Re-send receipt' }));
    expect(await within(files).findByText('Receipt sent again to sam@example.com.')).toBeTruthy();
    expect(sent).toEqual([
      `/api/checkout/sessions/${SESSION}/guest-access`,
      `POST /api/checkout/sessions/${SESSION}/receipt`,
    ]);
  });

  it('another browser (the server says 404) sees no files, and View Orders stays /orders', async () => {
    renderPage(['COMPLETED'], { user: null, boughtHere: false });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your Downloads' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe('/orders');
  });

  it('a signed-in buyer keeps View Orders to /orders, and the guest link is not asked for', async () => {
    const { sent } = renderPage(['COMPLETED'], {
      user: { id: 'u1', email: 'sam@example.com' },
      boughtHere: true,
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.queryByRole('region', { name: 'Your Downloads' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('asks again after 1 s, then 1.5 times longer each time, at most every 8 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(pollDelay)).toEqual([
      1000, 1500, 2250, 3375, 5063, 7594, 8000,
    ]);
  });
});
