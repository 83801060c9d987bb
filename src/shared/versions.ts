import { z } from 'zod';
import {
  distinctFormats,
  filePlatforms,
  FILE_LABEL_MAX_LENGTH,
  VERSION_FILES_MAX,
} from './file-formats';

/**
 * Product versions: numbers as sellers type them (semver-like), compared properly, and the
 * shapes the versions API answers with.
 */

export {
  distinctFormats,
  fileLabel,
  filePlatforms,
  fileTitle,
  FILE_LABEL_MAX_LENGTH,
  platformNames,
  VERSION_FILES_MAX,
  type FilePlatform,
} from './file-formats';

export const VERSION_MAX_LENGTH = 40;
export const CHANGELOG_MAX_LENGTH = 20_000;
export const CHANGELOG_SUMMARY_LENGTH = 280;

/** 1, 1.2, 1.2.3 or 1.2.3.4, an optional leading v, an optional pre-release (-beta.1). */
const VERSION_PATTERN = /^v?(\d{1,9}(?:\.\d{1,9}){0,3})(?:-([0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*))?$/;

export interface ParsedVersion {
  numbers: number[];
  /** Pre-release identifiers; empty for a release. */
  pre: (number | string)[];
}

export function parseVersion(text: string): ParsedVersion | null {
  const match = VERSION_PATTERN.exec(text.trim());
  if (!match) return null;
  const numbers = match[1]!.split('.').map(Number);
  const pre = match[2] ? match[2].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [];
  return { numbers, pre };
}

export const isVersion = (text: string) => parseVersion(text) !== null;

function comparePre(a: (number | string)[], b: (number | string)[]): number {
  // A release is above every pre-release of the same numbers (2.0.0-beta.1 < 2.0.0).
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    // Numeric identifiers sort below alphanumeric ones, as in semver.
    if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : 1;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Negative, zero or positive as `a` is below, equal to or above `b`: numbers part by part, a
 * missing part is 0 (2.0 = 2.0.0), then pre-releases. Both must be versions (parseVersion).
 */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`Not a version: ${x ? b : a}`);
  for (let i = 0; i < Math.max(x.numbers.length, y.numbers.length); i++) {
    const d = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return comparePre(x.pre, y.pre);
}

/** The highest of some versions, or undefined for none. */
export function latestOf<T extends { version: string }>(versions: readonly T[]): T | undefined {
  return versions.reduce<T | undefined>(
    (best, v) => (best === undefined || compareVersions(v.version, best.version) > 0 ? v : best),
    undefined,
  );
}

/** A changelog's first characters as plain text: Markdown's marks dropped, spaces collapsed. */
export function changelogSummary(markdown: string, length = CHANGELOG_SUMMARY_LENGTH): string {
  const plain = markdown
    .replace(/```[^]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= length ? plain : `${plain.slice(0, length - 1).trimEnd()}…`;
}

/**
 * Whether the hub marks a purchase "Updated": its latest available version is above the version
 * the buyer last downloaded; a buyer who never downloaded (or downloaded before versions were
 * recorded) sees it when that version came out after they bought or last downloaded.
 */
export function isUpdated(input: {
  latest: { version: string; createdAt: Date } | undefined;
  lastDownload: { version: string | null; at: Date } | undefined;
  purchasedAt: Date;
}): boolean {
  const { latest, lastDownload, purchasedAt } = input;
  if (!latest) return false;
  if (lastDownload?.version) return compareVersions(latest.version, lastDownload.version) > 0;
  return latest.createdAt > (lastDownload?.at ?? purchasedAt);
}

export const versionMessages = {
  version: 'Enter a version number such as 1.2.0 or 2.0.0-beta.1',
  notGreater: (latest: string) => `The new version must be greater than ${latest}`,
  files: `Add at least one file, at most ${VERSION_FILES_MAX}`,
  sameFormat: 'Two files have the same platform and label: give each format its own label',
  label: `A label is at most ${FILE_LABEL_MAX_LENGTH} characters`,
  fileNotFound: 'File not found',
  fileNotOffered: 'That file is not one of this product’s files',
  lastFile: 'A version keeps at least one file: add another before removing this one',
  fileOrder: 'List each of the version’s files once, in their new order',
  upload: 'That upload is not a finished product file',
  changelog: `The changelog is at most ${CHANGELOG_MAX_LENGTH.toLocaleString('en')} characters`,
  noVersions: 'This product has no published version',
  versionUnavailable: 'That version is not available',
  choosePlatform: 'Choose a platform to download',
  unsubscribed: 'You will get no more update e-mails',
  badUnsubscribeLink: 'This unsubscribe link is invalid',
} as const;

const labelInput = z.string().trim().max(FILE_LABEL_MAX_LENGTH, versionMessages.label);

const fileInput = z.object({
  platform: z.enum(filePlatforms),
  uploadId: z.uuid(versionMessages.upload),
  /** The format, e.g. "WAV 24-bit", "MIDI"; empty for none. */
  label: labelInput.optional(),
});

export const publishVersionSchema = z.object({
  version: z
    .string()
    .trim()
    .max(VERSION_MAX_LENGTH, versionMessages.version)
    .refine(isVersion, versionMessages.version),
  changelog: z.string().max(CHANGELOG_MAX_LENGTH, versionMessages.changelog).default(''),
  files: z
    .array(fileInput)
    .min(1, versionMessages.files)
    .max(VERSION_FILES_MAX, versionMessages.files)
    .refine(distinctFormats, versionMessages.sameFormat),
  notify: z.boolean().default(false),
});
export type PublishVersionInput = z.infer<typeof publishVersionSchema>;

export const setVersionAvailableSchema = z.object({ available: z.boolean() });

/** POST …/versions/:versionId/files: one more file (format) of a published version, last. */
export const addVersionFileSchema = fileInput;
export type AddVersionFileInput = z.infer<typeof addVersionFileSchema>;

/** PATCH …/files/:fileId: a file's label (format) or platform. */
export const updateVersionFileSchema = z
  .object({ label: labelInput.optional(), platform: z.enum(filePlatforms).optional() })
  .refine((v) => v.label !== undefined || v.platform !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateVersionFileInput = z.infer<typeof updateVersionFileSchema>;

/** PUT …/versions/:versionId/files/order: every file of the version once, in the new order. */
export const reorderVersionFilesSchema = z.object({
  fileIds: z.array(z.uuid(versionMessages.fileOrder)).min(1).max(VERSION_FILES_MAX),
});

export const versionFileSchema = z.object({
  id: z.string(),
  platform: z.enum(filePlatforms),
  label: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int().nullable(),
});
export type VersionFile = z.infer<typeof versionFileSchema>;

/** One downloadable file a product comes in, as its page and the buyer's orders list it. */
export const productFormatSchema = z.object({
  label: z.string().nullable(),
  platform: z.enum(filePlatforms),
  fileSize: z.number().int().nullable(),
});
export type ProductFormat = z.infer<typeof productFormatSchema>;

export const adminVersionSchema = z.object({
  id: z.string(),
  version: z.string(),
  releasedAt: z.string(),
  changelog: z.string(),
  available: z.boolean(),
  notifiedCount: z.number().int(),
  files: z.array(versionFileSchema),
});
export type AdminVersion = z.infer<typeof adminVersionSchema>;

/** What a buyer's hub shows of a purchase's versions. */
export const purchaseVersionSchema = z.object({
  id: z.string(),
  version: z.string(),
  releasedAt: z.string(),
  changelog: z.string(),
  files: z.array(versionFileSchema),
});
export type PurchaseVersion = z.infer<typeof purchaseVersionSchema>;

/** GET /api/products/:id/versions/latest: a plugin's "is there an update?". */
export const latestVersionSchema = z.object({
  version: z.string(),
  releasedAt: z.string(),
  changelogSummary: z.string(),
  platforms: z.array(z.enum(filePlatforms)),
});
export type LatestVersion = z.infer<typeof latestVersionSchema>;
