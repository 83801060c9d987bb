import { describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/auth-client';
import { slowMailStore, SMTP_DELAY_MS } from '#tests/support/slow-mail-store';
import { STEADY_ANSWER_MS } from './steady-answer';

const password = 'correct-horse';
const store = slowMailStore();
const { timed, delivered } = store;

const register = (email: string) =>
  new TestBrowser(store.ctx).request('/api/auth/sign-up/email', {
    body: { email, password, name: '' },
  });

const sentTo = (prefix: string) =>
  store.sink.received.filter((m) => m.to.some((to) => to.startsWith(prefix)));

describe('account emails with a slow mail server', { timeout: 90_000 }, () => {
  it('a reset request answers alike for a registered and an unknown email, before any mail goes, and mails only the registered one', async () => {
    await register('known@example.com');
    const reset = (email: string) =>
      timed('/api/auth/request-password-reset', { email, redirectTo: '/reset-password/confirm' });
    const known = await reset('known@example.com');
    const unknown = await reset('nobody@example.com');

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // Neither answer waited for the mail server; the token's insert for the registered email is
    // hidden under the call's floor.
    const floor = STEADY_ANSWER_MS['/api/auth/request-password-reset']!;
    for (const answer of [known, unknown]) {
      expect(answer.ms).toBeGreaterThanOrEqual(floor - 1);
      expect(answer.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    }

    await delivered('known@example.com', 'Reset your Loopmarket password');
    expect(sentTo('nobody@')).toHaveLength(0);
  });

  it('a sign-up answers alike for a new and a registered email, before any mail goes, and mails each the right message', async () => {
    await register('taken@example.com');
    const signUp = (email: string) =>
      timed('/api/auth/sign-up/email', { email, password, name: '' });
    const fresh = await signUp('new@example.com');
    const again = await signUp('taken@example.com');

    expect(fresh.status).toBe(200);
    expect(again.status).toBe(fresh.status);
    const floor = STEADY_ANSWER_MS['/api/auth/sign-up/email']!;
    for (const answer of [fresh, again]) {
      expect(answer.ms).toBeGreaterThanOrEqual(floor - 1);
      expect(answer.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    }

    await delivered('new@example.com', 'Confirm your Loopmarket account');
    await delivered('taken@example.com', 'You already have a Loopmarket account');
  });
});
