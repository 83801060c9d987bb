import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SigningKeys } from '../security/signed-token';
import { readNewsletterToken, signNewsletterToken } from './newsletter-token';

const keys: SigningKeys = { current: 'a-secret-of-at-least-thirty-two-characters', previous: [] };
const id = randomUUID();

/** A link as newsletters mailed before the signed-token helper carried it. */
const legacyToken = (secret: string, purpose: string) =>
  `${id}.${createHmac('sha256', secret).update(`loopmarket:newsletter:${purpose}:${id}`).digest('base64url')}`;

describe('newsletter link tokens', () => {
  it('name the subscription they were signed for', () => {
    const token = signNewsletterToken(keys, id, 'unsubscribe');
    expect(readNewsletterToken(keys, token, 'unsubscribe')).toBe(id);
  });

  it('do not work for the other purpose', () => {
    const token = signNewsletterToken(keys, id, 'unsubscribe');
    expect(readNewsletterToken(keys, token, 'confirm')).toBeNull();
  });

  it('do not work under another secret, unless it is a previous one', () => {
    const other = 'another-secret-of-thirty-two-characters';
    const token = signNewsletterToken({ current: other, previous: [] }, id, 'confirm');
    expect(readNewsletterToken(keys, token, 'confirm')).toBeNull();
    expect(readNewsletterToken({ ...keys, previous: [other] }, token, 'confirm')).toBe(id);
  });

  it('still read the links of older newsletters, for their own purpose only', () => {
    const old = legacyToken(keys.current, 'unsubscribe');
    expect(readNewsletterToken(keys, old, 'unsubscribe')).toBe(id);
    expect(readNewsletterToken(keys, old, 'confirm')).toBeNull();
    expect(
      readNewsletterToken(keys, legacyToken('wrong-secret', 'unsubscribe'), 'unsubscribe'),
    ).toBeNull();
  });

  it('are refused when forged or mangled', () => {
    const token = signNewsletterToken(keys, id, 'confirm');
    const parts = token.split('.');
    const forgeries = [
      [...parts.slice(0, 3), parts[3]?.slice(0, -2)].join('.'),
      `${token}.extra`,
      parts.slice(0, 3).join('.'),
      id,
      'not-a-token',
      '',
    ];
    for (const forged of forgeries) {
      expect(readNewsletterToken(keys, forged, 'confirm'), forged).toBeNull();
    }
  });
});
