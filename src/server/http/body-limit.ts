import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  IMAGE_UPLOADS_PATH,
  MAX_IMAGE_BYTES,
  MAX_PREVIEW_BYTES,
  PREVIEW_UPLOADS_PATH,
  PRODUCT_FILE_UPLOADS_PATH,
  uploadMessages,
} from '#shared/upload-limits';
import { isBodiless } from './bodiless';
import { errorResponse } from './error-handler';

/** Every route's body limit unless it is listed below: ample for any JSON form the store takes. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Stripe's events carry whole objects (a Checkout Session with its line items and metadata) and
 * may grow beyond 64 KB; Stripe's own guidance is to accept them whole, so the webhook gets 1 MB.
 */
export const STRIPE_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** The content type of every tus body (PATCH, and POST with the first bytes). */
const TUS_BODY_TYPE = 'application/offset+octet-stream';

/** What a multipart form adds around its one file: boundaries and part headers. */
const FORM_ENVELOPE_BYTES = 64 * 1024;

/** Routes that need more than the default, by exact path, and what an oversized body hears. */
const largerLimits: Record<string, { bytes: number; message?: string }> = {
  '/api/payments/stripe/webhook': { bytes: STRIPE_WEBHOOK_BODY_LIMIT_BYTES },
  [IMAGE_UPLOADS_PATH]: {
    bytes: MAX_IMAGE_BYTES + FORM_ENVELOPE_BYTES,
    message: uploadMessages.imageTooLarge,
  },
  [PREVIEW_UPLOADS_PATH]: {
    bytes: MAX_PREVIEW_BYTES + FORM_ENVELOPE_BYTES,
    message: uploadMessages.previewTooLarge,
  },
};

/**
 * Product files (tus) stream to storage and are never read whole: the tus server bounds them
 * itself (a declared length of at most MAX_PRODUCT_FILE_BYTES, and not a byte past it). Only
 * tus's own bodies pass unbounded; anything else sent there (a body another middleware would
 * read as text) keeps the default limit.
 */
function isStreamedUpload(c: Context) {
  const { path } = c.req;
  const onUploadPath =
    path === PRODUCT_FILE_UPLOADS_PATH || path.startsWith(`${PRODUCT_FILE_UPLOADS_PATH}/`);
  return (
    onUploadPath && c.req.header('content-type')?.toLowerCase().startsWith(TUS_BODY_TYPE) === true
  );
}

const tooLarge = (limit: number, message = `The request body is larger than ${limit} bytes`) =>
  bodyLimit({
    maxSize: limit,
    onError: (c) => errorResponse(c, 'PAYLOAD_TOO_LARGE', message),
  });

/**
 * Bounds every request body. Hono's bodyLimit refuses by Content-Length before reading anything;
 * a body without one (chunked) is read up to the limit and refused as soon as it passes it, so
 * no request makes the server hold more than its route's limit.
 */
export function limitBodies(): MiddlewareHandler {
  const byDefault = tooLarge(JSON_BODY_LIMIT_BYTES);
  const larger = new Map(
    Object.entries(largerLimits).map(([path, limit]) => [
      path,
      tooLarge(limit.bytes, limit.message),
    ]),
  );
  return (c, next) =>
    isBodiless(c) || isStreamedUpload(c) ? next() : (larger.get(c.req.path) ?? byDefault)(c, next);
}
