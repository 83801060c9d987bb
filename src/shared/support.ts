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

/** The longest each text field may be, in characters once trimmed. */
export const supportFieldLimits = { name: 200, email: 254, subject: 200, message: 5000 } as const;
export type SupportField = keyof typeof supportFieldLimits;
export const supportFields = Object.keys(supportFieldLimits) as SupportField[];

/* @__NO_SIDE_EFFECTS__ */
function requiredText(label: string, max: number) {
  return [
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} is too long`),
  ] as const;
}

/**
 * SPEC §5: name, email, subject and message are required. Each text field's rules, as zod
 * checks: `supportMessageSchema` below applies them in the browser and the server, and the
 * server's route schema (classic zod, which the OpenAPI contract needs) applies these same ones.
 */
export const supportFieldChecks = {
  name: requiredText('Name', supportFieldLimits.name),
  email: [
    ...requiredText('Email', supportFieldLimits.email),
    z.refine<string>(isValidEmail, INVALID_EMAIL_MESSAGE),
  ],
  subject: requiredText('Subject', supportFieldLimits.subject),
  message: requiredText('Message', supportFieldLimits.message),
} as const;

export const DEFAULT_SUPPORT_CATEGORY: SupportCategory = 'general';

/**
 * SPEC §3 support message: what the contact form sends and POST /api/support accepts.
 */
export const supportMessageSchema = z.object({
  name: z.string().check(...supportFieldChecks.name),
  email: z.string().check(...supportFieldChecks.email),
  category: z._default(z.enum(supportCategories), DEFAULT_SUPPORT_CATEGORY),
  subject: z.string().check(...supportFieldChecks.subject),
  message: z.string().check(...supportFieldChecks.message),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** SPEC §9: the reply promised to whoever writes to support. */
export const SUPPORT_REPLY_PROMISE = 'We will reply within 24-48 hours.';
