import { eq, sql } from 'drizzle-orm';
import {
  accentCss,
  isExternalUrl,
  LEGAL_PAGES,
  LEGAL_PAGE_TITLES,
  SOCIAL_NETWORKS,
  SOCIAL_NETWORK_NAMES,
  type LegalPage,
  type LegalPageView,
  type PublicBrand,
} from '#shared/store-brand';
import {
  LEGAL_PAGES_KEY,
  STORE_SETTINGS_KEY,
  legalPagesSchema,
  storeSettingsMessages,
  storeSettingsSchema,
  type LegalPages,
  type LegalPagesInput,
  type StoreSettings,
  type StoreSettingsInput,
} from '#shared/store-settings-schema';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import { DEFAULT_LEGAL_MARKDOWN, DEFAULT_LEGAL_UPDATED_ON } from '../content/legal-defaults';
import { renderDocument, type DocumentHeading } from '../content/markdown';
import { queryRows, type Db } from '../db/client';
import { categories, productCounts, storeSettings } from '../db/schema';
import { validationError } from '../http/app-error';
import { findUpload } from '../uploads/uploads.service';
import { writeSettings } from './store-settings';

/**
 * The owner's store settings (admin → Settings → Store and Pages): the store's name, logo,
 * accent, addresses, links, footer and legal texts, which the pages, the SSR head, JSON-LD, the
 * sitemap and every e-mail read. Each process keeps what it read (storeBrandCache) until a save
 * announces a change on the catalogue's channel, which every process hears.
 */

/** The environment's settings a store starts with (STORE_NAME, SUPPORT_EMAIL, MAIL_FROM). */
export interface StoreDefaults {
  storeName: string;
  supportEmail: string;
  mailFrom: string;
}

/** MAIL_FROM's display name ('Loopmarket <no-reply@…>' → 'Loopmarket'), else the store's name. */
export function senderNameOf(mailFrom: string, storeName: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailFrom)?.[1]?.trim();
  return name || storeName;
}

/** The settings of a store whose owner never saved them: the environment's and today's look. */
export function defaultStoreSettings(defaults: StoreDefaults): StoreSettings {
  return {
    name: defaults.storeName,
    tagline: 'Sample packs, MIDI, plugins and apps for producers who care about sound.',
    logoUploadId: null,
    logoUrl: null,
    accentColor: '',
    supportEmail: defaults.supportEmail,
    senderName: senderNameOf(defaults.mailFrom, defaults.storeName),
    communityUrl: 'https://discord.gg/loopmarket',
    socialLinks: {
      discord: '',
      youtube: 'https://www.youtube.com/@loopmarket',
      instagram: 'https://www.instagram.com/loopmarket',
      x: 'https://x.com/loopmarket',
      facebook: 'https://www.facebook.com/loopmarket',
    },
    footerColumns: [
      {
        title: 'Resources',
        links: [
          { label: 'Blog & Tutorials', url: '/learn#blog' },
          { label: 'Documentation', url: '/learn#docs' },
          { label: 'Support', url: '/support' },
        ],
      },
      {
        title: 'Company',
        links: [
          { label: 'About Us', url: '/about' },
          { label: 'Contact', url: '/about#contact' },
          { label: 'Careers', url: '/about#careers' },
        ],
      },
    ],
  };
}

async function savedValue(db: Db, key: string): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, key));
  return (row?.value as Record<string, unknown> | undefined) ?? null;
}

/** The saved settings over the defaults (a field added later starts at its default). */
export async function readStoreSettings(db: Db, defaults: StoreDefaults): Promise<StoreSettings> {
  const start = defaultStoreSettings(defaults);
  const saved = await savedValue(db, STORE_SETTINGS_KEY);
  if (!saved) return start;
  const parsed = storeSettingsSchema.safeParse({ ...start, ...saved });
  return parsed.success ? parsed.data : start;
}

/** The URL a logo is shown from: its 320 px copy (a 32 px-high mark, sharp on any screen). */
async function logoUrlOf(db: Db, uploadId: string): Promise<string> {
  const upload = await findUpload(db, uploadId);
  const variants = upload?.kind === 'image' ? (upload.variants ?? {}) : null;
  const urls = variants ? Object.entries(variants).sort(([a], [b]) => Number(a) - Number(b)) : [];
  const url = (variants?.['320'] as string | undefined) ?? (urls[0]?.[1] as string | undefined);
  if (!url) {
    throw validationError({
      issues: [{ path: ['logoUploadId'], message: storeSettingsMessages.logo }],
    });
  }
  return url;
}

export interface StoreSettingsDeps {
  db: Db;
  changes: Pick<CatalogueChanges, 'announce' | 'notify'>;
  defaults: StoreDefaults;
}

/** Saves the store settings, audited; every process drops what it showed of the old ones. */
export async function saveStoreSettings(
  deps: StoreSettingsDeps,
  actorId: string,
  input: StoreSettingsInput,
): Promise<StoreSettings> {
  const logoUrl = input.logoUploadId ? await logoUrlOf(deps.db, input.logoUploadId) : null;
  const value: StoreSettings = { ...input, logoUrl };
  const saved = await writeSettings(
    deps.db,
    STORE_SETTINGS_KEY,
    storeSettingsSchema,
    value,
    actorId,
    {
      readBefore: (tx) => readStoreSettings(tx, deps.defaults),
      announce: (tx) => deps.changes.announce(tx),
    },
  );
  deps.changes.notify();
  return saved;
}

const defaultLegalPages = (): LegalPages =>
  Object.fromEntries(
    LEGAL_PAGES.map((page) => [
      page,
      { markdown: DEFAULT_LEGAL_MARKDOWN[page], updatedOn: DEFAULT_LEGAL_UPDATED_ON },
    ]),
  ) as LegalPages;

/** The three legal pages' Markdown: the owner's, else today's texts. */
export async function readLegalPages(db: Db): Promise<LegalPages> {
  const start = defaultLegalPages();
  const saved = await savedValue(db, LEGAL_PAGES_KEY);
  if (!saved) return start;
  const parsed = legalPagesSchema.safeParse({ ...start, ...saved });
  return parsed.success ? parsed.data : start;
}

/** Today as YYYY-MM-DD (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** Saves the legal texts, audited; a page whose text changed is dated today. */
export async function saveLegalPages(
  deps: Omit<StoreSettingsDeps, 'defaults'>,
  actorId: string,
  input: LegalPagesInput,
): Promise<LegalPages> {
  const before = await readLegalPages(deps.db);
  const value = Object.fromEntries(
    LEGAL_PAGES.map((page) => {
      const markdown = input[page];
      const same = markdown === before[page].markdown;
      return [page, { markdown, updatedOn: same ? before[page].updatedOn : today() }];
    }),
  ) as LegalPages;
  const saved = await writeSettings(deps.db, LEGAL_PAGES_KEY, legalPagesSchema, value, actorId, {
    readBefore: readLegalPages,
    announce: (tx) => deps.changes.announce(tx),
  });
  deps.changes.notify();
  return saved;
}

/** Text that Markdown shows as it is (a store called "*Beats*" is not in italics). */
const markdownText = (text: string) => text.replace(/[\\`*_[\]<>#|~!]/g, '\\$&');

/** {{store_name}} and {{support_email}} filled into a legal text. */
const fillLegalMarkdown = (markdown: string, store: Pick<StoreSettings, 'name' | 'supportEmail'>) =>
  markdown
    .replaceAll('{{store_name}}', markdownText(store.name))
    .replaceAll('{{support_email}}', store.supportEmail);

/**
 * A legal text as a page: its placeholders filled, then the store's one Markdown renderer (no raw
 * HTML, no unsafe links), with ids on its sections for the page's "On this page" menu.
 */
export function renderLegalMarkdown(
  markdown: string,
  store: Pick<StoreSettings, 'name' | 'supportEmail'>,
): { html: string; headings: DocumentHeading[] } {
  return renderDocument(fillLegalMarkdown(markdown, store));
}

/** Categories with at least one active product, in the store's order (the footer's links). */
export function shownCategories(db: Db): Promise<{ slug: string; name: string }[]> {
  return queryRows<{ slug: string; name: string }>(
    db,
    sql`select c.slug, c.name from ${categories} c
      join ${productCounts} n on n.scope = c.id::text and n.active > 0
      order by c.position, c.name`,
  );
}

/** What every page shows of the settings: nothing that is empty. */
export function publicBrand(
  settings: StoreSettings,
  shown: { slug: string; name: string }[],
): PublicBrand {
  const link = (label: string, url: string) => ({ label, url, external: isExternalUrl(url) });
  const products = {
    title: 'Products',
    links: [
      ...shown.map((category) =>
        link(category.name, `/products?category=${encodeURIComponent(category.slug)}`),
      ),
      link('All Products', '/products'),
    ],
  };
  const owned = settings.footerColumns
    .filter((column) => column.links.length > 0)
    .map((column, index) => ({
      title: column.title,
      links: [
        ...column.links.map((each) => link(each.label, each.url)),
        ...(index === 0 && settings.communityUrl ? [link('Community', settings.communityUrl)] : []),
      ],
    }));
  return {
    logoUrl: settings.logoUrl,
    accentColor: settings.accentColor || null,
    accentCss: settings.accentColor ? accentCss(settings.accentColor) : null,
    tagline: settings.tagline,
    communityUrl: settings.communityUrl || null,
    socialLinks: SOCIAL_NETWORKS.flatMap((network) => {
      const url = settings.socialLinks[network];
      const label = `${settings.name} on ${SOCIAL_NETWORK_NAMES[network]}`;
      return url ? [{ network, url, label }] : [];
    }),
    footerColumns: [products, ...owned],
  };
}

/** What an e-mail says of the store: its name, and the name it comes from. */
export interface MailBrand {
  storeName: string;
  senderName: string;
}

/**
 * This process's copy of the settings, read once and kept until `clear` (subscribed to the
 * catalogue's changes, services.ts). Pass the transaction a caller is in: PGlite has one
 * connection, which the transaction holds.
 */
export function storeBrandCache(deps: { db: Db; defaults: StoreDefaults }) {
  let settings: Promise<StoreSettings> | null = null;
  let brand: Promise<PublicBrand> | null = null;
  let pages: Promise<LegalPages> | null = null;
  /** A failed read is not kept: the next one tries again. */
  const kept = <T>(read: Promise<T>, forget: () => void) => {
    read.catch(forget);
    return read;
  };
  const readSettingsOnce = (db: Db) =>
    (settings ??= kept(readStoreSettings(db, deps.defaults), () => (settings = null)));
  return {
    settings: (db: Db = deps.db) => readSettingsOnce(db),
    brand: (db: Db = deps.db) =>
      (brand ??= kept(
        Promise.all([readSettingsOnce(db), shownCategories(db)]).then(([s, shown]) =>
          publicBrand(s, shown),
        ),
        () => (brand = null),
      )),
    async mail(db: Db = deps.db): Promise<MailBrand> {
      const s = await readSettingsOnce(db);
      return { storeName: s.name, senderName: s.senderName };
    },
    async legalPage(page: LegalPage, db: Db = deps.db): Promise<LegalPageView> {
      const [s, texts] = await Promise.all([
        readSettingsOnce(db),
        (pages ??= kept(readLegalPages(db), () => (pages = null))),
      ]);
      return {
        page,
        title: LEGAL_PAGE_TITLES[page],
        updatedOn: texts[page].updatedOn,
        ...renderLegalMarkdown(texts[page].markdown, s),
      };
    },
    legalPages: (db: Db = deps.db) => (pages ??= kept(readLegalPages(db), () => (pages = null))),
    clear() {
      settings = null;
      brand = null;
      pages = null;
    },
  };
}

export type StoreBrandCache = ReturnType<typeof storeBrandCache>;
