import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_TTL_SECONDS, deviceCookie, isDeviceOf } from './device-cookie';

const settings = { secret: 'a-secret-that-is-at-least-32-characters', secure: false };
const owner = { userId: '0b9f4a52-1111-4f5e-9d7a-000000000001', passwordHash: 'hash-1' };
const other = { userId: '0b9f4a52-2222-4f5e-9d7a-000000000002', passwordHash: 'hash-2' };
const now = Date.UTC(2025, 0, 1);

/** The Cookie header a browser sends back after `setCookie`. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!;

describe('device cookie', () => {
  it('is a year-long, httpOnly, SameSite=Lax cookie, Secure with the __Secure- prefix in production', () => {
    const line = deviceCookie(settings, owner, now);
    expect(line).toMatch(/^loopmarket\.device=/);
    expect(line).toContain(`Max-Age=${DEVICE_COOKIE_TTL_SECONDS}`);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).not.toContain('Secure');
    const prod = deviceCookie({ ...settings, secure: true }, owner, now);
    expect(prod).toMatch(/^__Secure-loopmarket\.device=.*; Secure$/);
  });

  it('is recognised for its own account until it expires', () => {
    const cookie = `other=1; ${sentBack(deviceCookie(settings, owner, now))}`;
    expect(isDeviceOf(settings, cookie, owner, now + 1000)).toBe(true);
    const afterAYear = now + (DEVICE_COOKIE_TTL_SECONDS + 1) * 1000;
    expect(isDeviceOf(settings, cookie, owner, afterAYear)).toBe(false);
  });

  it('is refused for another account, after a password change, or when tampered with', () => {
    const cookie = sentBack(deviceCookie(settings, owner, now));
    expect(isDeviceOf(settings, cookie, other, now)).toBe(false);
    expect(isDeviceOf(settings, cookie, { ...owner, passwordHash: 'new-hash' }, now)).toBe(false);
    expect(isDeviceOf({ ...settings, secret: 'another-secret' }, cookie, owner, now)).toBe(false);

    const [name, value] = cookie.split('=') as [string, string];
    const [userId, expires, signature] = value.split('.') as [string, string, string];
    const forged = [
      `${name}=${other.userId}.${expires}.${signature}`,
      `${name}=${userId}.${Number(expires) + 1}.${signature}`,
      `${name}=${userId}.${expires}.${signature.slice(0, -2)}AA`,
      `${name}=${userId}.${expires}.`,
      `${name}=${userId}.${expires}.${signature}.x`,
      `${name}=${userId}`,
      `${name}=`,
      '',
    ];
    for (const header of forged) {
      expect(isDeviceOf(settings, header, owner, now), header).toBe(false);
      expect(isDeviceOf(settings, header, other, now), header).toBe(false);
    }
  });
});
