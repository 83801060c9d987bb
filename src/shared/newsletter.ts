import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from './email';

export const subscriptionTypes = ['newsletter', 'coming_soon'] as const;
export const signupSources = ['home_page', 'coming_soon_page', 'learn_page'] as const;

/** SPEC §3 newsletter payload. */
export const newsletterSignupSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase()),
  subscriptionType: z.enum(subscriptionTypes),
  source: z.enum(signupSources),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;
