import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from './email';

/** SPEC §9 support categories. */
export const supportCategories = ['general', 'technical', 'billing', 'licensing', 'bug'] as const;
export type SupportCategory = (typeof supportCategories)[number];

/** How each category reads in the form and in the email to the support team. */
export const supportCategoryLabels: Record<SupportCategory, string> = {
  general: 'General question',
  technical: 'Technical support',
  billing: 'Billing & orders',
  licensing: 'Licensing',
  bug: 'Report a bug',
};

/* @__NO_SIDE_EFFECTS__ */
function required(label: string, max: number) {
  return z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);
}

/** SPEC §3 support message; name, email, subject and message are required (§5). */
export const supportMessageSchema = z.object({
  name: required('Name', 200),
  // Spelled out rather than required(…).refine(…): a chain from z is pure to the bundler.
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE),
  category: z.enum(supportCategories).default('general'),
  subject: required('Subject', 200),
  message: required('Message', 5000),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** SPEC §9: the reply promised to whoever writes to support. */
export const SUPPORT_REPLY_PROMISE = 'We will reply within 24-48 hours.';
