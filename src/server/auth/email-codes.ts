import { emailOTP } from 'better-auth/plugins/email-otp';
import { magicLink } from 'better-auth/plugins/magic-link';
import { SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_TTL_SECONDS } from '#shared/auth';
import type { MailMessage } from '../mail/mailer';
import { signInCodeEmail, signInLinkEmail } from './account-emails';

/**
 * Sign-in without a password: a 6-digit code or a link, e-mailed (better-auth's email OTP and
 * magic link plugins). A code to an address with no account creates it on first use: the code
 * itself confirms the address.
 */
export function emailCodes(send: (message: MailMessage) => Promise<void>) {
  return [
    emailOTP({
      otpLength: SIGN_IN_CODE_LENGTH,
      expiresIn: SIGN_IN_CODE_TTL_SECONDS,
      allowedAttempts: 3,
      storeOTP: 'hashed',
      sendVerificationOTP: ({ email, otp }) => send(signInCodeEmail(email, otp)),
    }),
    magicLink({
      expiresIn: SIGN_IN_CODE_TTL_SECONDS,
      sendMagicLink: ({ email, url }) => send(signInLinkEmail(email, url)),
    }),
  ];
}
