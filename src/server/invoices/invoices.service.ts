import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_NOT_FOUND } from '#shared/orders';
import { invoiceMessages, type OrderDocuments } from '#shared/invoices';
import type { Db } from '../db/client';
import { invoiceDocuments, orders } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { readGuestOrderToken } from '../orders/guest-access';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';

/** A receipt's invoice link works for a year, signed in or not. */
export const INVOICE_LINK_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** The signed link to an order's invoice that the receipt and a re-send carry. */
export const invoiceLinkToken = (keys: SigningKeys, orderId: string, now = Date.now()) =>
  signToken(keys, 'order-invoice', orderId, { expiresAt: now + INVOICE_LINK_TTL_MS });

/** Who asks for a document: a signed-in buyer, a guest order link, or a mailed invoice link. */
export type DocumentAccess =
  | { userId: string; orderId: string }
  | { guestToken: string }
  | { invoiceToken: string }
  /** The store's admin (behind requireAdmin): any order. */
  | { adminOrderId: string };

const invalidLink = () => new AppError('FORBIDDEN', invoiceMessages.invalidLink);

/** The order the caller may read documents of; another buyer's order is not found. */
export async function accessibleOrderId(db: Db, keys: SigningKeys, access: DocumentAccess) {
  if ('guestToken' in access) {
    return readGuestOrderToken(keys, access.guestToken) ?? Promise.reject(invalidLink());
  }
  if ('adminOrderId' in access) return access.adminOrderId;
  if ('invoiceToken' in access) {
    const orderId = readToken(keys, 'order-invoice', access.invoiceToken, z.uuid());
    return orderId ?? Promise.reject(invalidLink());
  }
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, access.orderId), eq(orders.userId, access.userId)));
  if (!own) throw notFound(ORDER_NOT_FOUND);
  return own.id;
}

export type DocumentFile =
  { ready: true; number: string; storageKey: string } | { ready: false; number: string };

/**
 * An order's invoice, or one of its credit notes by number, for a caller allowed to read the
 * order. Issued but not yet made (the document worker has not stored its PDF): `ready: false`.
 */
export async function findOrderDocument(
  db: Db,
  keys: SigningKeys,
  access: DocumentAccess,
  which: { kind: 'invoice' } | { kind: 'credit_note'; number: string },
): Promise<DocumentFile> {
  const orderId = await accessibleOrderId(db, keys, access);
  const [document] = await db
    .select({ number: invoiceDocuments.number, storageKey: invoiceDocuments.storageKey })
    .from(invoiceDocuments)
    .where(
      and(
        eq(invoiceDocuments.orderId, orderId),
        eq(invoiceDocuments.kind, which.kind),
        which.kind === 'credit_note' ? eq(invoiceDocuments.number, which.number) : undefined,
      ),
    );
  if (!document)
    throw notFound(
      which.kind === 'invoice' ? invoiceMessages.noInvoice : invoiceMessages.noCreditNote,
    );
  return document.storageKey
    ? { ready: true, number: document.number, storageKey: document.storageKey }
    : { ready: false, number: document.number };
}

/** The credit notes of each order, oldest first, for the order views. */
export async function creditNotesOf(
  db: Db,
  orderIds: string[],
): Promise<Map<string, OrderDocuments['creditNotes']>> {
  const byOrder = new Map<string, OrderDocuments['creditNotes']>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: invoiceDocuments.orderId,
      number: invoiceDocuments.number,
      issuedAt: invoiceDocuments.issuedAt,
    })
    .from(invoiceDocuments)
    .where(
      and(inArray(invoiceDocuments.orderId, orderIds), eq(invoiceDocuments.kind, 'credit_note')),
    )
    .orderBy(asc(invoiceDocuments.issuedAt), asc(invoiceDocuments.sequenceNumber));
  for (const row of rows) {
    const notes = byOrder.get(row.orderId) ?? [];
    notes.push({ number: row.number, issuedAt: row.issuedAt.toISOString() });
    byOrder.set(row.orderId, notes);
  }
  return byOrder;
}
