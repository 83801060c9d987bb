// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '#web/api/http';
import { ResumePaymentPage } from './resume-payment-page';

const SESSION = 'lcs_open_session_1';

function Where() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

function renderPage(answer: () => Response) {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    if (!path.startsWith('/api/checkout/')) return Response.json({});
    asked.push(`${init.method ?? 'GET'} ${path}`);
    return answer();
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/checkout/resume?session_id=${SESSION}`]}>
        <Routes>
          <Route path="/checkout/resume" element={<ResumePaymentPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(cleanup);

describe('finishing an unpaid order', () => {
  it("moves the order's own session to the hosted page and goes there", async () => {
    const asked = renderPage(() =>
      Response.json({
        orderId: '6f1c0d2e-8a4b-4c3d-9e5f-1a2b3c4d5e6f',
        sessionId: SESSION,
        provider: 'local',
        client_secret: null,
        url: `http://store.test/checkout/hosted?session_id=${SESSION}`,
        totalCents: 2999,
      }),
    );
    expect(await screen.findByText(`Now at /checkout/hosted?session_id=${SESSION}`)).toBeTruthy();
    expect(asked).toEqual([`POST /api/checkout/sessions/${SESSION}/hosted`]);
  });

  it('says the session has ended when it has, with the way back', async () => {
    renderPage(() =>
      Response.json(
        {
          error: {
            code: 'CONFLICT',
            message: 'Checkout session has expired. Please start over.',
          },
        },
        { status: 409 },
      ),
    );
    expect(
      await screen.findByText('Checkout session has expired. Please start over.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Order History' })).toBeTruthy();
  });
});
