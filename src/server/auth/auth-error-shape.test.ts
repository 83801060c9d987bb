import { describe, expect, it } from 'vitest';
import { toStandardAuthError } from './auth-error-shape';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('toStandardAuthError', () => {
  it("keeps the store's own 503 (the database went away) with its message and Retry-After", async () => {
    const res = await toStandardAuthError(
      answer(
        503,
        {
          error: {
            code: 'SERVICE_UNAVAILABLE',
            message: 'The store is busy. Please try again in a moment.',
          },
        },
        { 'Retry-After': '5' },
      ),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The store is busy. Please try again in a moment.',
      },
    });
  });

  it("hides better-auth's own failure text behind the store's message", async () => {
    const res = await toStandardAuthError(
      answer(500, { code: 'FAILED_TO_CREATE_USER', message: 'duplicate key value violates…' }),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
    });
  });

  it("names better-auth's known codes and keeps their status from the table", async () => {
    const res = await toStandardAuthError(
      answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
  });
});
