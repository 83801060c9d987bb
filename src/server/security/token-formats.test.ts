/**
 * The four kinds of signed link and event, each made by the one signed-token helper, and the
 * older hand-made formats still accepted until they expire.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GUEST_LINK_TTL_MS, guestOrderToken, readGuestOrderToken } from '../orders/guest-access';
import { signEvent, SignatureError, verifyEvent } from '../payments/signed-event';
import { readFileToken, signFileToken } from '../storage/file-token';
import { isSignedToken, type SigningKeys } from './signed-token';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const keys: SigningKeys = { current: secret, previous: [] };
const rotated: SigningKeys = {
  current: 'the-next-secret-of-thirty-two-characters',
  previous: [secret],
};
const NOW = 1_800_000_000_000;
const orderId = randomUUID();
const event = { id: 'evt_1', provider: 'local' as const, outcome: 'completed' as const, orderId };

describe('download links', () => {
  const link = { key: 'products/a/pack.zip', fileName: 'Pack "1".zip', exp: NOW + 300_000 };

  it('are signed tokens naming the file until they expire', () => {
    const token = signFileToken(keys, link);
    expect(isSignedToken(token)).toBe(true);
    expect(readFileToken(keys, token, NOW)).toEqual({ key: link.key, fileName: link.fileName });
    expect(readFileToken(keys, token, link.exp)).toBeNull();
    expect(readFileToken(rotated, token, NOW)).toEqual({ key: link.key, fileName: link.fileName });
  });

  it('made in the older format still work until they expire', () => {
    const body = Buffer.from(JSON.stringify(link)).toString('base64url');
    const mac = createHmac('sha256', `${secret}:file-links`).update(body).digest('base64url');
    expect(readFileToken(keys, `${body}.${mac}`, NOW)).toEqual({
      key: link.key,
      fileName: link.fileName,
    });
    expect(readFileToken(keys, `${body}.${mac}`, link.exp)).toBeNull();
    expect(readFileToken(keys, `${body}.${mac.slice(1)}x`, NOW)).toBeNull();
  });
});

describe('guest order links', () => {
  it('name the order for 30 days, across a rotation of the secret', () => {
    const token = guestOrderToken(keys, orderId, NOW);
    expect(readGuestOrderToken(rotated, token, NOW + GUEST_LINK_TTL_MS - 1)).toBe(orderId);
    expect(readGuestOrderToken(keys, token, NOW + GUEST_LINK_TTL_MS)).toBeNull();
    expect(readGuestOrderToken({ ...rotated, previous: [] }, token, NOW)).toBeNull();
  });

  it('mailed in the older format still work until they expire', () => {
    const body = `${orderId}.${NOW + 1000}`;
    const mac = createHmac('sha256', secret).update(`guest-order:${body}`).digest('base64url');
    expect(readGuestOrderToken(keys, `${body}.${mac}`, NOW)).toBe(orderId);
    expect(readGuestOrderToken(keys, `${body}.${mac}`, NOW + 1000)).toBeNull();
  });

  it('are not download links, and download links are not order links', () => {
    const file = signFileToken(keys, { key: orderId, fileName: 'x', exp: NOW + 1000 });
    expect(readGuestOrderToken(keys, file, NOW)).toBeNull();
    expect(readFileToken(keys, guestOrderToken(keys, orderId, NOW), NOW)).toBeNull();
  });
});

describe("the test processor's payment events", () => {
  it('are signed over the payload and valid for five minutes', () => {
    const { payload, signature } = signEvent(keys, event, NOW);
    expect(verifyEvent(keys, payload, signature, NOW + 299_000)).toMatchObject(event);
    expect(() => verifyEvent(keys, payload, signature, NOW + 300_000)).toThrow(SignatureError);
    const altered = payload.replace('completed', 'refunded');
    expect(() => verifyEvent(keys, altered, signature, NOW)).toThrow(SignatureError);
  });

  it('signed in the older format (t=…,v1=…) are still accepted within five minutes', () => {
    const payload = JSON.stringify(event);
    const t = Math.floor(NOW / 1000);
    const v1 = createHmac('sha256', `${secret}:local-payment-events`)
      .update(`${t}.${payload}`)
      .digest('hex');
    expect(verifyEvent(rotated, payload, `t=${t},v1=${v1}`, NOW)).toMatchObject(event);
    expect(() => verifyEvent(keys, payload, `t=${t},v1=${v1}`, NOW + 301_000)).toThrow(
      SignatureError,
    );
  });
});
