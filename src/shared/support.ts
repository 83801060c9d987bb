import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from './email';

/** The support categories the contact form offers. */
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

/** The longest each text field may be, in characters once trimmed. */
export const supportFieldLimits = { name: 200, email: 254, subject: 200, message: 5000 } as const;
export type SupportField = keyof typeof supportFieldLimits;
export const supportFields = Object.keys(supportFieldLimits) as SupportField[];

/** Name, email, subject and message are all required. */
/* @__NO_SIDE_EFFECTS__ */
function requiredText(label: string, max: number) {
  return z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);
}

export const DEFAULT_SUPPORT_CATEGORY: SupportCategory = 'general';

/**
 * A support message: what the contact form sends and POST /api/support accepts.
 */
export const supportMessageSchema = z.object({
  name: requiredText('Name', supportFieldLimits.name),
  email: requiredText('Email', supportFieldLimits.email).refine(
    isValidEmail,
    INVALID_EMAIL_MESSAGE,
  ),
  category: z.enum(supportCategories).default(DEFAULT_SUPPORT_CATEGORY),
  subject: requiredText('Subject', supportFieldLimits.subject),
  message: requiredText('Message', supportFieldLimits.message),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** The reply promised to whoever writes to support. */
export const SUPPORT_REPLY_PROMISE = 'We will reply within 24-48 hours.';
