import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { magicLink } from 'better-auth/plugins/magic-link';
import { SIGN_IN_CODE_ATTEMPTS, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_TTL_SECONDS } from '#shared/auth';
import type { MailMessage } from '../mail/mailer';
import { rememberSecondFactorOwed } from './second-factor-owed';
import { signInCodeEmail, signInLinkEmail, type accountLinks } from './account-emails';

/** The sign-ins that prove the inbox and nothing else: they still owe the second factor. */
const INBOX_SIGN_IN_PATHS = new Set(['/sign-in/email-otp', '/magic-link/verify']);

type AfterHook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];
type HookContext = Parameters<AfterHook['matcher']>[0];

/**
 * Sign-in without a password: a 6-digit code or a link, e-mailed (better-auth's email OTP and
 * magic link plugins). A code or link to an address with no account creates it on first use: the
 * code itself confirms the address. Only sign-in codes are ever mailed; the plugin's other code
 * types (confirming, resetting, changing an address) have their own links here, and their paths
 * are not served (auth.routes.ts).
 */
export function emailCodes(
  send: (message: MailMessage) => Promise<void>,
  links: ReturnType<typeof accountLinks>,
  onEmailConfirmed?: (user: { id: string; email: string }) => Promise<void>,
): BetterAuthPlugin[] {
  return [
    emailOTP({
      otpLength: SIGN_IN_CODE_LENGTH,
      expiresIn: SIGN_IN_CODE_TTL_SECONDS,
      allowedAttempts: SIGN_IN_CODE_ATTEMPTS,
      storeOTP: 'hashed',
      sendVerificationOTP: async ({ email, otp, type }) => {
        if (type === 'sign-in') await send(signInCodeEmail(email, otp));
      },
    }),
    magicLink({
      expiresIn: SIGN_IN_CODE_TTL_SECONDS,
      storeToken: 'hashed',
      // The mail leads to the store's own page, which asks before it spends the link: a mail
      // scanner that opens every link does not sign anyone in or use the link up.
      sendMagicLink: ({ email, url, token }) =>
        send(
          signInLinkEmail(
            email,
            links.signInLink(token, new URL(url).searchParams.get('callbackURL')),
          ),
        ),
    }),
    inboxSignInRules(links, onEmailConfirmed),
  ];
}

const nothing = createAuthMiddleware(async () => {});

/**
 * After a code or a link signs someone in: the guest orders of the address join the account (the
 * code proved the inbox, as a confirmation link does), and an account with two-factor on is asked
 * for its second factor exactly as a password sign-in is. better-auth's two-factor plugin only
 * watches the password sign-ins, so its own (only) after-hook is run here for these paths too; the
 * tests of a code and a link on an account with two-factor on fail if a new version moves it.
 */
function inboxSignInRules(
  links: ReturnType<typeof accountLinks>,
  onEmailConfirmed?: (user: { id: string; email: string }) => Promise<void>,
): BetterAuthPlugin {
  const matcher = (ctx: HookContext) => INBOX_SIGN_IN_PATHS.has(ctx.path ?? '');
  return {
    id: 'loopmarket-inbox-sign-in',
    hooks: {
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.context.newSession?.user;
            if (user?.emailVerified) await onEmailConfirmed?.(user);
          }),
        },
        {
          matcher,
          handler: (async (ctx: HookContext) => {
            const twoFactor = ctx.context.options.plugins?.find((p) => p.id === 'two-factor');
            const hook = twoFactor?.hooks?.after?.[0];
            const signedIn = ctx.context.newSession;
            // Without the two-factor plugin nobody has a second factor to ask for.
            const result: unknown = await (hook?.handler ?? nothing)(ctx);
            // The hook took the session back (a second factor is owed). A link followed straight
            // to a page (better-auth's callbackURL) then goes to the store's second-factor step.
            if (signedIn && !ctx.context.newSession) {
              rememberSecondFactorOwed(ctx.context, signedIn.user.id);
            }
            const callbackURL = (ctx.query as { callbackURL?: string } | undefined)?.callbackURL;
            if (signedIn && !ctx.context.newSession && callbackURL) {
              ctx.context.responseHeaders?.set(
                'location',
                links.secondFactorAfterLink(callbackURL),
              );
            }
            return result;
          }) as AfterHook['handler'],
        },
      ],
    },
  };
}
