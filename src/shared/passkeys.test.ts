import { describe, expect, it } from 'vitest';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages, passkeyNameError } from './passkeys';

describe("a passkey's name", () => {
  it.each([
    ['', passkeyMessages.nameRequired],
    ['   ', passkeyMessages.nameRequired],
    ['Work laptop', null],
    [`  ${'a'.repeat(PASSKEY_NAME_MAX_LENGTH)}  `, null],
    ['a'.repeat(PASSKEY_NAME_MAX_LENGTH + 1), passkeyMessages.nameTooLong],
  ])('%j gives %j', (name, expected) => {
    expect(passkeyNameError(name)).toBe(expected);
  });
});
