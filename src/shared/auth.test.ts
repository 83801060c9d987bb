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
  it('asks for every required field with the spec text', () => {
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
  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    '',
    null,
    'profile',
  ])('%s lands on /profile', (target) => {
    expect(safeRedirectPath(target)).toBe('/profile');
  });

  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/download-hub')).toBe('/download-hub');
    expect(safeRedirectPath('/products?category=plugins#top')).toBe(
      '/products?category=plugins#top',
    );
  });

  it('never yields anything but a single-slash path (property)', () => {
    fc.assert(
      fc.property(fc.string(), (target) => {
        const result = safeRedirectPath(target);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(new URL(result, 'http://store.test').origin).toBe('http://store.test');
      }),
    );
  });

  it('round-trips through the login link', () => {
    const link = new URL(loginPathFor('/order-history?x=1'), 'http://store.test');
    expect(safeRedirectPath(link.searchParams.get('redirectTo'))).toBe('/order-history?x=1');
  });
});
