/**
 * The store's look and links as every page shows them (GET /api/store's `brand`): the owner's
 * store settings (admin → Settings → Store) with what is empty left out. No zod here: this is
 * part of the shell every first page loads (the schemas are in store-settings-schema.ts).
 */

/** The social networks a store may link to, in the footer's order. */
export const SOCIAL_NETWORKS = ['discord', 'youtube', 'instagram', 'x', 'facebook'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  discord: 'Discord',
  youtube: 'YouTube',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  facebook: 'Facebook',
};

export interface FooterLink {
  label: string;
  /** A path of the store ('/about') or an address elsewhere ('https://…', opened in a new tab). */
  url: string;
}

export interface FooterColumn {
  title: string;
  links: FooterLink[];
}

/** The three pages whose text the owner writes in Markdown (admin → Settings → Pages). */
export const LEGAL_PAGES = ['privacy', 'terms', 'license'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export const LEGAL_PAGE_TITLES: Record<LegalPage, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  license: 'License',
};

/** A legal page as the store shows it: its HTML comes from the server's Markdown renderer. */
export interface LegalPageView {
  page: LegalPage;
  title: string;
  /** The day its text last changed, YYYY-MM-DD. */
  updatedOn: string;
  html: string;
  /** Its sections (the Markdown's `##` headings) in order; each heading in `html` has the id. */
  headings: { id: string; text: string }[];
}

/** What the shell and pages show of the store (never the owner's private settings). */
export interface PublicBrand {
  /** The logo's URL (a resized upload), or null: the store's initial in the accent. */
  logoUrl: string | null;
  /** '#rrggbb', or null: the theme's own violet. */
  accentColor: string | null;
  /** The accent's shades as CSS variables (accentCss), or null: the theme's own violet. */
  accentCss: string | null;
  tagline: string;
  /** The community chat, or null: shown nowhere. */
  communityUrl: string | null;
  /** Only the networks with a link, in SOCIAL_NETWORKS order; `label` names them for a reader. */
  socialLinks: { network: SocialNetwork; url: string; label: string }[];
  /**
   * The footer's columns as shown: Products (the categories with at least one active product,
   * then all products), then the owner's columns that have links, the community link last in the
   * first of them. A link elsewhere is `external` (opened in a new tab).
   */
  footerColumns: { title: string; links: (FooterLink & { external: boolean })[] }[];
}

/** An address outside the store: opened in a new tab. */
export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url);

/** A colour as the settings take it: #rrggbb. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** WCAG's contrast ratio of white text on `color` (#rrggbb), 1 to 21. */
export function contrastWithWhite(color: string): number {
  const channel = (offset: number) => {
    const value = parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** Buttons print white on the accent: it must be dark enough to read (WCAG AA, 4.5:1). */
export const MIN_ACCENT_CONTRAST = 4.5;

/**
 * The theme's accent shades from one colour (styles.css reads --store-accent-*; the default
 * violet stays where none is set): the colour itself as 600, lighter and darker mixes around it.
 */
export function accentCss(color: string): string {
  if (!HEX_COLOR.test(color)) return '';
  const mix = (other: string, percent: number) =>
    `color-mix(in oklab, ${color} ${percent}%, ${other})`;
  return (
    `:root{--store-accent-300:${mix('white', 45)};--store-accent-400:${mix('white', 65)};` +
    `--store-accent-500:${mix('white', 85)};--store-accent-600:${color};` +
    `--store-accent-700:${mix('black', 80)}}`
  );
}
