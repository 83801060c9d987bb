import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ORDER_NOT_FOUND } from '#shared/orders';
import { DOCUMENT_RETRY_AFTER_SECONDS, documentFileName, invoiceMessages } from '#shared/invoices';
import { requireUser, signedInUser } from '../auth/session';
import type { AppEnv } from '../http/app-env';
import { notFound } from '../http/app-error';
import { errorResponse } from '../http/error-handler';
import type { Services } from '../services';
import { attachmentDisposition } from '../storage/content-disposition';
import type { Storage } from '../storage/storage';
import { findOrderDocument, type DocumentAccess, type DocumentFile } from './invoices.service';

const uuid = z.uuid();
const documentNumber = z.string().regex(/^[A-Z]{2,4}-\d{4}-\d{6,}$/);

/** The `:number` of a credit note's path, or not found. */
export function creditNoteParam(c: Context) {
  const number = documentNumber.safeParse(c.req.param('number'));
  if (!number.success) throw notFound(invoiceMessages.noCreditNote);
  return { kind: 'credit_note' as const, number: number.data };
}

/**
 * The stored PDF as an attachment named by its number: streamed from local disk, or a redirect
 * to a short-lived S3 link that downloads under the same name. One issued but not yet made by
 * the document worker is 409 with Retry-After (docs/tax.md).
 */
export async function documentResponse(c: Context<AppEnv>, storage: Storage, file: DocumentFile) {
  if (!file.ready) {
    c.header('Retry-After', String(DOCUMENT_RETRY_AFTER_SECONDS));
    return errorResponse(c, 'CONFLICT', invoiceMessages.notReady);
  }
  const fileName = documentFileName(file.number);
  const stored = storage.read ? await storage.stat(file.storageKey) : null;
  if (!storage.read || !stored) {
    return c.redirect((await storage.downloadLink(file.storageKey, fileName, 300)).url, 302);
  }
  return new Response(Readable.toWeb(storage.read(file.storageKey)) as ReadableStream, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(stored.size),
      'Content-Disposition': attachmentDisposition(fileName),
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * Invoices and credit notes: the signed-in buyer's own orders, a guest order's link, and the
 * signed invoice link a receipt carries (which works without signing in).
 */
export function invoicesRoutes({ db, storage, keys }: Pick<Services, 'db' | 'storage' | 'keys'>) {
  const send = async (
    c: Context<AppEnv>,
    access: DocumentAccess,
    which: Parameters<typeof findOrderDocument>[3],
  ) => documentResponse(c, storage, await findOrderDocument(db, keys, access, which));
  const ownOrder = (c: Context<AppEnv>): DocumentAccess => {
    const orderId = uuid.safeParse(c.req.param('id'));
    if (!orderId.success) throw notFound(ORDER_NOT_FOUND);
    return { userId: signedInUser(c).id, orderId: orderId.data };
  };
  const creditNote = creditNoteParam;

  return new Hono<AppEnv>()
    .get('/orders/:id/invoice', requireUser, (c) => send(c, ownOrder(c), { kind: 'invoice' }))
    .get('/orders/:id/credit-notes/:number', requireUser, (c) =>
      send(c, ownOrder(c), creditNote(c)),
    )
    .get('/guest-orders/:token/invoice', (c) =>
      send(c, { guestToken: c.req.param('token') }, { kind: 'invoice' }),
    )
    .get('/guest-orders/:token/credit-notes/:number', (c) =>
      send(c, { guestToken: c.req.param('token') }, creditNote(c)),
    )
    .get('/invoice-links/:token', (c) =>
      send(c, { invoiceToken: c.req.param('token') }, { kind: 'invoice' }),
    );
}
