import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { extractImages, extractText } from 'unpdf';
import { describe, expect } from 'vitest';
import { orderNumber } from '#shared/checkout';
import {
  LICENSE_TERMS_SUMMARY,
  licenseCertificateMessages,
  type LicenseCertificateCheck,
} from '#shared/license-certificate';
import type { Db } from '#server/db/client';
import { orderItems, products, type ProductRow } from '#server/db/schema';
import { guestOrderToken } from '#server/orders/guest-access';
import { signedInBrowser, type TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { testInFreshStore as it } from '#tests/support/fixtures';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';

const goodCard = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

/** A signed-in buyer's paid order of a synth (licensed by key) and a pack; its two lines. */
async function paidOrder(
  app: TestContext,
  db: Db,
  synth: ProductRow,
  pack: ProductRow,
  email = 'ada@example.com',
) {
  const { browser } = await signedInBrowser(app, email);
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: {
        checkoutType: 'direct',
        items: [
          { productId: synth.id, quantity: 1 },
          { productId: pack.id, quantity: 1 },
        ],
        billingDetails: { firstName: 'Ada', lastName: 'Lovelace', country: 'US', region: 'NY' },
      },
    })
  ).body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
  const lineOf = (product: ProductRow) => lines.find((l) => l.productId === product.id)!.id;
  return { browser, orderId: session.orderId, synthLine: lineOf(synth), packLine: lineOf(pack) };
}

async function get(app: TestContext, path: string, browser?: TestBrowser) {
  const response = await app.app.request(path, {
    headers: browser ? { cookie: browser.cookieHeader() } : {},
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

// unpdf's pdf.js copies image data with ES2024's ArrayBuffer.transferToFixedLength, which Node 20
// lacks: a copy does the same for reading.
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new Uint8Array(length);
      copy.set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy.buffer;
    },
  });
}

/** The text of a QR code drawn as the PDF's one image, decoded from its pixels. */
async function qrIn(pdf: Buffer): Promise<string | null> {
  const [image] = await extractImages(new Uint8Array(pdf), 1);
  if (!image) return null;
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.width * image.height; i += 1) {
    for (let c = 0; c < 3; c += 1)
      rgba[i * 4 + c] = image.data[i * image.channels + (image.channels >= 3 ? c : 0)] ?? 0;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, image.width, image.height)?.data ?? null;
}

describe('licence certificates', () => {
  it('a paid line downloads as a PDF naming the licensee, product, terms, order and date, whose QR code leads to a page that says it is genuine', async ({
    app,
    db,
  }) => {
    const synth = await createProduct(db, { name: 'Analog Bass Synth', priceCents: 4999 });
    await db.update(products).set({ licenseKeys: true }).where(eq(products.id, synth.id));
    const pack = await createProduct(db, { name: 'Dusty Soul Pack', priceCents: 1999 });
    const { browser, orderId, synthLine, packLine } = await paidOrder(app, db, synth, pack);

    const own = await get(
      app,
      `/api/orders/${orderId}/items/${synthLine}/license-certificate`,
      browser,
    );
    expect(own.response.status).toBe(200);
    expect(own.response.headers.get('content-type')).toBe('application/pdf');
    expect(own.response.headers.get('content-disposition')).toBe(
      `attachment; filename="licence-${orderNumber(orderId)}-analog-bass-synth.pdf"`,
    );
    const text = (await extractText(new Uint8Array(own.bytes), { mergePages: true })).text.replace(
      /\s+/g,
      ' ',
    );
    for (const expected of [
      'Licence Certificate',
      'Ada Lovelace',
      'Analog Bass Synth',
      'Standard',
      `#${orderNumber(orderId)}`,
      new Date().toISOString().slice(0, 10),
      synthLine,
      LICENSE_TERMS_SUMMARY.software.slice(0, 60),
    ])
      expect(text).toContain(expected);
    expect(await qrIn(own.bytes)).toBe(`${TEST_PUBLIC_URL}/licenses/verify/${synthLine}`);

    // A pack's certificate words its terms for sounds.
    const packPdf = await get(
      app,
      `/api/orders/${orderId}/items/${packLine}/license-certificate`,
      browser,
    );
    const packText = (await extractText(new Uint8Array(packPdf.bytes), { mergePages: true })).text;
    expect(packText.replace(/\s+/g, ' ')).toContain(LICENSE_TERMS_SUMMARY.sounds.slice(0, 60));

    // The guest order's link has it too.
    const token = guestOrderToken(TEST_SIGNING_KEYS, orderId);
    const guest = await get(
      app,
      `/api/guest-orders/${token}/items/${synthLine}/license-certificate`,
    );
    expect(guest.response.status).toBe(200);

    // The public check: genuine, and nothing private (no buyer, e-mail or order).
    const check = await app.app.request(`/api/licenses/verify/${synthLine}`);
    expect(check.status).toBe(200);
    const body = (await check.json()) as LicenseCertificateCheck;
    expect(body).toEqual({
      certificateId: synthLine,
      storeName: expect.any(String),
      productName: 'Analog Bass Synth',
      licenseType: 'standard',
      issuedOn: new Date().toISOString().slice(0, 10),
      status: 'valid',
    });
    const raw = JSON.stringify(body);
    for (const secret of ['Ada', 'ada@example.com', orderId, orderNumber(orderId)])
      expect(raw).not.toContain(secret);
  });

  it('another buyer, a stranger and a made-up id get nothing; a refunded line has no certificate and its check says revoked', async ({
    app,
    db,
    admin,
  }) => {
    const synth = await createProduct(db, { name: 'Analog Bass Synth', priceCents: 4999 });
    const pack = await createProduct(db, { name: 'Dusty Soul Pack', priceCents: 1999 });
    const { browser, orderId, synthLine, packLine } = await paidOrder(app, db, synth, pack);
    const path = `/api/orders/${orderId}/items/${synthLine}/license-certificate`;

    const { browser: stranger } = await signedInBrowser(app, 'stranger@example.com');
    expect((await get(app, path, stranger)).response.status).toBe(404);
    expect((await get(app, path)).response.status).toBe(401);
    // A line of another order through this order's path is not found either.
    const otherOrder = await paidOrder(app, db, synth, pack, 'grace@example.com');
    const crossed = `/api/orders/${orderId}/items/${otherOrder.synthLine}/license-certificate`;
    expect((await get(app, crossed, browser)).response.status).toBe(404);
    expect(
      (await get(app, `/api/orders/not-a-uuid/items/${synthLine}/license-certificate`, browser))
        .response.status,
    ).toBe(404);
    const unknown = await app.app.request(
      '/api/licenses/verify/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: licenseCertificateMessages.notGenuine },
    });
    expect((await app.app.request('/api/licenses/verify/nonsense')).status).toBe(404);

    const refund = await admin.request(`/api/admin/orders/${orderId}/refunds`, {
      body: { orderItemIds: [synthLine] },
    });
    expect(refund.status).toBe(201);
    const refused = await get(app, path, browser);
    expect(refused.response.status).toBe(409);
    expect(JSON.parse(refused.bytes.toString())).toEqual({
      error: { code: 'CONFLICT', message: licenseCertificateMessages.notAvailable },
    });
    const revoked = (await (
      await app.app.request(`/api/licenses/verify/${synthLine}`)
    ).json()) as LicenseCertificateCheck;
    expect(revoked.status).toBe('revoked');
    // The other line still stands.
    const kept = (await (
      await app.app.request(`/api/licenses/verify/${packLine}`)
    ).json()) as LicenseCertificateCheck;
    expect(kept.status).toBe('valid');
  });
});
