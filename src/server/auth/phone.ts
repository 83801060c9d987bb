import { and, eq } from 'drizzle-orm';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import {
  isE164,
  maskedPhoneNumber,
  PHONE_CODE_LENGTH,
  PHONE_CODE_TTL_SECONDS,
  phoneMessages,
} from '#shared/phone';
import type { Db } from '../db/client';
import { twoFactors, users } from '../db/schema';
import { consumeRequest, type RateLimitRule } from '../http/rate-limit';
import { secondFactorOwedBy } from './second-factor-owed';
import { SmsNotSentError, type SmsSender } from './sms/sms-sender';

/** Texts to one number: a few codes an hour, whoever asks for them. */
const PER_NUMBER: RateLimitRule = { windowSeconds: 60 * 60, max: 5 };
/** Texts for one account, to whichever numbers: a signed-in account cannot text a list. */
const PER_ACCOUNT: RateLimitRule = { windowSeconds: 60 * 60, max: 10 };

/**
 * An error answer in the store's own shape ({ error: { code, message } }): auth-error-shape.ts
 * keeps its message, which is meant for the person, even for a 503.
 */
export function phoneError(
  status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'SERVICE_UNAVAILABLE',
  message: string,
) {
  const code = status === 'SERVICE_UNAVAILABLE' ? 'SERVICE_UNAVAILABLE' : status;
  return new APIError(status, { code, message, error: { code, message } });
}

function tooManyTexts(retryAfterSeconds: number) {
  const message = 'Too many text messages. Please wait a while and try again.';
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'RATE_LIMITED', message, error: { code: 'RATE_LIMITED', message } },
    { 'X-Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * Sends one code by SMS after the per-number and per-account limits; any failure is thrown as
 * the answer the person sees (429, or 503 "We could not send the text message").
 */
export async function textCode(
  db: Db,
  sms: SmsSender,
  message: { to: string; text: string; userId: string },
) {
  for (const [key, rule] of [
    [`sms-number:${message.to}`, PER_NUMBER],
    [`sms-account:${message.userId}`, PER_ACCOUNT],
  ] as const) {
    const decision = await consumeRequest(db, key, rule);
    if (!decision.allowed) throw tooManyTexts(decision.retryAfterSeconds);
  }
  try {
    await sms.send({ to: message.to, text: message.text });
  } catch (error) {
    if (error instanceof SmsNotSentError) {
      throw phoneError('SERVICE_UNAVAILABLE', phoneMessages.notSent);
    }
    throw error;
  }
}

export const codeText = (code: string) =>
  `Your Loopmarket code is ${code}. It expires in 10 minutes. Never share it.`;

/**
 * A phone number on the account (better-auth's phone number plugin), confirmed by a texted code.
 * It is a second factor only: the plugin's phone-and-password sign-in is not served, and its
 * verify never signs anyone in (see `phoneGuards`).
 */
export function phone(db: Db, sms: SmsSender) {
  return phoneNumber({
    otpLength: PHONE_CODE_LENGTH,
    expiresIn: PHONE_CODE_TTL_SECONDS,
    allowedAttempts: 3,
    phoneNumberValidator: isE164,
    sendOTP: async ({ phoneNumber: to, code }, ctx) => {
      const session = ctx ? await getSessionFromCtx(ctx) : null;
      if (!session) throw phoneError('UNAUTHORIZED', phoneMessages.signInFirst);
      await textCode(db, sms, { to, text: codeText(code), userId: session.user.id });
    },
  });
}

/** Whether the account has a confirmed authenticator app (a verified TOTP secret). */
export async function hasAuthenticatorApp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)));
  return row !== undefined;
}

/** The account's confirmed phone number, or null. */
export async function verifiedPhoneOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phoneNumber: users.phoneNumber, verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verified && row.phoneNumber ? row.phoneNumber : null;
}

const PHONE_PATHS = new Set(['/phone-number/send-otp', '/phone-number/verify']);

/** better-auth's codes from texted-code checks, in words for the person entering the code. */
const codeErrors: Record<string, string> = {
  INVALID_OTP: phoneMessages.wrongCode,
  OTP_NOT_FOUND: phoneMessages.expiredCode,
  OTP_EXPIRED: phoneMessages.expiredCode,
  TOO_MANY_ATTEMPTS: phoneMessages.tooManyAttempts,
  PHONE_NUMBER_EXIST: phoneMessages.numberTaken,
  INVALID_PHONE_NUMBER: phoneMessages.invalidNumber,
};

/** The sign-ins that may answer "a second factor is owed" (password, e-mailed code or link). */
const SECOND_FACTOR_SIGN_INS = new Set([
  '/sign-in/email',
  '/sign-in/email-otp',
  '/magic-link/verify',
]);

async function userIdByEmail(db: Db, body: unknown): Promise<string | undefined> {
  const email = String((body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();
  if (!email) return undefined;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id;
}

/**
 * The rules around the phone number plugin:
 * - its send and verify serve only a signed-in account adding its own number: without a session
 *   they answer 401, and verify always updates the signed-in account's number (never signs in
 *   whoever owns the number, which the plugin does by default);
 * - without SMS on this store (production without SMS settings) they answer 404;
 * - removing the number (`/update-user` with `phoneNumber: null`) is refused while it is the
 *   account's only second step;
 * - the sign-in answer offers the texted code only to an account with a confirmed number, and
 *   says which number ("•••• 23");
 * - a wrong, expired or spent code is answered in plain words.
 */
export function phoneGuards(db: Db, sms: SmsSender): BetterAuthPlugin {
  return {
    id: 'loopmarket-phone-guards',
    hooks: {
      before: [
        {
          matcher: (ctx) => PHONE_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (sms.kind === 'off') throw phoneError('NOT_FOUND', phoneMessages.unavailable);
            const session = await getSessionFromCtx(ctx);
            if (!session) throw phoneError('UNAUTHORIZED', phoneMessages.signInFirst);
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            const number = typeof body.phoneNumber === 'string' ? body.phoneNumber : '';
            if (!isE164(number)) throw phoneError('BAD_REQUEST', phoneMessages.invalidNumber);
            if (ctx.path === '/phone-number/verify') {
              return {
                context: { body: { ...body, updatePhoneNumber: true, disableSession: true } },
              };
            }
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === '/update-user' &&
            typeof ctx.body === 'object' &&
            ctx.body !== null &&
            'phoneNumber' in ctx.body &&
            ctx.body.phoneNumber === null,
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const [user] = await db
              .select({ twoFactorEnabled: users.twoFactorEnabled })
              .from(users)
              .where(eq(users.id, session.user.id));
            if (user?.twoFactorEnabled && !(await hasAuthenticatorApp(db, session.user.id))) {
              throw phoneError('BAD_REQUEST', phoneMessages.onlySecondStep);
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) =>
            ctx.path === '/phone-number/verify' || ctx.path === '/phone-number/send-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) return;
            const code = typeof returned.body?.code === 'string' ? returned.body.code : '';
            const message = codeErrors[code];
            if (message) throw phoneError('BAD_REQUEST', message);
          }),
        },
        {
          matcher: (ctx) => SECOND_FACTOR_SIGN_INS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as
              { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | undefined;
            if (!returned || isAPIError(returned) || !returned.twoFactorRedirect) return;
            const userId = secondFactorOwedBy(ctx.context) ?? (await userIdByEmail(db, ctx.body));
            const phoneNumber = userId ? await verifiedPhoneOf(db, userId) : null;
            const methods = (returned.twoFactorMethods ?? []).filter(
              (method) => method !== 'otp' || phoneNumber !== null,
            );
            return ctx.json({
              ...returned,
              twoFactorMethods: methods,
              ...(phoneNumber ? { phoneNumberHint: maskedPhoneNumber(phoneNumber) } : {}),
            });
          }),
        },
      ],
    },
  };
}
