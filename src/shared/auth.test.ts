import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authMessages,
  isValidResetLink,
  loginPathFor,
  newPasswordError,
  safeRedirectPath,
  signUpError,
  userMenuLabel,
} from './auth';

describe('sign-up rules', () => {
  it.each([
    [{ email: '', password: 'secret1', confirmPassword: 'secret1' }, authMessages.fillRequired],
    [{ email: 'a@b.co', password: '', confirmPassword: '' }, authMessages.fillRequired],
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: '' }, authMessages.fillRequired],
    [
      { email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' },
      'Passwords do not match',
    ],
    [
      { email: 'a@b.co', password: '12345', confirmPassword: '12345' },
      'Password must be at least 6 characters long',
    ],
    [{ email: 'a@b.co', password: '123456', confirmPassword: '123456' }, null],
  ])('%o → %s', (input, expected) => {
    expect(signUpError(input)).toBe(expected);
  });
  it('asks for every required field with the text the user reads', () => {
    expect(authMessages.fillRequired).toBe('Please fill in all required fields');
  });
});

describe('new-password rules', () => {
  it.each([
    ['', '', 'Please fill in all fields'],
    ['abcdef', 'abcdeg', 'Passwords do not match'],
    ['abc', 'abc', 'Password must be at least 6 characters long'],
    ['abcdef', 'abcdef', null],
  ])('%s / %s → %s', (password, confirm, expected) => {
    expect(newPasswordError(password, confirm)).toBe(expected);
  });
});

describe('reset links', () => {
  it('need a token and type=recovery', () => {
    expect(isValidResetLink(new URLSearchParams('token=abc&type=recovery'))).toBe(true);
    expect(isValidResetLink(new URLSearchParams('token=abc&type=signup'))).toBe(false);
    expect(isValidResetLink(new URLSearchParams('type=recovery'))).toBe(false);
  });
});

describe('user menu label', () => {
  it('prefers the full name, then the email before the at-sign, then Account', () => {
    expect(userMenuLabel({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(userMenuLabel({ name: '  ', email: 'ada@example.com' })).toBe('ada');
    expect(userMenuLabel({ name: null, email: null })).toBe('Account');
  });
});

describe('redirect-back target', () => {
  const STORE = 'http://store.test';
  /** Where a browser on the store would land after navigating to `path`. */
  const landing = (path: string) => new URL(path, `${STORE}/login`);

  it.each([
    '//evil.example',
    '///evil.example',
    '////evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    '/%2f%2fevil.example',
    '/%2F%2Fevil.example',
    '%2f%2fevil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '/%252f%252fevil.example',
    '/\tevil',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    ' //evil.example',
    '  /profile',
    '\t//evil.example',
    '/ /evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://evil.example',
    'https://evil.example',
    'https:evil.example',
    'https:/evil.example',
    'http:\\\\evil.example',
    'evil.example',
    'profile',
    '',
    null,
    undefined,
  ])('%j lands on /profile', (target) => {
    expect(safeRedirectPath(target)).toBe('/profile');
  });

  it.each([
    ['/download-hub', '/download-hub'],
    ['/products?category=plugins#top', '/products?category=plugins#top'],
    ['/products?next=//x&q=a%2Fb', '/products?next=//x&q=a%2Fb'],
    ['/a/./b/../c', '/a/c'],
    ['/checkout?step=payment', '/checkout?step=payment'],
  ])('keeps the same-origin path %j as %j', (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  /** Paths built from the pieces open-redirect attacks are made of. */
  const attackish = fc
    .array(
      fc.constantFrom(
        '/',
        '//',
        '/.',
        '/..',
        '\\',
        '.',
        '%2f',
        '%5c',
        '%2e',
        '%25',
        '%09',
        '\t',
        '\n',
        ' ',
        ':',
        '@',
        '?',
        '#',
        'evil.example',
        'javascript:',
        'https:',
      ),
      { maxLength: 8 },
    )
    .map((parts) => `/${parts.join('')}`);

  it('only ever yields a path that stays on the store, and is stable (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), attackish), (target) => {
        const result = safeRedirectPath(target);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(landing(result).origin).toBe(STORE);
        expect(safeRedirectPath(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips through the login link', () => {
    const link = new URL(loginPathFor('/order-history?x=1'), 'http://store.test');
    expect(safeRedirectPath(link.searchParams.get('redirectTo'))).toBe('/order-history?x=1');
  });
});
