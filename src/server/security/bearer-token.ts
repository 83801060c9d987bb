import { timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries `Bearer <token>`, compared in constant time so the
 * answer's timing tells nothing of the token (the health details' and the metrics' tokens).
 */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
