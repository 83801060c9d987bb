import { passkey } from '@better-auth/passkey';

/**
 * WebAuthn passkeys (better-auth's passkey plugin): the relying party is the store's public
 * address, so a passkey made here works only here.
 */
export function passkeys(publicUrl: string) {
  const origin = new URL(publicUrl);
  return passkey({ rpID: origin.hostname, rpName: 'Loopmarket', origin: origin.origin });
}
