// Without zod, so the shopper's product page can name a product's files (product-sheet.ts).

/** The platforms a product's file is for: all of them, or one system's installer. */
export const filePlatforms = ['any', 'macos', 'windows', 'linux'] as const;
export type FilePlatform = (typeof filePlatforms)[number];

export const platformNames: Record<FilePlatform, string> = {
  any: 'All platforms',
  macos: 'macOS',
  windows: 'Windows',
  linux: 'Linux',
};

/** A version's files (formats, platforms' installers) at most, and a label's length. */
export const VERSION_FILES_MAX = 20;
export const FILE_LABEL_MAX_LENGTH = 80;

/** What a buyer reads for a file: its format ("WAV 24-bit"), else its platform. */
export const fileLabel = (file: { label: string | null; platform: FilePlatform }) =>
  file.label || platformNames[file.platform];

/** A file's label and its platform when that says more ("Installer · macOS"). */
export const fileTitle = (file: { label: string | null; platform: FilePlatform }) =>
  file.label && file.platform !== 'any'
    ? `${file.label} · ${platformNames[file.platform]}`
    : fileLabel(file);

/** Two files of one version may not share platform and label: the buyer could not tell them apart. */
export function distinctFormats(
  files: readonly { platform: FilePlatform; label?: string | null }[],
) {
  const keys = files.map((f) => `${f.platform}\u0000${(f.label ?? '').trim().toLowerCase()}`);
  return new Set(keys).size === keys.length;
}
