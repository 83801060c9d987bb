import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { phoneMessages, PHONE_CODE_LENGTH, TRUSTED_DEVICE_DAYS } from '#shared/phone';
import type { Db } from '../db/client';
import { codeText, phoneError, textCode, verifiedPhoneOf } from './phone';
import type { SmsSender } from './sms/sms-sender';

/**
 * Why a texted second-step code did not go out, kept per request: better-auth's send-otp swallows
 * whatever `sendOTP` throws and answers 200, so `twoFactorByText` answers it instead.
 */
const unsent = new WeakMap<object, unknown>();

/**
 * Two-factor sign-in (better-auth's twoFactor plugin): an authenticator app (TOTP) with backup
 * codes, and, for an account with a confirmed phone number, a 6-digit code by SMS (its "otp"),
 * good for 10 minutes. "Trust this device" skips the second step on that browser for 30 days.
 *
 * Turning it on with only a phone: a signed-in account asks `/two-factor/send-otp`, and entering
 * the texted code at `/two-factor/verify-otp` turns two-factor on (the plugin does this for an
 * account that has it off), so the phone has answered once before it is relied on. The plugin's
 * `/two-factor/enable` with `method: "otp"`, which would switch it on without any code, is
 * refused by `twoFactorByText`.
 */
export function twoFactorSignIn(db: Db, sms: SmsSender) {
  return twoFactor({
    issuer: 'Loopmarket',
    allowPasswordless: true,
    trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
    otpOptions:
      sms.kind === 'off'
        ? undefined
        : {
            digits: PHONE_CODE_LENGTH,
            period: 10,
            storeOTP: 'hashed',
            allowedAttempts: 5,
            sendOTP: async ({ user, otp }, ctx) => {
              const to = await verifiedPhoneOf(db, user.id);
              try {
                if (!to) throw phoneError('BAD_REQUEST', phoneMessages.noVerifiedPhone);
                await textCode(db, sms, { to, text: codeText(otp), userId: user.id });
              } catch (error) {
                if (ctx) unsent.set(ctx.context, error);
              }
            },
          },
  });
}

/** The answers around the texted second step (see `unsent` and `twoFactorSignIn`). */
export function twoFactorByText(): BetterAuthPlugin {
  return {
    id: 'loopmarket-two-factor-by-text',
    hooks: {
      before: [
        {
          matcher: (ctx) =>
            ctx.path === '/two-factor/enable' &&
            (ctx.body as { method?: unknown } | undefined)?.method === 'otp',
          handler: createAuthMiddleware(async () => {
            throw phoneError(
              'BAD_REQUEST',
              'Turn on two-step sign-in by text from your profile: we text you a code to confirm.',
            );
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/send-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const error = unsent.get(ctx.context);
            if (error === undefined || isAPIError(ctx.context.returned)) return;
            throw isAPIError(error)
              ? error
              : phoneError('SERVICE_UNAVAILABLE', phoneMessages.notSent);
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) return;
            const code = typeof returned.body?.code === 'string' ? returned.body.code : '';
            if (code === 'OTP_HAS_EXPIRED')
              throw phoneError('BAD_REQUEST', phoneMessages.expiredCode);
            if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
              throw phoneError('BAD_REQUEST', phoneMessages.tooManyAttempts);
            }
          }),
        },
      ],
    },
  };
}
