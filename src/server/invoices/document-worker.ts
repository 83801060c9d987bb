import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { documentDataSchema } from '#shared/invoices';
import type { Db } from '../db/client';
import { invoiceDocuments, type InvoiceDocumentRow } from '../db/schema';
import type { Logger } from '../logger';
import { retryDelayMs } from '../mail/mail-worker';
import type { Storage } from '../storage/storage';
import { renderDocumentPdf } from './invoice-pdf';
import { pollingWorker } from '../jobs/polling-worker';

export interface DocumentWorkerOptions {
  db: Db;
  storage: Pick<Storage, 'put'>;
  logger: Logger;
  /** How often unrendered documents are looked for. */
  pollMs?: number;
  /** How long a claimed document is this worker's; after a crash another takes it then. */
  leaseMs?: number;
  batchSize?: number;
  /** Wait before the first retry, doubling up to `retryMaxMs`; a document is never given up on. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export const DOCUMENT_WORKER_DEFAULTS = {
  pollMs: 1000,
  leaseMs: 60_000,
  batchSize: 5,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
};

export interface DocumentWorker {
  start(): void;
  /** Makes every document due now; resolves to how many were stored. */
  drainOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Where a document's PDF is stored: `invoices/2026/inv-2026-000042.pdf` (keys are lower-case). */
export const documentStorageKey = (row: Pick<InvoiceDocumentRow, 'kind' | 'year' | 'number'>) =>
  `${row.kind === 'invoice' ? 'invoices' : 'credit-notes'}/${row.year}/${row.number.toLowerCase()}.pdf`;

const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Takes up to `limit` documents without a PDF whose time has come, moving each a lease ahead and
 * counting the attempt. SKIP LOCKED lets several workers claim at once without sharing one.
 */
function claimDueDocuments(db: Db, limit: number, leaseMs: number) {
  const due = db
    .select({ id: invoiceDocuments.id })
    .from(invoiceDocuments)
    .where(
      and(isNull(invoiceDocuments.storageKey), lte(invoiceDocuments.nextAttemptAt, sql`now()`)),
    )
    .orderBy(asc(invoiceDocuments.issuedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(invoiceDocuments)
    .set({
      nextAttemptAt: fromNow(leaseMs),
      renderAttempts: sql`${invoiceDocuments.renderAttempts} + 1`,
    })
    .where(inArray(invoiceDocuments.id, due))
    .returning();
}

/**
 * Makes the PDFs of issued invoices and credit notes off the request path and stores them
 * (local disk or S3). A stored document is never made again: its key is set once, only while
 * it is still empty, and downloads and re-sends read those bytes.
 */
export function createDocumentWorker(options: DocumentWorkerOptions): DocumentWorker {
  const { db, storage, logger } = options;
  const settings = { ...DOCUMENT_WORKER_DEFAULTS };
  for (const key of Object.keys(settings) as (keyof typeof settings)[]) {
    settings[key] = options[key] ?? settings[key];
  }

  async function make(row: InvoiceDocumentRow): Promise<boolean> {
    try {
      const pdf = await renderDocumentPdf(documentDataSchema.parse(row.data));
      const key = documentStorageKey(row);
      await storage.put(key, pdf, 'application/pdf');
      await db
        .update(invoiceDocuments)
        .set({ storageKey: key, renderedAt: sql`now()`, lastError: null })
        .where(and(eq(invoiceDocuments.id, row.id), isNull(invoiceDocuments.storageKey)));
      return true;
    } catch (err) {
      const retryInMs = retryDelayMs(row.renderAttempts, settings);
      await db
        .update(invoiceDocuments)
        .set({
          lastError: err instanceof Error ? err.message : String(err),
          nextAttemptAt: fromNow(retryInMs),
        })
        .where(eq(invoiceDocuments.id, row.id));
      logger.warn(
        { err, document: row.number, attempts: row.renderAttempts, retryInMs },
        'invoice document not made; will retry',
      );
      return false;
    }
  }

  async function drain(stopped: () => boolean): Promise<number> {
    let stored = 0;
    while (!stopped()) {
      const batch = await claimDueDocuments(db, settings.batchSize, settings.leaseMs);
      if (batch.length === 0) break;
      // One at a time: rendering is CPU work, and a batch side by side would only interleave it.
      for (const row of batch) if (await make(row)) stored++;
    }
    return stored;
  }

  return pollingWorker({
    pollMs: settings.pollMs,
    logger,
    failure: 'invoice documents not read',
    drain,
  });
}
