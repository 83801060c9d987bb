import type { Product } from './catalogue';
import { formatPrice } from './money';
import {
  daws,
  formats,
  genres,
  instruments,
  labelsOf,
  systems,
  tempoLabel,
  type MusicalFacts,
} from './music';
import { categoryLabel, formatFileSize, purchaseLimit } from './product';
import { fileTitle } from './file-formats';

/** One line of the product page's Specifications tab. */
export interface SheetRow {
  label: string;
  value: string;
}

type SheetProduct = Pick<
  Product,
  | 'priceCents'
  | 'category'
  | 'isActive'
  | 'fileSize'
  | 'downloadLimit'
  | 'unlimitedForAccounts'
  | 'isBundle'
  | 'metadata'
  | 'music'
  | 'createdAt'
  | 'updatedAt'
> &
  Partial<Pick<Product, 'files'>>;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A date as the sheet shows it, "March 5, 2026", in UTC so every visitor reads the same day.
 * Spelled out rather than with Intl, whose first formatter loads ICU's locale data on the main
 * thread (30–40 ms on a phone) while the product page hydrates.
 */
export function formatSheetDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const positive = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
};

/**
 * What a producer reads about the sounds, from metadata when the product carries it, in this
 * order. Anything else in metadata (storage paths, flags, product_type) is not for the sheet.
 */
const measured = (format: (n: number) => string) => (value: unknown) => {
  const n = positive(value);
  return n === null ? null : format(n);
};

const producerFields: { key: string; label: string; show: (value: unknown) => string | null }[] = [
  { key: 'producer', label: 'Producer', show: text },
  { key: 'genre', label: 'Genre', show: text },
  { key: 'sampleRate', label: 'Sample rate', show: measured((n) => `${n / 1000} kHz`) },
  { key: 'bitDepth', label: 'Bit depth', show: measured((n) => `${n}-bit`) },
  { key: 'compatibility', label: 'Works with', show: text },
];

/** Royalty-free for one person; a product sold in several copies licenses one person per copy. */
export function licenseText(product: Pick<Product, 'metadata'>): string {
  const limit = purchaseLimit(product);
  return limit !== null && limit > 1
    ? `Royalty-free, one person per copy (up to ${limit} copies)`
    : 'Royalty-free, for one person';
}

/**
 * The Specifications tab as a product sheet: price, category, availability, format, size,
 * downloads allowed, license, producer fields when present, release and update dates.
 */
export function productSheet(product: SheetProduct): SheetRow[] {
  const rows: (SheetRow | null)[] = [
    { label: 'Price', value: formatPrice(product.priceCents) },
    { label: 'Category', value: categoryLabel(product) },
    { label: 'Status', value: product.isActive ? 'Available' : 'Unavailable' },
    row('Format', text(product.metadata.format)),
    ...fileRows(product),
    {
      label: 'Downloads allowed',
      // A bundle has no file of its own: each product in it keeps its own allowance.
      value: product.isBundle
        ? "Each product's own allowance"
        : product.unlimitedForAccounts
          ? `Unlimited with an account (${product.downloadLimit} per copy by receipt link)`
          : `${product.downloadLimit} per copy`,
    },
    { label: 'License', value: licenseText(product) },
    ...musicSheetRows(product.music),
    ...producerFields.map(({ key, label, show }) => row(label, show(product.metadata[key]))),
    row('Released', formatSheetDate(product.createdAt)),
    row('Updated', formatSheetDate(product.updatedAt)),
  ];
  return rows.filter((r): r is SheetRow => r !== null);
}

/**
 * The musical facts (#shared/music) as the sheet shows them: tempo, key, then each list that is
 * not empty. The admin's product history words a change of them the same way.
 */
export function musicSheetRows(music: MusicalFacts): SheetRow[] {
  const list = (values: string[]) => (values.length > 0 ? values.join(', ') : null);
  const rows = [
    row('Tempo', tempoLabel(music)),
    row('Key', music.key),
    row('Genres', list(labelsOf(genres.labels, music.genres))),
    row('Instruments', list(labelsOf(instruments.labels, music.instruments))),
    row('Formats', list(labelsOf(formats.labels, music.formats))),
    row('Operating systems', list(labelsOf(systems.labels, music.systems))),
    row('DAWs', list(labelsOf(daws.labels, music.daws))),
  ];
  return rows.filter((r): r is SheetRow => r !== null);
}

/**
 * The download's size; for a product in several files (formats, platforms' installers) or a
 * labelled one, each file by its label with its size instead: "WAV 24-bit (120.0 MB), MIDI
 * (Under 0.1 MB)".
 */
function fileRows(product: SheetProduct): (SheetRow | null)[] {
  const files = product.files ?? [];
  if (files.length < 2 && !files.some((f) => f.label)) {
    return [row('File size', sheetFileSize(product.fileSize))];
  }
  const list = files.map((f) => {
    const size = sheetFileSize(f.fileSize);
    return size ? `${fileTitle(f)} (${size})` : fileTitle(f);
  });
  return [row(files.length === 1 ? 'Download' : 'Available formats', list.join(', '))];
}

const TENTH_OF_A_MB = 0.1 * 1024 * 1024;

/** MB with one decimal; a file that would read '0.0 MB' says it is under 0.1 MB. */
function sheetFileSize(bytes: number | null): string | null {
  if (bytes === null) return null;
  return bytes > 0 && bytes < TENTH_OF_A_MB / 2 ? 'Under 0.1 MB' : formatFileSize(bytes);
}

function row(label: string, value: string | null): SheetRow | null {
  return value === null ? null : { label, value };
}
