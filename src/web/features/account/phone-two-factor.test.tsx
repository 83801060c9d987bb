// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { phoneMessages } from '#shared/phone';
import { setApiTransport } from '#web/api/http';
import type { TwoFactorOffer } from '#web/api/phone';
import { PhoneSettings } from './phone-settings';
import { TwoFactorChallenge } from './two-factor-challenge';

type Answer = { status: number; body: unknown };

/** What the screen sent to the store; `answers` says what the store answers, by path. */
function store(answers: Record<string, Answer | Answer[]>) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    sent.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const queue = answers[path] ?? { status: 200, body: { status: true } };
    const answer = Array.isArray(queue) ? (queue.shift() ?? { status: 200, body: {} }) : queue;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

function renderIn(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
  return userEvent.setup();
}

afterEach(cleanup);

describe('the two-factor challenge', () => {
  const both: TwoFactorOffer = { twoFactorMethods: ['totp', 'otp'], phoneNumberHint: '•••• 23' };

  it('offers a texted code beside the app, and sends it with the trust choice', async () => {
    const sent = store({});
    let verified = false;
    const user = renderIn(
      <TwoFactorChallenge offer={both} onVerified={async () => void (verified = true)} />,
    );
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Text me a code at •••• 23' }));
    expect(await screen.findByText(/We texted a code to your phone \(•••• 23\)/)).toBeTruthy();
    await user.type(screen.getByLabelText('6-digit code from the text message'), '123456');
    await user.click(screen.getByLabelText('Trust this device for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('button', { name: 'Verify' });
    expect(sent).toEqual([
      { path: '/api/auth/two-factor/send-otp', body: {} },
      { path: '/api/auth/two-factor/verify-otp', body: { code: '123456', trustDevice: true } },
    ]);
    expect(verified).toBe(true);
  });

  it('does not offer a text to an account without a confirmed phone', () => {
    store({});
    renderIn(
      <TwoFactorChallenge offer={{ twoFactorMethods: ['totp'] }} onVerified={async () => {}} />,
    );
    expect(screen.queryByRole('button', { name: /Text me a code/i })).toBeNull();
  });

  it('says so when the text could not be sent', async () => {
    store({
      '/api/auth/two-factor/send-otp': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: phoneMessages.notSent } },
      },
    });
    const user = renderIn(
      <TwoFactorChallenge offer={{ twoFactorMethods: ['otp'] }} onVerified={async () => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Text Me a Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(phoneMessages.notSent);
  });
});

describe('the phone section', () => {
  const noPhone = {
    available: true,
    phoneNumber: null,
    twoFactorEnabled: false,
    authenticatorApp: false,
  };

  it('sends the number as typed without spaces and dashes, and refuses one without a country code', async () => {
    const sent = store({ '/api/account/phone': { status: 200, body: noPhone } });
    const user = renderIn(<PhoneSettings />);
    await user.click(await screen.findByRole('button', { name: 'Add Phone Number' }));
    const field = screen.getByLabelText('Mobile number');

    await user.type(field, '(415) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Text Me a Code' }));
    expect(screen.getByRole('alert').textContent).toBe(phoneMessages.invalidNumber);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((s) => s.path.startsWith('/api/auth'))).toEqual([]);

    await user.clear(field);
    await user.type(field, '+1 (415) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Text Me a Code' }));
    expect(await screen.findByText('We texted a code to +14155550123.')).toBeTruthy();
    expect(sent.filter((s) => s.path.startsWith('/api/auth'))).toEqual([
      { path: '/api/auth/phone-number/send-otp', body: { phoneNumber: '+14155550123' } },
    ]);
  });

  it('says when the store sends no text messages', async () => {
    store({ '/api/account/phone': { status: 200, body: { ...noPhone, available: false } } });
    renderIn(<PhoneSettings />);
    expect(await screen.findByText(phoneMessages.unavailable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Phone Number' })).toBeNull();
  });
});
