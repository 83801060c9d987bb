import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readNewsletterToken, signNewsletterToken } from './newsletter-token';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const id = randomUUID();

describe('newsletter link tokens', () => {
  it('name the subscription they were signed for', () => {
    const token = signNewsletterToken(secret, id, 'unsubscribe');
    expect(readNewsletterToken(secret, token, 'unsubscribe')).toBe(id);
  });

  it('do not work for the other purpose', () => {
    const token = signNewsletterToken(secret, id, 'unsubscribe');
    expect(readNewsletterToken(secret, token, 'confirm')).toBeNull();
  });

  it('do not work under another secret', () => {
    const token = signNewsletterToken('another-secret-of-thirty-two-characters', id, 'confirm');
    expect(readNewsletterToken(secret, token, 'confirm')).toBeNull();
  });

  it('are refused when forged or mangled', () => {
    const token = signNewsletterToken(secret, id, 'confirm');
    const [, signature] = token.split('.');
    const forgeries = [
      `${randomUUID()}.${signature}`,
      `${id}.${signature?.slice(0, -2)}`,
      `${id}.`,
      `${id}.${signature}.extra`,
      id,
      'not-a-token',
      '',
    ];
    for (const forged of forgeries) {
      expect(readNewsletterToken(secret, forged, 'confirm'), forged).toBeNull();
    }
  });
});
