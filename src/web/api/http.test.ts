import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError } from './http';

const answer = (status: number, body: string | null) =>
  vi.fn(async () => new Response(body, { status }));

afterEach(() => vi.unstubAllGlobals());

async function failureOf(status: number, body: string | null): Promise<ApiError> {
  vi.stubGlobal('fetch', answer(status, body));
  const error: unknown = await apiFetch('/api/anything').catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

describe('apiFetch reads one error shape', () => {
  it('takes the code, message and fields of { error }', async () => {
    const error = await failureOf(
      400,
      JSON.stringify({
        error: { code: 'VALIDATION_FAILED', message: 'Invalid email', fields: { email: ['x'] } },
      }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid email',
      fields: { email: ['x'] },
    });
  });

  it("reads an account error (better-auth's code) the same way", async () => {
    const error = await failureOf(
      403,
      JSON.stringify({ error: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } }),
    );
    expect(error).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
  });

  it.each([
    ['a bare { code, message }', JSON.stringify({ code: 'INVALID_TOKEN', message: 'Invalid' })],
    ['an HTML page from a proxy', '<html>Bad gateway</html>'],
    ['an empty body', null],
  ])('treats %s as an unexplained failure', async (_, body) => {
    const error = await failureOf(502, body);
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: 'Request failed (502)' });
  });
});
