/** A passkey as /profile lists it (better-auth's list-user-passkeys, with when it was last used). */
export interface PasskeySummary {
  id: string;
  name: string | null;
  /** ISO date-times. */
  createdAt: string;
  lastUsedAt: string | null;
}

/** A passkey's name is what its owner calls the device ("Work laptop"), at most this long. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const passkeyMessages = {
  nameRequired: 'Give the passkey a name, such as the device it is on.',
  nameTooLong: `A passkey's name can be at most ${PASSKEY_NAME_MAX_LENGTH} characters long.`,
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys.',
  alreadyRegistered: 'This device already holds a passkey for your account.',
  signInFailed: 'That passkey could not sign you in. Try again, or sign in with your password.',
  signInAgain: 'For your security, sign out and in again before adding a passkey.',
  addFailed: 'The passkey could not be added. Please try again.',
  notVerified:
    'Your device did not check that it was you (a fingerprint, face or PIN). Set up a screen lock and try again.',
} as const;

/** The first broken rule of a passkey's name, or null. */
export function passkeyNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return passkeyMessages.nameRequired;
  if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return passkeyMessages.nameTooLong;
  return null;
}
