// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '#web/api/http';
import { ADD_PASSWORD_SENT, AddPassword } from './add-password';

afterEach(cleanup);

function renderWith(status: number) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    const body =
      status === 200
        ? { status: true }
        : { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again' } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddPassword email="ada@example.com" />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), sent };
}

describe('adding a password to an account that has none', () => {
  it("mails the link to the account's own address and says what comes next", async () => {
    const { user, sent } = renderWith(200);
    await user.click(screen.getByRole('button', { name: 'Email Me a Link to Choose One' }));
    expect(await screen.findByText(ADD_PASSWORD_SENT)).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/api/auth/request-password-reset',
        body: { email: 'ada@example.com', redirectTo: '/reset-password/confirm' },
      },
    ]);
  });

  it('says so when the link could not be asked for', async () => {
    const { user } = renderWith(503);
    await user.click(screen.getByRole('button', { name: 'Email Me a Link to Choose One' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});
