import {
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { passkeyMessages } from '#shared/passkeys';
import { ApiError } from '#web/api/http';
import { passkeysApi } from '#web/api/passkeys';
import { authErrorMessage } from './auth-errors';

export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';

/** Makes a passkey on this device for the signed-in account, and stores it under `name`. */
export async function addPasskey(name: string) {
  const optionsJSON = await passkeysApi.registrationOptions();
  const response = await startRegistration({ optionsJSON });
  return passkeysApi.verifyRegistration(response, name.trim());
}

/**
 * Signs in with a passkey: the browser asks which one (or, with `autofill`, offers them in the
 * e-mail field's suggestions and waits until one is picked). `isCurrent` is asked once the
 * challenge is in: a page that has moved on starts no ceremony.
 */
export async function signInWithPasskey({
  autofill = false,
  isCurrent = () => true,
}: { autofill?: boolean; isCurrent?: () => boolean } = {}) {
  const optionsJSON = await passkeysApi.authenticationOptions();
  if (!isCurrent()) throw new PasskeyCeremonyAborted();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return passkeysApi.verifyAuthentication(response);
}

/** Ends a waiting ceremony (the autofill one when the page is left). */
export function cancelPasskeyCeremony() {
  WebAuthnAbortService.cancelCeremony();
}

class PasskeyCeremonyAborted extends Error {}

/** True when the page itself ended the ceremony (one ceremony replaced by another). */
export function isAborted(error: unknown): boolean {
  return (
    error instanceof PasskeyCeremonyAborted ||
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/** What to tell a person when a passkey ceremony fails. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // A passkey the store does not know (removed here, kept on the device), a stale challenge.
    if (error.code === 'UNAUTHORIZED' || error.code === 'BAD_REQUEST') return fallback;
    if (error.code === 'SESSION_NOT_FRESH') return passkeyMessages.signInAgain;
    return authErrorMessage(error, fallback);
  }
  if (
    error instanceof WebAuthnError &&
    error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
  ) {
    return passkeyMessages.alreadyRegistered;
  }
  if (error instanceof Error && error.name === 'NotAllowedError') return passkeyMessages.cancelled;
  if (error instanceof Error && /not supported|does not support/.test(error.message)) {
    return passkeyMessages.unsupported;
  }
  return fallback;
}
