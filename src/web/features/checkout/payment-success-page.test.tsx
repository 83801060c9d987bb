// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '#web/api/http';
import { PaymentSuccessPage, pollDelay } from './payment-success-page';

const SESSION = 'lcs_test_session_1';

function renderPage(statuses: string[]) {
  const asked: string[] = [];
  setApiTransport(async (path) => {
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
  return asked;
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
    const asked = renderPage(['PENDING', 'COMPLETED']);
    expect(await screen.findByText('Processing your payment...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(asked).toHaveLength(2);
  });

  it('asks again after 1 s, then 1.5 times longer each time, at most every 8 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(pollDelay)).toEqual([
      1000, 1500, 2250, 3375, 5063, 7594, 8000,
    ]);
  });
});
