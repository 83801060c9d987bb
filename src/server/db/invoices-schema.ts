import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders-schema';

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/**
 * The last number given in each series and year. A completion takes the next one with a single
 * `insert … on conflict do update … returning`, in the completion's own transaction: the row
 * lock orders concurrent completions, and a rolled-back one gives its number back, so the
 * numbers have no gaps and no duplicates.
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year] }),
    check('invoice_sequences_positive', sql`${t.lastNumber} > 0`),
  ],
);

/**
 * An issued invoice or credit note. Its figures are frozen in `data` when it is numbered; the
 * PDF is made from them off the request path and stored under `storage_key`, then never changed.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: invoiceKinds }).$type<InvoiceKind>().notNull(),
    /** The refund a credit note answers (refunds.id); null for an invoice. */
    refundId: text('refund_id'),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    /** As printed, e.g. INV-2026-000042. */
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Everything the document prints, as it was when issued. */
    data: jsonb('data').$type<unknown>().notNull(),
    /** Where the PDF is stored; null until the document worker has made it. */
    storageKey: text('storage_key'),
    renderedAt: timestamp('rendered_at', { withTimezone: true, mode: 'date' }),
    renderAttempts: integer('render_attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * When the document worker may take it: a claim moves it a lease ahead (a worker that died
     * lets it come back), a failure a backoff ahead (invoices/document-worker.ts).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    unique('invoice_documents_series_number').on(t.series, t.year, t.sequenceNumber),
    // One invoice per order, one credit note per refund.
    uniqueIndex('invoice_documents_one_invoice')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoice_documents_one_credit_note')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    index('invoice_documents_order_idx').on(t.orderId),
    index('invoice_documents_unrendered_idx')
      .on(t.issuedAt)
      .where(sql`${t.storageKey} is null`),
  ],
);

export type InvoiceDocumentRow = typeof invoiceDocuments.$inferSelect;
