import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect } from 'vitest';
import { documentDataSchema, invoiceMessages } from '#shared/invoices';
import type { OrderView } from '#shared/orders';
import type { Db } from '#server/db/client';
import { adminAudit, invoiceDocuments, orderItems, type ProductRow } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { guestOrderToken } from '#server/orders/guest-access';
import {
  latestEmailTo,
  linkIn,
  signedInBrowser,
  type TestBrowser,
} from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { createDocumentWorker } from './document-worker';
import { documentWorkerOf } from '#tests/support/document-worker';

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };
const year = new Date().getUTCFullYear();

let drums: ProductRow;
let keys: ProductRow;
test.beforeEach(async ({ db }) => {
  drums = await createProduct(db, { name: 'Drum Pack', priceCents: 2999 });
  keys = await createProduct(db, { name: 'Keys Pack', priceCents: 999 });
});

/** A buyer's paid order of both packs: $39.98 + 8% = $43.18 (drums $32.39, keys $10.79). */
async function paidOrder(db: Db, app: TestContext, email = 'buyer@example.com') {
  const { browser } = await signedInBrowser(app, email);
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: {
        checkoutType: 'direct',
        items: [
          { productId: drums.id, quantity: 1 },
          { productId: keys.id, quantity: 1 },
        ],
      },
    })
  ).body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
  const lineOf = (product: ProductRow) => lines.find((l) => l.productId === product.id)!.id;
  return { browser, orderId: session.orderId, drumsLine: lineOf(drums), keysLine: lineOf(keys) };
}

/** A GET whose body is kept as bytes, with the browser's session when one is given. */
async function download(app: TestContext, path: string, browser?: TestBrowser) {
  const response = await app.app.request(path, {
    headers: browser ? { cookie: browser.cookieHeader() } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

const pdfText = async (bytes: Buffer) =>
  (await extractText(new Uint8Array(bytes), { mergePages: true })).text;

describe('invoices', () => {
  it('downloads a paid order’s invoice as its stored PDF: its buyer, its guest link and the receipt’s link; 409 before it is made; 404 for another buyer', async ({
    app,
    db,
  }) => {
    const { browser, orderId } = await paidOrder(db, app);
    const number = `INV-${year}-000001`;
    const view = (await browser.request(`/api/orders/${orderId}`)).body as OrderView;
    expect(view).toMatchObject({ invoiceNumber: number, creditNotes: [] });

    const early = await download(app, `/api/orders/${orderId}/invoice`, browser);
    expect(early.response.status).toBe(409);
    expect(early.response.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(early.bytes.toString())).toEqual({
      error: { code: 'CONFLICT', message: invoiceMessages.notReady },
    });

    expect(await documentWorkerOf(app).drainOnce()).toBe(1);
    const [stored] = await db.select().from(invoiceDocuments);
    expect(stored).toMatchObject({
      storageKey: `invoices/${year}/inv-${year}-000001.pdf`,
      renderAttempts: 1,
      lastError: null,
    });
    expect(stored!.renderedAt).toBeInstanceOf(Date);

    const own = await download(app, `/api/orders/${orderId}/invoice`, browser);
    expect(own.response.status).toBe(200);
    expect(own.response.headers.get('content-type')).toBe('application/pdf');
    expect(own.response.headers.get('content-disposition')).toBe(
      `attachment; filename="${number}.pdf"`,
    );
    expect(own.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(own.bytes);
    for (const expected of [number, 'Drum Pack', '$29.99', '$2.40', 'Keys Pack', '$0.80', '8%'])
      expect(text).toContain(expected);
    expect(text).toContain('$43.18');

    // Another buyer, and nobody signed in, cannot have it.
    const { browser: stranger } = await signedInBrowser(app, 'stranger@example.com');
    const theirs = await download(app, `/api/orders/${orderId}/invoice`, stranger);
    expect(theirs.response.status).toBe(404);
    expect((await download(app, `/api/orders/${orderId}/invoice`)).response.status).toBe(401);

    // The guest order link's own path gives the same bytes.
    const guest = await download(
      app,
      `/api/guest-orders/${guestOrderToken(TEST_SIGNING_KEYS, orderId)}/invoice`,
    );
    expect(guest.response.status).toBe(200);
    expect(guest.bytes.equals(own.bytes)).toBe(true);
    const forged = await download(app, `/api/guest-orders/not-a-real-token-at-all/invoice`);
    expect(forged.response.status).toBe(403);

    // The receipt links the invoice, signed, so it opens without signing in.
    const receipt = await latestEmailTo(app, 'buyer@example.com');
    expect(receipt!.text).toContain(`Download invoice ${number} (PDF)`);
    const mailed = linkIn(receipt!.text, '/api/invoice-links/');
    expect(receipt!.html).toContain(mailed.toString());
    const fromMail = await download(app, mailed.pathname);
    expect(fromMail.response.status).toBe(200);
    expect(fromMail.bytes.equals(own.bytes)).toBe(true);
  });

  it('issues a credit note per refund, a line’s and the rest’s, each referencing the invoice with the refunded figures negated', async ({
    app,
    db,
    admin,
  }) => {
    const { browser, orderId, drumsLine, keysLine } = await paidOrder(db, app);
    const invoice = `INV-${year}-000001`;
    expect(
      (
        await admin.request(`/api/admin/orders/${orderId}/refunds`, {
          body: { orderItemIds: [keysLine] },
        })
      ).status,
    ).toBe(201);
    expect((await admin.request(`/api/admin/orders/${orderId}/refunds`, { body: {} })).status).toBe(
      201,
    );

    const notes = await db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.kind, 'credit_note'))
      .orderBy(invoiceDocuments.sequenceNumber);
    const [line, rest] = notes.map((note) => documentDataSchema.parse(note.data));
    expect(line).toMatchObject({
      kind: 'credit_note',
      number: `CN-${year}-000001`,
      invoiceNumber: invoice,
      lines: [
        {
          orderItemId: keysLine,
          quantity: -1,
          netCents: -999,
          taxRate: 8000,
          taxCents: -80,
          totalCents: -1079,
        },
      ],
      totalsByRate: [{ taxRate: 8000, netCents: -999, taxCents: -80 }],
      totalCents: -1079,
    });
    expect(rest).toMatchObject({
      number: `CN-${year}-000002`,
      invoiceNumber: invoice,
      lines: [{ orderItemId: drumsLine, netCents: -2999, taxCents: -240, totalCents: -3239 }],
      totalCents: -3239,
    });
    expect(notes.map((note) => note.refundId)).toEqual([
      expect.stringMatching(/^lre_/),
      expect.stringMatching(/^lre_/),
    ]);

    // The buyer's order and the admin's show them; the buyer downloads each once made.
    const view = (await browser.request(`/api/orders/${orderId}`)).body as OrderView;
    expect(view.creditNotes.map((n) => n.number)).toEqual([
      `CN-${year}-000001`,
      `CN-${year}-000002`,
    ]);
    const detail = (await admin.request(`/api/admin/orders/${orderId}`)).body as {
      data: { invoiceNumber: string; creditNotes: { number: string }[] };
    };
    expect(detail.data.invoiceNumber).toBe(invoice);
    expect(detail.data.creditNotes).toHaveLength(2);
    expect(await documentWorkerOf(app).drainOnce()).toBe(3);
    const pdf = await download(
      app,
      `/api/orders/${orderId}/credit-notes/CN-${year}-000001`,
      browser,
    );
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get('content-disposition')).toBe(
      `attachment; filename="CN-${year}-000001.pdf"`,
    );
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(`Corrects invoice: ${invoice}`);
    expect(text).toContain('-$10.79');
    const unknown = await download(
      app,
      `/api/orders/${orderId}/credit-notes/CN-${year}-000099`,
      browser,
    );
    expect(unknown.response.status).toBe(404);
  });

  it('retries a document whose storing failed, and never makes a stored one again', async ({
    app,
    db,
  }) => {
    await paidOrder(db, app);
    const failing = createDocumentWorker({
      db,
      storage: { put: () => Promise.reject(new Error('disk full')) },
      logger: createLogger('silent'),
    });
    expect(await failing.drainOnce()).toBe(0);
    const [failed] = await db.select().from(invoiceDocuments);
    expect(failed).toMatchObject({ storageKey: null, renderAttempts: 1, lastError: 'disk full' });
    // Backed off: not due again at once.
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(await documentWorkerOf(app).drainOnce()).toBe(0);

    await db.update(invoiceDocuments).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await documentWorkerOf(app).drainOnce()).toBe(1);
    const [made] = await db.select().from(invoiceDocuments);
    expect(made).toMatchObject({ renderAttempts: 2, lastError: null });
    expect(made!.storageKey).not.toBeNull();
    await db.update(invoiceDocuments).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await documentWorkerOf(app).drainOnce()).toBe(0);
  });

  it('re-sends the stored invoice to its buyer from the admin, audited', async ({
    app,
    db,
    admin,
  }) => {
    const { orderId } = await paidOrder(db, app, 'resend@example.com');
    await documentWorkerOf(app).drainOnce();
    const answer = await admin.request(`/api/admin/orders/${orderId}/invoice/resend`, {
      method: 'POST',
    });
    expect(answer.status).toBe(202);
    const mail = await latestEmailTo(app, 'resend@example.com');
    expect(mail!.subject).toContain(`INV-${year}-000001`);
    const link = linkIn(mail!.text, '/api/invoice-links/');
    const sent = await download(app, link.pathname);
    expect(sent.response.status).toBe(200);
    expect(sent.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'resend-invoice'));
    expect(entry).toMatchObject({ entityType: 'order', entityId: orderId });
  });
});
