import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth';
import { passkeyMessages } from '#shared/passkeys';
import { ApiError } from '#web/api/http';
import { isAborted, passkeyErrorMessage } from './passkey-ceremony';

const fallback = 'fallback';
const named = (name: string) => Object.assign(new Error('from the browser'), { name });
const webAuthn = (code: WebAuthnError['code']) =>
  new WebAuthnError({ message: code, code, cause: named('InvalidStateError') });

describe('what a failed passkey ceremony tells the buyer', () => {
  it.for([
    [
      'the device already holds one',
      webAuthn('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'),
      passkeyMessages.alreadyRegistered,
    ],
    ['the prompt was dismissed or timed out', named('NotAllowedError'), passkeyMessages.cancelled],
    [
      'a passkey the store does not know',
      new ApiError(401, 'UNAUTHORIZED', 'Passkey not found'),
      fallback,
    ],
    ['a stale challenge', new ApiError(400, 'BAD_REQUEST', 'Challenge not found'), fallback],
    [
      'an old session',
      new ApiError(403, 'SESSION_NOT_FRESH', 'Session is not fresh'),
      passkeyMessages.signInAgain,
    ],
    [
      'no user verification',
      new ApiError(403, 'FORBIDDEN', passkeyMessages.notVerified),
      passkeyMessages.notVerified,
    ],
    [
      'the last way in',
      new ApiError(400, 'LAST_WAY_IN', authMessages.lastWayIn),
      authMessages.lastWayIn,
    ],
    [
      'too many attempts',
      new ApiError(429, 'RATE_LIMITED', authMessages.tooManyAttempts),
      authMessages.tooManyAttempts,
    ],
    ['anything else', new Error('boom'), fallback],
  ] as const)('%s', ([, error, message]) => {
    expect(passkeyErrorMessage(error, fallback)).toBe(message);
  });

  it('says nothing of a ceremony the page itself replaced', () => {
    expect(isAborted(webAuthn('ERROR_CEREMONY_ABORTED'))).toBe(true);
    expect(isAborted(named('AbortError'))).toBe(true);
    expect(isAborted(named('NotAllowedError'))).toBe(false);
  });
});
