/**
 * Admin uploads: the limits both sides check, and the messages they show. No zod
 * here: classic zod's objects (#shared/uploads) probe `new Function` when built, which the
 * store's Content-Security-Policy refuses in the browser.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** A product file: sample packs run to 1–5 GB; 10 GB leaves room for the largest. */
export const MAX_PRODUCT_FILE_BYTES = 10 * GB;
export const MAX_IMAGE_BYTES = 20 * MB;
/** A preview is a minute or two of audio: five minutes of CD-quality WAV is about 50 MB. */
export const MAX_PREVIEW_BYTES = 60 * MB;

/** Where product files go (tus: POST to create, HEAD/PATCH to resume, GET for the record). */
export const PRODUCT_FILE_UPLOADS_PATH = '/api/admin/uploads/files';
export const IMAGE_UPLOADS_PATH = '/api/admin/uploads/images';
export const PREVIEW_UPLOADS_PATH = '/api/admin/uploads/previews';

/**
 * The widths images are shown at, with a double-density copy of each: the 160 px gallery
 * thumbnail (320) and the 800 px card and gallery image (1600). Smaller thumbnails (cart,
 * orders, search) take the 160 or 320 copy.
 */
export const IMAGE_WIDTHS = [160, 320, 800, 1600] as const;

/** The audio a preview may be, named by what its content is (music-metadata's container). */
export const PREVIEW_FORMATS = ['WAV', 'MP3', 'FLAC', 'OGG'] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

export const uploadMessages = {
  empty: 'The file is empty',
  noFile: 'Choose a file to upload',
  noFileName: 'The upload has no file name',
  fileTooLarge: `Product files can be at most ${MAX_PRODUCT_FILE_BYTES / GB} GB`,
  imageTooLarge: `Images can be at most ${MAX_IMAGE_BYTES / MB} MB`,
  previewTooLarge: `Audio previews can be at most ${MAX_PREVIEW_BYTES / MB} MB`,
  notAnImage: 'The file is not an image: upload a JPEG, PNG, WebP, AVIF, GIF or TIFF',
  notAudio: 'The file is not audio: upload a WAV, MP3, FLAC or OGG file',
  noDuration: 'The audio file has no length: it holds no sound',
  uploadNotFound: 'Upload not found',
  unfinished: 'The upload has not finished',
} as const;
