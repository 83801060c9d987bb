import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { licenseKeyFrom, normaliseLicenseKey } from './license-keys';

const key = () => licenseKeyFrom(randomBytes(15));

describe('licence keys', () => {
  it('are LM- and four groups of four from the unambiguous alphabet', () => {
    for (let i = 0; i < 100; i += 1)
      expect(key()).toMatch(
        /^LM-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
      );
  });

  it('read back as themselves, forgiving case, spaces, dashes and look-alikes', () => {
    const k = key();
    expect(normaliseLicenseKey(k)).toBe(k);
    expect(normaliseLicenseKey(` ${k.toLowerCase().replace(/-/g, ' ')} `)).toBe(k);
    expect(normaliseLicenseKey(k.slice(3))).toBe(k);
    expect(normaliseLicenseKey('LM-0000-0000-0000-0000')).toBe('LM-0000-0000-0000-0000');
    expect(normaliseLicenseKey('lm-oooo-oooo-oooo-oooo')).toBe('LM-0000-0000-0000-0000');
  });

  it('refuse what is not a key', () => {
    for (const text of ['', 'LM-', 'LM-1234', 'LM-0000-0000-0000-000U', `${key()}X`, 'hello world'])
      expect(normaliseLicenseKey(text)).toBeNull();
  });

  it('catch every single mistyped character', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 15, maxLength: 15 }),
        fc.nat(15),
        fc.nat(31),
        (bytes, at, by) => {
          const k = licenseKeyFrom(bytes);
          const chars = k.replace(/^LM-/, '').replace(/-/g, '').split('');
          const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
          const replaced =
            alphabet[(alphabet.indexOf(chars[at] ?? '0') + 1 + (by % 31)) % 32] ?? '0';
          chars[at] = replaced;
          expect(normaliseLicenseKey(chars.join(''))).toBeNull();
        },
      ),
    );
  });

  it('catch a swap of two different neighbours, but for 0 and Z (Luhn’s own blind spot, as 09/90)', () => {
    expect(normaliseLicenseKey('LM-0Z00-0000-0000-0001')).toBe('LM-0Z00-0000-0000-0001');
    expect(normaliseLicenseKey('LM-Z000-0000-0000-0001')).toBe('LM-Z000-0000-0000-0001');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 15, maxLength: 15 }), fc.nat(14), (bytes, at) => {
        const chars = licenseKeyFrom(bytes).replace(/^LM-/, '').replace(/-/g, '').split('');
        fc.pre(chars[at] !== chars[at + 1]);
        fc.pre(`${chars[at]}${chars[at + 1]}` !== '0Z' && `${chars[at]}${chars[at + 1]}` !== 'Z0');
        [chars[at], chars[at + 1]] = [chars[at + 1] ?? '', chars[at] ?? ''];
        expect(normaliseLicenseKey(chars.join(''))).toBeNull();
      }),
      { numRuns: 5000 },
    );
  });
});
