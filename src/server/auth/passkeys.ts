import { passkey } from '@better-auth/passkey';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from '#shared/passkeys';

const REGISTER = '/passkey/verify-registration';
const NAMED = new Set([REGISTER, '/passkey/update-passkey']);
const SIGN_IN = '/passkey/verify-authentication';

const notVerified = () =>
  new APIError('FORBIDDEN', { code: 'FORBIDDEN', message: passkeyMessages.notVerified });

/**
 * WebAuthn passkeys (better-auth's passkey plugin): the relying party is the store's public
 * address, so a passkey made here works only here. Around the plugin: a passkey's name is held to
 * a short label, and each passkey row remembers when it last signed its owner in (`lastUsedAt`,
 * answered by list-user-passkeys beside its name and creation date).
 */
export function passkeys(publicUrl: string) {
  const origin = new URL(publicUrl);
  const plugin = passkey({
    rpID: origin.hostname,
    rpName: 'Loopmarket',
    origin: origin.origin,
    // /login asks for no e-mail first, so a passkey must be one the device can offer by itself
    // (discoverable); and it stands for a password and a second factor at once, so the device
    // must have checked its user (fingerprint, face, PIN), not only that someone touched it.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    registration: {
      afterVerification: ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw notVerified();
      },
    },
    authentication: {
      afterVerification: ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) throw notVerified();
      },
    },
  });
  return {
    ...plugin,
    schema: {
      passkey: {
        ...plugin.schema.passkey,
        fields: {
          ...plugin.schema.passkey.fields,
          lastUsedAt: { type: 'date', required: false, input: false },
        },
      },
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => NAMED.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const name: unknown = (ctx.body as { name?: unknown } | undefined)?.name;
            if (typeof name === 'string' && name.trim().length > PASSKEY_NAME_MAX_LENGTH) {
              throw new APIError('BAD_REQUEST', {
                code: 'VALIDATION_FAILED',
                message: passkeyMessages.nameTooLong,
              });
            }
          }),
        },
      ],
      after: [
        {
          // The plugin answers 500 for any registration its checks refuse (another site's
          // passkey, a forged signature): a client's error, answered as one.
          matcher: (ctx) => ctx.path === REGISTER,
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (isAPIError(returned) && returned.body?.code === 'FAILED_TO_VERIFY_REGISTRATION') {
              throw new APIError('BAD_REQUEST', {
                code: 'BAD_REQUEST',
                message: passkeyMessages.addFailed,
              });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            // A session was made only when the passkey's signature held (and its owner may sign in).
            if (!ctx.context.newSession) return;
            const credentialID: unknown = (ctx.body as { response?: { id?: unknown } }).response
              ?.id;
            if (typeof credentialID !== 'string') return;
            await ctx.context.adapter.update({
              model: 'passkey',
              where: [{ field: 'credentialID', value: credentialID }],
              update: { lastUsedAt: new Date() },
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
