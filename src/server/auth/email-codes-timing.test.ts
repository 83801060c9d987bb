import { describe, expect, it } from 'vitest';
import { signedInBrowser } from '#tests/support/auth-client';
import { slowMailStore, SMTP_DELAY_MS } from '#tests/support/slow-mail-store';
import { STEADY_ANSWER_MS } from './steady-answer';

const store = slowMailStore();
const { timed, delivered } = store;

describe('asking for a sign-in code or link with a slow mail server', { timeout: 90_000 }, () => {
  it.for([
    {
      path: '/api/auth/email-otp/send-verification-otp',
      body: (email: string) => ({ email, type: 'sign-in' }),
      subject: 'is your Loopmarket sign-in code',
    },
    {
      path: '/api/auth/sign-in/magic-link',
      body: (email: string) => ({ email, callbackURL: '/order-history' }),
      subject: 'Your Loopmarket sign-in link',
    },
  ])(
    '$path answers alike for an address with an account and one without, no sooner than its floor, before any mail goes',
    async ({ path, body, subject }) => {
      const known = `known-${path.length}@example.com`;
      const unknown = `nobody-${path.length}@example.com`;
      await signedInBrowser(store.ctx, known);

      const withAccount = await timed(path, body(known));
      const without = await timed(path, body(unknown));
      expect(withAccount.status).toBe(200);
      expect(without.status).toBe(withAccount.status);
      expect(without.body).toEqual(withAccount.body);
      const floor = STEADY_ANSWER_MS[path]!;
      for (const answer of [withAccount, without]) {
        expect(answer.ms).toBeGreaterThanOrEqual(floor - 1);
        expect(answer.ms).toBeLessThan(SMTP_DELAY_MS / 2);
      }
      // Both get the same mail: an address without an account may open one with it.
      await delivered(known, subject);
      await delivered(unknown, subject);
    },
  );

  it('a malformed address is refused alike whatever it is', async () => {
    const first = await timed('/api/auth/email-otp/send-verification-otp', {
      email: 'not-an-address',
      type: 'sign-in',
    });
    const second = await timed('/api/auth/email-otp/send-verification-otp', {
      email: 'also not one',
      type: 'sign-in',
    });
    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(second.body).toEqual(first.body);
  });
});
