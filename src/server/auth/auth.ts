import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import {
  EMAIL_CONFIRMATION_TTL_SECONDS,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TTL_SECONDS,
} from '#shared/auth';
import { BANNED_MESSAGE } from '#shared/admin-customers';
import type { Db } from '../db/client';
import {
  accounts,
  rateLimits,
  sessions,
  passkeys,
  twoFactors,
  userRoles,
  users,
  verifications,
} from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  accountLinks,
  confirmationEmail,
  existingAccountEmail,
  passwordResetEmail,
} from './account-emails';
import { confirmAccountDeletion, deleteCustomerData } from './account-deletion';
import { CLIENT_IP_HEADER } from './client-ip-header';
import { emailCodes } from './email-codes';
import { passkeys as passkeyPlugin } from './passkeys';
import { phone, phoneGuards } from './phone';
import type { SmsSender } from './sms/sms-sender';
import { providerAccountsOnlyForVerifiedAddresses, singleSignOn, type SsoProvider } from './sso';
import { twoFactorByText, twoFactorSignIn } from './two-factor';
import { keepOneWayIn } from './ways-in';
import { localStoreOrigins } from '../http/local-origins';

export interface AuthSettings {
  publicUrl: string;
  secret: string;
  isProduction: boolean;
  /** Sign-in, sign-up and reset requests allowed per client address a minute (default 10). */
  attemptsPerMinute?: number;
  /** OpenID Connect providers offered at sign-in (none by default). */
  ssoProviders?: SsoProvider[];
}

const COOKIE_PREFIX = 'loopmarket';

/** The session cookie's name; in production the browser gets it with a `__Secure-` prefix. */
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

/**
 * Per-IP limits on the endpoints that guess passwords or send mail (better-auth's limiter). The
 * session check every page makes is not limited: under the default rule (100 a minute per
 * address) a busy store behind one address would show its visitors 'Authentication Error'.
 */
const perIpRules = (max: number) => ({
  '/get-session': false as const,
  '/sign-in/email': { window: 60, max },
  // Each start of a provider's sign-in stores its state; held to the sign-in pace (not 3 in 10 s).
  '/sign-in/social': { window: 60, max },
  '/sign-up/email': { window: 60, max },
  '/request-password-reset': { window: 60, max },
  '/send-verification-email': { window: 60, max: Math.ceil(max / 2) },
  '/reset-password': { window: 60, max },
  // A stolen session guessing the current password is held to the sign-in pace.
  '/change-password': { window: 60, max },
  // Codes and links by e-mail: sending mails, as a reset does; guessing a code, as a sign-in.
  '/email-otp/send-verification-otp': { window: 60, max: Math.ceil(max / 2) },
  '/sign-in/magic-link': { window: 60, max: Math.ceil(max / 2) },
  '/sign-in/email-otp': { window: 60, max },
  '/magic-link/verify': { window: 60, max },
  // Texted codes cost money and reach a stranger's phone: half the pace (phone.ts adds per-number
  // and per-account limits).
  '/phone-number/send-otp': { window: 60, max: Math.ceil(max / 2) },
  '/phone-number/verify': { window: 60, max },
  '/two-factor/send-otp': { window: 60, max: Math.ceil(max / 2) },
});

/**
 * better-auth on our database: email and password with required confirmation, password reset
 * that ends every session, httpOnly SameSite=Lax cookies (Secure in production), TOTP two-factor,
 * and its rate limiter on database storage in every mode.
 */
export function createAuth(
  settings: AuthSettings,
  db: Db,
  mailer: Mailer,
  logger: Logger,
  sms: SmsSender,
  hooks: {
    onEmailConfirmed?: (user: { id: string; email: string }) => Promise<void>;
    /** An account that goes took its published reviews along: the ratings shown changed. */
    onReviewsRemoved?: () => Promise<void>;
  } = {},
) {
  const links = accountLinks(settings.publicUrl);
  // better-auth shares no transaction with us: the message is queued on its own (one insert, so
  // the answer never waits for a mail server) and the worker sends it.
  const send = (message: MailMessage) =>
    mailer
      .enqueue(db, message)
      .then(() => mailer.wake())
      .catch((err: unknown) => {
        logger.error({ err, to: message.to, subject: message.subject }, 'account email not queued');
      });

  return betterAuth({
    appName: 'Loopmarket',
    baseURL: settings.publicUrl,
    basePath: '/api/auth',
    secret: settings.secret,
    // PUBLIC_URL, and outside production the loopback or LAN name the store was opened by.
    trustedOrigins: (request) => [
      settings.publicUrl,
      ...localStoreOrigins(request, settings.isProduction),
    ],
    telemetry: { enabled: false },
    // An error that is not one of better-auth's own answers (a database that went away) is thrown
    // on to the app's error handler, which answers 503 for a lost connection instead of a bare 500.
    onAPIError: { throw: true, errorURL: `${settings.publicUrl}/login` },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, message),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    user: {
      additionalFields: {
        role: { type: [...userRoles], required: false, defaultValue: 'customer', input: false },
      },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          const { reviewsRemoved } = await deleteCustomerData(db, user);
          if (reviewsRemoved) await hooks.onReviewsRemoved?.();
        },
      },
      validateUserInfo: providerAccountsOnlyForVerifiedAddresses,
    },
    // A provider is linked only by the account's signed-in owner (from /profile), never because
    // its e-mail matches; keepOneWayIn (ways-in.ts) is the one rule on removing the last way in.
    account: { accountLinking: { disableImplicitLinking: true, allowUnlinkingAll: true } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => send(passwordResetEmail(user.email, token, links)),
      onExistingUserSignUp: ({ user }) => send(existingAccountEmail(user.email, links)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_CONFIRMATION_TTL_SECONDS,
      sendVerificationEmail: ({ user, token }) => send(confirmationEmail(user.email, token, links)),
      afterEmailVerification: async (user) => {
        await hooks.onEmailConfirmed?.(user);
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: perIpRules(settings.attemptsPerMinute ?? 10),
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: settings.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: 'uuid' },
      // Checked in every mode: better-auth would skip origin checks under NODE_ENV=test.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // Only our own header, which auth.routes.ts sets from the trusted source and never the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      twoFactorSignIn(db, sms),
      twoFactorByText(),
      passkeyPlugin(settings.publicUrl),
      ...emailCodes(send, links, hooks.onEmailConfirmed),
      singleSignOn(settings.ssoProviders ?? [], hooks.onEmailConfirmed),
      phone(db, sms),
      phoneGuards(db, sms),
      keepOneWayIn(db),
      confirmAccountDeletion(db),
      // Roles and bans. Its HTTP endpoints (/api/auth/admin/*) are not served (auth.routes.ts):
      // the store's admin calls live under /api/admin behind requireAdmin, and a role is given
      // only by `npm run admin` (cli/admin.ts).
      admin({
        defaultRole: 'customer',
        adminRoles: ['admin'],
        roles: { admin: adminAc, customer: userAc },
        // Refused at sign-in (403 BANNED_USER) until the ban ends; a ban also ends every session.
        bannedUserMessage: BANNED_MESSAGE,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthUser = Auth['$Infer']['Session']['user'];
