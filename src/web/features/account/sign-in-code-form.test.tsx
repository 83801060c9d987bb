// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_RESEND_SECONDS, signInCodeMessages } from '#shared/sign-in-codes';
import { setApiTransport } from '#web/api/http';
import type { InboxSignIn } from '#web/api/email-codes';
import { SignInCodeForm } from './sign-in-code-form';

type Answer = { status: number; body: unknown };

/** The requests the form made; each path is answered from `answers` (the last one repeats). */
function store(answers: Record<string, Answer[]>) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    const queue = answers[path] ?? [{ status: 404, body: null }];
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

const refused = (code: string, status = 400): Answer => ({
  status,
  body: { error: { code, message: code } },
});

function renderForm() {
  const signedIn: InboxSignIn[] = [];
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignInCodeForm
        email="ada@example.com"
        onSignedIn={async (result) => {
          signedIn.push(result);
        }}
        onChangeEmail={() => {}}
      />
    </QueryClientProvider>,
  );
  return { signedIn };
}

const codeField = () => screen.getByLabelText('Sign-in code');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the sign-in code form', () => {
  it('is the one-time-code field a phone fills in from the message, and takes a pasted code with spaces', async () => {
    const sent = store({ '/api/auth/sign-in/email-otp': [{ status: 200, body: { user: {} } }] });
    const { signedIn } = renderForm();
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');
    expect(codeField().getAttribute('inputmode')).toBe('numeric');

    const user = userEvent.setup();
    await user.click(codeField());
    await user.paste('123 456');
    expect((codeField() as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(sent).toEqual([
      { path: '/api/auth/sign-in/email-otp', body: { email: 'ada@example.com', otp: '123456' } },
    ]);
    expect(signedIn).toEqual([{ user: {} }]);
  });

  it('asks for all six digits before sending anything', async () => {
    const sent = store({});
    renderForm();
    const user = userEvent.setup();
    await user.type(codeField(), '12a34');
    expect((codeField() as HTMLInputElement).value).toBe('1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe(signInCodeMessages.enterCode);
    expect(sent).toEqual([]);
  });

  it.for([
    ['INVALID_OTP', 400, signInCodeMessages.wrongCode],
    ['OTP_EXPIRED', 400, signInCodeMessages.expiredCode],
    ['TOO_MANY_ATTEMPTS', 403, signInCodeMessages.usedUpCode],
  ] as const)('says what a refused code means: %s', async ([code, status, message]) => {
    store({ '/api/auth/sign-in/email-otp': [refused(code, status)] });
    const { signedIn } = renderForm();
    const user = userEvent.setup();
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(signedIn).toEqual([]);
  });

  it('hands on a sign-in that still owes the second factor', async () => {
    store({
      '/api/auth/sign-in/email-otp': [{ status: 200, body: { twoFactorRedirect: true } }],
    });
    const { signedIn } = renderForm();
    const user = userEvent.setup();
    await user.type(codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(signedIn).toEqual([{ twoFactorRedirect: true }]));
  });

  it('sends a new code only after the wait, clears the old error, then waits again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = store({
      '/api/auth/sign-in/email-otp': [refused('OTP_EXPIRED')],
      '/api/auth/email-otp/send-verification-otp': [{ status: 200, body: { success: true } }],
    });
    renderForm();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText(signInCodeMessages.expiredCode);

    const waiting = screen.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    for (let i = 0; i < SIGN_IN_RESEND_SECONDS; i++) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    }
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    await screen.findByText('We sent a new code to ada@example.com.');
    expect(screen.queryByText(signInCodeMessages.expiredCode)).toBeNull();
    expect((codeField() as HTMLInputElement).value).toBe('');
    expect(sent.at(-1)).toEqual({
      path: '/api/auth/email-otp/send-verification-otp',
      body: { email: 'ada@example.com', type: 'sign-in' },
    });
    expect(
      screen.getByRole('button', { name: `Resend code in ${SIGN_IN_RESEND_SECONDS} s` }),
    ).toBeTruthy();
  });

  it("shows the server's words when a new code is refused, and the wait does not start again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    store({
      '/api/auth/email-otp/send-verification-otp': [
        {
          status: 429,
          body: { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Wait.' } },
        },
      ],
    });
    renderForm();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    for (let i = 0; i < SIGN_IN_RESEND_SECONDS; i++) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    }
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Wait.');
    expect(screen.getByRole('button', { name: 'Resend code' }).hasAttribute('disabled')).toBe(
      false,
    );
  });
});
