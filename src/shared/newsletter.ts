import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from './email';

export const subscriptionTypes = ['newsletter', 'coming_soon'] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];
export const signupSources = [
  'home_page',
  'coming_soon_page',
  'learn_page',
  'free_product',
] as const;

/** What a newsletter sign-up sends. */
export const newsletterSignupSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, INVALID_EMAIL_MESSAGE)
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase()),
  subscriptionType: z.enum(subscriptionTypes),
  source: z.enum(signupSources),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

/** The signed token of a confirm or unsubscribe link, sent back by its page. */
export const newsletterTokenSchema = z.object({
  token: z.string().trim().min(1, 'The link has no token').max(200, 'The link is not valid'),
});

/** What the confirm and unsubscribe calls answer: whose subscription, to which list. */
export const subscriptionOutcomeSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  subscriptionType: z.enum(subscriptionTypes),
});
export type SubscriptionOutcome = z.infer<typeof subscriptionOutcomeSchema>;

/** The newsletter and coming-soon forms' texts, and those for the confirm and unsubscribe links. */
export const newsletterMessages = {
  subscribed: 'Successfully subscribed!',
  checkEmail: 'Thanks for subscribing! Check your email for confirmation.',
  failed: 'Failed to subscribe. Please try again.',
  failedShort: 'Failed to subscribe',
  invalidLink: 'This link is not valid. Please use the link from your email.',
  subscriptionGone: 'This subscription no longer exists. You can sign up again any time.',
  unsubscribedAlready:
    'You unsubscribed from this list, so there is nothing to confirm. Sign up again to resubscribe.',
} as const;

/** How each list is named in emails and on the confirm and unsubscribe pages. */
export function subscriptionListName(type: SubscriptionType, storeName: string): string {
  return type === 'newsletter'
    ? `the ${storeName} newsletter`
    : `${storeName} launch announcements`;
}
