import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The calls that do more work when an email has an account (a reset token is written, a new
 * account's rows are inserted) answer no sooner than this, so the answer's timing tells nobody
 * which emails have accounts. Each floor sits well above the call's usual work time.
 */
export const STEADY_ANSWER_MS: Record<string, number> = {
  '/api/auth/request-password-reset': 300,
  '/api/auth/sign-up/email': 500,
  // A sign-in code or link: an account's lookup, a code's insert and a mail's queueing.
  '/api/auth/email-otp/send-verification-otp': 300,
  '/api/auth/sign-in/magic-link': 300,
};

/** Runs `work`, then waits out what is left of `path`'s floor (if it has one). */
export async function steadyAnswer<T>(path: string, work: () => Promise<T>): Promise<T> {
  const floor = STEADY_ANSWER_MS[path];
  if (!floor) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floor - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
