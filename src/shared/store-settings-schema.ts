import { z } from 'zod';
import {
  HEX_COLOR,
  LEGAL_PAGES,
  MIN_ACCENT_CONTRAST,
  SOCIAL_NETWORKS,
  contrastWithWhite,
  type SocialNetwork,
} from './store-brand';

/**
 * The owner's store settings (admin → Settings → Store and Pages), two sections of
 * store_settings. Where nobody saved them, the store's environment (STORE_NAME, SUPPORT_EMAIL,
 * MAIL_FROM) and today's texts are the defaults (server/settings/store-brand.service.ts).
 */
export const STORE_SETTINGS_KEY = 'store';
export const LEGAL_PAGES_KEY = 'pages';

export const storeSettingsMessages = {
  name: 'Enter the store’s name (at most 80 characters)',
  senderName: 'Enter the name e-mails come from (at most 80 characters, no quotes or < >)',
  supportEmail: 'Enter a valid e-mail address',
  accentColor: 'Enter a colour as #rrggbb, e.g. #7c3aed',
  accentContrast:
    'Choose a darker colour: the white text of buttons on it must stay readable (contrast 4.5:1)',
  url: 'Enter a full address starting with https://',
  footerUrl: 'Enter a page of the store (starting with /) or an address starting with https://',
  footerTitle: 'Give the column a title (at most 40 characters)',
  footerLabel: 'Give the link a label (at most 60 characters)',
  logo: 'The logo must be an image uploaded here',
  page: 'A page can be at most 50,000 characters',
  saved: 'Store settings saved',
  pagesSaved: 'Pages saved',
} as const;
const m = storeSettingsMessages;

/** An optional link elsewhere: empty (not shown) or an http(s) address. */
const optionalUrl = z
  .string()
  .trim()
  .max(500, m.url)
  .refine((url) => url === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url), m.url);

/** A footer link: a path of the store, or an http(s) address (never javascript: and the like). */
const footerUrl = z
  .string()
  .trim()
  .max(500, m.footerUrl)
  .refine(
    (url) => /^\/(?!\/)[^\s]*$/.test(url) || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url),
    m.footerUrl,
  );

export const footerColumnSchema = z.object({
  title: z.string().trim().min(1, m.footerTitle).max(40, m.footerTitle),
  links: z
    .array(
      z.object({
        label: z.string().trim().min(1, m.footerLabel).max(60, m.footerLabel),
        url: footerUrl,
      }),
    )
    .max(8),
});

export const socialLinksSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, optionalUrl])) as Record<
    SocialNetwork,
    typeof optionalUrl
  >,
);

/** What the owner sends; the logo is named by its upload, whose URL the server looks up. */
export const storeSettingsInputSchema = z.object({
  name: z.string().trim().min(1, m.name).max(80, m.name),
  tagline: z.string().trim().max(200).default(''),
  logoUploadId: z.uuid(m.logo).nullable().default(null),
  /** '#rrggbb', or '' for the theme's own violet. */
  accentColor: z
    .string()
    .trim()
    .toLowerCase()
    .refine((color) => color === '' || HEX_COLOR.test(color), m.accentColor)
    .refine(
      (color) => !HEX_COLOR.test(color) || contrastWithWhite(color) >= MIN_ACCENT_CONTRAST,
      m.accentContrast,
    ),
  supportEmail: z.string().trim().pipe(z.email(m.supportEmail)),
  /** The From name of every e-mail the store sends (the address stays MAIL_FROM's). */
  senderName: z
    .string()
    .trim()
    .min(1, m.senderName)
    .max(80, m.senderName)
    .refine((name) => !/["<>\r\n\\]/.test(name), m.senderName),
  communityUrl: optionalUrl,
  socialLinks: socialLinksSchema,
  footerColumns: z.array(footerColumnSchema).max(4),
});
export type StoreSettingsInput = z.infer<typeof storeSettingsInputSchema>;

/** As kept and read back: the logo's URL resolved from its upload. */
export const storeSettingsSchema = storeSettingsInputSchema.extend({
  logoUrl: z.string().nullable().default(null),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

const pageText = z.string().max(50_000, m.page);
const legalPageSchema = z.object({
  markdown: pageText,
  /** The day the text last changed, YYYY-MM-DD (the server sets it). */
  updatedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const legalPagesSchema = z.object(
  Object.fromEntries(LEGAL_PAGES.map((page) => [page, legalPageSchema])) as Record<
    (typeof LEGAL_PAGES)[number],
    typeof legalPageSchema
  >,
);
export type LegalPages = z.infer<typeof legalPagesSchema>;

/** What the owner sends: the three texts. */
export const legalPagesInputSchema = z.object(
  Object.fromEntries(LEGAL_PAGES.map((page) => [page, pageText])) as Record<
    (typeof LEGAL_PAGES)[number],
    typeof pageText
  >,
);
export type LegalPagesInput = z.infer<typeof legalPagesInputSchema>;

export const markdownPreviewSchema = z.object({ markdown: pageText });
