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

/** The contact form's heading: a link to the form scrolls to it (/support#contact-heading). */
export const SUPPORT_FORM_ANCHOR = 'contact-heading';

/** What a link may fill in the contact form (`/support?category=…&subject=…&message=…`). */
export type SupportPrefill = Partial<Pick<SupportMessage, 'category' | 'subject' | 'message'>>;

/**
 * The contact form's prefill from its page's query: a known category, and the subject and
 * message cut to their limits. The buyer can still edit them; the server checks as always.
 */
export function supportPrefillOf(search: URLSearchParams): SupportPrefill {
  const prefill: SupportPrefill = {};
  const category = search.get('category');
  if (category && (supportCategories as readonly string[]).includes(category))
    prefill.category = category as SupportCategory;
  const subject = search.get('subject')?.trim();
  if (subject) prefill.subject = subject.slice(0, supportFieldLimits.subject);
  const message = search.get('message')?.trim();
  if (message) prefill.message = message.slice(0, supportFieldLimits.message);
  return prefill;
}

/** The contact form, prefilled to ask for more downloads of an order's product. */
export function moreDownloadsSupportHref(orderNumber: string, productName: string): string {
  const query = new URLSearchParams({
    category: 'billing',
    subject: `More downloads for order #${orderNumber}`,
    message: `I have used all the downloads of ${productName} in order #${orderNumber} and need the files again.`,
  });
  return `/support?${query.toString()}#${SUPPORT_FORM_ANCHOR}`;
}
