// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { leavingMessages } from '#shared/account-leaving';
import { setApiTransport } from '#web/api/http';
import { DeleteAccountDialog } from './delete-account-dialog';

type Answer = { status: number; body: unknown };
const ok = (body: unknown = { success: true }): Answer => ({ status: 200, body });

/** The store as the dialog meets it: an answer per path, and what was sent, in order. */
function store(answers: Record<string, Answer>) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    sent.push({ path, body: init.body ? JSON.parse(String(init.body)) : null });
    const answer = answers[path] ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No such API endpoint' } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

function renderDialog() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<DeleteAccountDialog email="ada@example.com" />} />
          <Route path="/" element={<p>The home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const writes = (sent: { path: string; body: unknown }[]) =>
  sent.filter((request) => request.body !== null);

afterEach(cleanup);

describe('deleting the account from the profile', () => {
  it('asks an account with a password for it, and words a wrong one', async () => {
    const sent = store({
      '/api/auth/list-accounts': ok([{ providerId: 'credential' }]),
      '/api/auth/passkey/list-user-passkeys': ok([]),
      '/api/auth/delete-user': {
        status: 400,
        body: { error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } },
      },
    });
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = () => screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!;
    await screen.findByLabelText('Your password');
    expect(confirm()).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText('Your password'), 'not-mine');
    await user.click(confirm());
    expect((await screen.findByRole('alert')).textContent).toBe(leavingMessages.wrongPassword);
    expect(writes(sent)).toEqual([
      { path: '/api/auth/delete-user', body: { password: 'not-mine' } },
    ]);
    expect(dialog.isConnected).toBe(true);
  });

  it('has an account without a password sign in again by an e-mailed code, then deletes it and leaves', async () => {
    const sent = store({
      '/api/auth/list-accounts': ok([]),
      '/api/auth/passkey/list-user-passkeys': ok([]),
      '/api/auth/email-otp/send-verification-otp': ok(),
      '/api/auth/sign-in/email-otp': ok({ user: { id: 'u1' } }),
      '/api/auth/delete-user': ok({ success: true, message: 'User deleted' }),
    });
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(screen.queryByRole('button', { name: /passkey/ })).toBeNull();
    await user.type(await screen.findByLabelText('Sign-in code'), '123456');
    await user.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!);

    expect(await screen.findByText('The home page')).toBeTruthy();
    expect(writes(sent)).toEqual([
      {
        path: '/api/auth/email-otp/send-verification-otp',
        body: { email: 'ada@example.com', type: 'sign-in' },
      },
      { path: '/api/auth/sign-in/email-otp', body: { email: 'ada@example.com', otp: '123456' } },
      { path: '/api/auth/delete-user', body: {} },
    ]);
  });

  it('deletes nothing when the code is refused, and says why', async () => {
    const sent = store({
      '/api/auth/list-accounts': ok([]),
      '/api/auth/passkey/list-user-passkeys': ok([{ id: 'key' }]),
      '/api/auth/email-otp/send-verification-otp': ok(),
      '/api/auth/sign-in/email-otp': {
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: 'Invalid OTP' } },
      },
    });
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('button', { name: 'Use a passkey and delete' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    await user.type(await screen.findByLabelText('Sign-in code'), '000000');
    await user.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!);

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP');
    expect(sent.map((request) => request.path)).not.toContain('/api/auth/delete-user');
  });
});
