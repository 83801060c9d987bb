import { safeRedirectPath } from '#shared/auth';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';

/** The links the account emails carry: the store's own screens, never the API. */
export function accountLinks(publicUrl: string) {
  return {
    confirmEmail: (token: string) =>
      `${publicUrl}/email-confirmation?token=${encodeURIComponent(token)}`,
    resetPassword: (token: string) =>
      `${publicUrl}/reset-password/confirm?token=${encodeURIComponent(token)}&type=recovery`,
    signIn: `${publicUrl}/login`,
    /** The store's page for an e-mailed sign-in link; it carries where to go afterwards. */
    signInLink: (token: string, redirectTo?: string | null) =>
      signInLinkPage(publicUrl, { token }, redirectTo),
    /** The same page when a followed link still owes the account's second factor. */
    secondFactorAfterLink: (redirectTo?: string | null) =>
      signInLinkPage(publicUrl, { step: 'second-factor' }, redirectTo),
    requestReset: `${publicUrl}/reset-password`,
  };
}

function signInLinkPage(
  publicUrl: string,
  params: Record<string, string>,
  redirectTo: string | null | undefined,
) {
  const url = new URL('/login/link', publicUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  // better-auth hands the target on as a full address of the store; the page takes a path.
  const sameSite = redirectTo?.startsWith(url.origin)
    ? redirectTo.slice(url.origin.length)
    : redirectTo;
  const target = safeRedirectPath(sameSite, '');
  if (target && target !== '/') url.searchParams.set('redirectTo', target);
  return url.toString();
}

type Links = ReturnType<typeof accountLinks>;

export function confirmationEmail(to: string, token: string, links: Links): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Confirm your ${STORE_NAME_SLOT} account`,
      heading: 'Confirm your email address',
      paragraphs: [
        `Thanks for signing up to ${STORE_NAME_SLOT}. Confirm your email address to start buying and downloading sounds and software.`,
      ],
      action: { label: 'Confirm email', url: links.confirmEmail(token) },
      note: 'This link expires in 24 hours. If you did not sign up, you can ignore this email.',
    }),
  };
}

export function passwordResetEmail(to: string, token: string, links: Links): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Reset your ${STORE_NAME_SLOT} password`,
      heading: 'Reset your password',
      paragraphs: [
        `Someone asked to reset the password of the ${STORE_NAME_SLOT} account for this address.`,
      ],
      action: { label: 'Choose a new password', url: links.resetPassword(token) },
      note: 'This link expires in 1 hour and works once. If you did not ask for it, ignore this email: your password stays the same.',
    }),
  };
}

/** Sent instead of an error when someone signs up with a registered address (no enumeration). */
export function existingAccountEmail(to: string, links: Links): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `You already have a ${STORE_NAME_SLOT} account`,
      heading: 'You already have an account',
      paragraphs: [
        `Someone tried to create a ${STORE_NAME_SLOT} account with this email address, which already has one.`,
        `If it was you, sign in at ${links.signIn}, or reset your password at ${links.requestReset}.`,
      ],
      action: { label: 'Sign in', url: links.signIn },
      note: 'If it was not you, you can ignore this email.',
    }),
  };
}

export function signInCodeEmail(to: string, code: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `${code} is your ${STORE_NAME_SLOT} sign-in code`,
      heading: 'Your sign-in code',
      paragraphs: [
        `Enter this code to sign in to ${STORE_NAME_SLOT}: ${code}`,
        'No account for this address yet? The code opens one, with the orders you placed as a guest.',
      ],
      note: 'The code expires in 10 minutes and works once. If you did not ask for it, ignore this email.',
    }),
  };
}

export function signInLinkEmail(to: string, url: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Your ${STORE_NAME_SLOT} sign-in link`,
      heading: `Sign in to ${STORE_NAME_SLOT}`,
      paragraphs: [
        `Use this link to sign in to ${STORE_NAME_SLOT}.`,
        'No account for this address yet? The link opens one, with the orders you placed as a guest.',
      ],
      action: { label: 'Sign in', url },
      note: 'The link expires in 10 minutes and works once. If you did not ask for it, ignore this email.',
    }),
  };
}
