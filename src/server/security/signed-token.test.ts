import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keyId, readToken, signToken, type SigningKeys } from './signed-token';

const keys: SigningKeys = { current: 'current-secret-of-at-least-32-chars!', previous: [] };
const link = z.object({ key: z.string(), fileName: z.string() });
const data = { key: 'products/a/file.zip', fileName: 'Drum Pack.zip' };
const NOW = 1_800_000_000_000;

describe('signed tokens', () => {
  it('carry their data to a reader of the same purpose until they expire', () => {
    const token = signToken(keys, 'file-link', data, { expiresAt: NOW + 60_000 });
    expect(readToken(keys, 'file-link', token, link, NOW)).toEqual(data);
    expect(readToken(keys, 'file-link', token, link, NOW + 60_000)).toBeNull();
  });

  it('never expire when made without an expiry', () => {
    const token = signToken(keys, 'newsletter-confirm', 'abc');
    expect(readToken(keys, 'newsletter-confirm', token, z.string(), NOW * 10)).toBe('abc');
  });

  it('do not pass for another purpose', () => {
    const token = signToken(keys, 'newsletter-confirm', 'abc');
    expect(readToken(keys, 'newsletter-unsubscribe', token, z.string(), NOW)).toBeNull();
  });

  it('refuse data of the wrong shape even when signed', () => {
    const token = signToken(keys, 'file-link', { key: 1 }, { expiresAt: NOW + 1000 });
    expect(readToken(keys, 'file-link', token, link, NOW)).toBeNull();
  });

  it('keep working after the secret rotates, through the previous secrets, and stop when dropped', () => {
    const old = signToken(keys, 'guest-order', 'order-1');
    const rotated: SigningKeys = {
      current: 'the-next-secret-of-at-least-32-chars',
      previous: [keys.current],
    };
    expect(old.split('.')[1]).toBe(keyId(keys.current));
    expect(readToken(rotated, 'guest-order', old, z.string())).toBe('order-1');
    expect(readToken({ ...rotated, previous: [] }, 'guest-order', old, z.string())).toBeNull();
    const fresh = signToken(rotated, 'guest-order', 'order-2');
    expect(fresh.split('.')[1]).toBe(keyId(rotated.current));
  });

  it('read any alteration of any token as nothing', () => {
    const token = signToken(keys, 'file-link', data, { expiresAt: NOW + 60_000 });
    fc.assert(
      fc.property(
        fc.nat(token.length - 1),
        fc.string({ minLength: 1, maxLength: 3 }),
        (at, text) => {
          const altered = token.slice(0, at) + text + token.slice(at + 1);
          fc.pre(altered !== token);
          expect(readToken(keys, 'file-link', altered, link, NOW)).toBeNull();
        },
      ),
    );
  });

  it('read garbage as nothing, never throwing', () => {
    fc.assert(
      fc.property(fc.string(), (garbage) => {
        expect(readToken(keys, 'file-link', garbage, link, NOW)).toBeNull();
        expect(readToken(keys, 'file-link', `lm1.${garbage}`, link, NOW)).toBeNull();
      }),
    );
  });
});
