import { putProductFile } from '#tests/support/product-files';
import { eq, inArray, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect } from 'vitest';
import { DELETED_CUSTOMER, deletedCustomerEmail, leavingMessages } from '#shared/account-leaving';
import { queryRows, type Db } from '#server/db/client';
import {
  accounts,
  campaignRecipients,
  campaigns,
  cartItems,
  downloads,
  invoiceDocuments,
  licenseActivations,
  licenses,
  mailUnsubscribes,
  newsletterSubscriptions,
  orderItems,
  orders,
  outboxEmails,
  sessions,
  productVersions,
  supportMessages,
  updateEmailOptOuts,
  updateNotices,
  users,
  wishlistItems,
  type ProductRow,
} from '#server/db/schema';
import {
  emailsTo,
  latestEmailTo,
  linkIn,
  signedInAdmin,
  signedInBrowser,
  TestBrowser,
} from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { testInFreshStore as it, testInFreshStore as test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import { documentWorkerOf } from '#tests/support/document-worker';

const password = 'correct-horse';
const FILE = Buffer.from('PK\u0003\u0004 a pretend zip '.repeat(100));
const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines Ltd',
  address: '12 St James Square',
  apartment: 'Flat 3',
  city: 'Marylebone',
  country: 'United Kingdom',
  state: 'Greater London',
  postalCode: 'SW1Y 4JH',
  phone: '+44 20 7946 0958',
};
// Stripe's United Kingdom test card: its country is the billing country's, so nothing to confirm.
const goodCard = { cardNumber: '4000008260000000', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' };

let pack: ProductRow;
test.beforeEach(async ({ app, db }) => {
  pack = await createProduct(db, {
    name: 'Tape Loops',
    fileKey: 'products/tape-loops.zip',
    fileName: 'Tape-Loops.zip',
    fileSize: FILE.length,
    downloadLimit: 3,
    metadata: { purchase_limit: '1' },
  });
  await putProductFile(app, 'products/tape-loops.zip', FILE);
});

/** A paid order of the pack, with the billing details checkout asks for. */
async function buy(db: Db, browser: TestBrowser, customerEmail?: string) {
  const session = (
    await browser.request('/api/checkout/sessions', {
      body: {
        checkoutType: 'direct',
        customerEmail,
        billingDetails: billing,
        items: [{ productId: pack.id, quantity: 1 }],
      },
    })
  ).body as { sessionId: string; orderId: string };
  const paid = await browser.request(`/api/payments/local/sessions/${session.sessionId}/pay`, {
    body: goodCard,
  });
  expect(paid.status).toBe(200);
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, session.orderId));
  return { orderId: session.orderId, orderItemId: item!.id };
}

/**
 * A buyer with everything the store can keep about one: an order from the account and a guest
 * order under the same e-mail (with the receipt's download link), a download of each, a
 * newsletter subscription, a support message, a cart and a wishlist.
 */
async function buyerWithHistory(app: TestContext, db: Db, email: string) {
  const { browser, user } = await signedInBrowser(app, email);
  await db.update(users).set({ name: 'Ada Lovelace' }).where(eq(users.id, user.id));
  const own = await buy(db, browser);
  expect(
    (await browser.request('/api/downloads', { body: { orderItemId: own.orderItemId } })).status,
  ).toBe(200);

  const guest = new TestBrowser(app, { 'user-agent': 'Mozilla/5.0 (Guest Laptop)' });
  const guestOrder = await buy(db, guest, email);
  const receipt = (await emailsTo(app, email)).find((mail) =>
    mail.text.includes('/downloads/guest'),
  );
  const guestToken = linkIn(receipt!.text, '/downloads/guest').searchParams.get('token')!;
  const guestDownload = await guest.request(`/api/guest-orders/${guestToken}/downloads`, {
    body: { orderItemId: guestOrder.orderItemId },
  });
  expect(guestDownload.status).toBe(200);

  const other = await createProduct(db, { name: 'Other Pack' });
  await db.insert(cartItems).values({ userId: user.id, productId: other.id, quantity: 1 });
  await db.insert(wishlistItems).values({ userId: user.id, productId: other.id });
  await db.insert(newsletterSubscriptions).values({
    email,
    subscriptionType: 'newsletter',
    source: 'home_page',
    confirmedAt: new Date(),
  });
  await db.insert(supportMessages).values({
    name: 'Ada Lovelace',
    email,
    category: 'billing',
    subject: 'Invoice please',
    message: 'Could I have an invoice for my order?',
  });
  return { browser, user, own, guest, guestOrder, guestToken };
}

const deleteAccount = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.request('/api/auth/delete-user', { body });

describe('deleting an account confirmed by its password', () => {
  it('keeps the orders for the books with no personal data, ends downloads, the newsletter and every session', async ({
    app,
    db,
  }) => {
    const email = 'ada@example.com';
    const { browser, user, own, guest, guestOrder, guestToken } = await buyerWithHistory(
      app,
      db,
      email,
    );
    const laptop = new TestBrowser(app);
    await laptop.request('/api/auth/sign-in/email', { body: { email, password } });
    const { browser: admin } = await signedInAdmin(app, 'owner@example.com');
    // The owner resent a receipt: the audit log named the buyer's e-mail.
    expect(
      (await admin.request(`/api/admin/orders/${own.orderId}/receipt`, { body: {} })).status,
    ).toBeLessThan(300);

    const auditText = async () =>
      JSON.stringify(await db.execute(sql`select changes::text as changes from admin_audit`));
    expect(await auditText()).toContain(email);

    const deleted = await deleteAccount(browser, { password });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true });
    expect(browser.hasSession()).toBe(false);

    // The user row and everything that hangs on it are gone; no device is signed in.
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id))).toEqual(
      [],
    );
    expect((await laptop.request('/api/account')).status).toBe(401);
    const signIn = await new TestBrowser(app).request('/api/auth/sign-in/email', {
      body: { email, password },
    });
    expect(signIn.status).toBe(401);

    // Both orders stay, with nothing of the buyer in any column.
    const orderIds = [own.orderId, guestOrder.orderId];
    const kept = await db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      expect(order).toMatchObject({
        email: deletedCustomerEmail(order.id),
        userId: null,
        billingDetails: { country: 'GB' },
        status: 'COMPLETED',
        totalCents: pack.priceCents + order.taxCents,
      });
      expect(order.customerDeletedAt).toBeInstanceOf(Date);
      const text = JSON.stringify(order);
      const { country: _taxedBy, ...personal } = billing;
      for (const value of [email, 'Ada Lovelace', ...Object.values(personal)]) {
        expect(text).not.toContain(value);
      }
    }
    // Every column as the database holds it, whatever the schema file names.
    const [rawRow] = await queryRows(db, sql`select * from orders where id = ${own.orderId}`);
    expect(rawRow).toBeDefined();
    expect(JSON.stringify(rawRow)).not.toContain('Lovelace');
    expect(JSON.stringify(rawRow)).not.toContain(email);

    // The download log forgets where the downloads came from.
    const logged = await db
      .select()
      .from(downloads)
      .where(inArray(downloads.orderItemId, [own.orderItemId, guestOrder.orderItemId]));
    expect(logged).toHaveLength(2);
    for (const row of logged)
      expect(row).toMatchObject({ userId: null, ipAddress: null, userAgent: null });

    // Downloads end, the receipt's guest link included.
    const guestPage = await guest.request(`/api/guest-orders/${guestToken}`);
    expect(guestPage.status).toBe(403);
    expect(guestPage.body).toEqual({
      error: { code: 'ACCESS_DENIED', message: leavingMessages.downloadsEnded },
    });
    const guestDownload = await guest.request(`/api/guest-orders/${guestToken}/downloads`, {
      body: { orderItemId: guestOrder.orderItemId },
    });
    expect(guestDownload.status).toBe(403);
    expect(guestDownload.body).toMatchObject({ error: { code: 'ACCESS_DENIED' } });

    // The newsletter ends; support messages stay without the sender; no mail to the address is kept.
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email)),
    ).toEqual([]);
    const [message] = await db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.subject, 'Invoice please'));
    expect(message).toMatchObject({
      name: DELETED_CUSTOMER,
      email: deletedCustomerEmail(message!.id),
      message: 'Could I have an invoice for my order?',
    });
    expect(await latestEmailTo(app, email)).toBeUndefined();
    expect(await auditText()).not.toContain(email);

    // The admin sees the orders as a deleted customer's, and has no address to resend to.
    const detail = await admin.request(`/api/admin/orders/${own.orderId}`);
    expect(detail.body?.data).toMatchObject({
      customerDeleted: true,
      email: deletedCustomerEmail(own.orderId),
      userId: null,
      billingDetails: { country: 'GB' },
    });
    const list = await admin.request('/api/admin/orders');
    const rows = (list.body as { data: { id: string; customerDeleted: boolean }[] }).data;
    expect(
      rows.filter((row) => orderIds.includes(row.id)).map((row) => row.customerDeleted),
    ).toEqual([true, true]);
    const resend = await admin.request(`/api/admin/orders/${own.orderId}/receipt`, { body: {} });
    expect(resend.status).toBe(409);
    expect(resend.body).toMatchObject({ error: { message: leavingMessages.noAddressLeft } });
    expect(await emailsTo(app, deletedCustomerEmail(own.orderId))).toEqual([]);
  });

  it('refuses without the password, or with a wrong one, and deletes nothing', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedInBrowser(app, 'keeper@example.com');

    const without = await deleteAccount(browser, {});
    expect(without.status).toBe(403);
    expect(without.body).toEqual({
      error: { code: 'FORBIDDEN', message: leavingMessages.passwordRequired },
    });
    const wrong = await deleteAccount(browser, { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { code: 'INVALID_PASSWORD' } });

    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await browser.request('/api/account')).status).toBe(200);
  });

  it('answers 401 without a session', async ({ app }) => {
    const answer = await deleteAccount(new TestBrowser(app), { password });
    expect(answer.status).toBe(401);
  });
});

/** The text of an order's invoice PDF, as the admin downloads it. */
async function invoiceText(app: TestContext, admin: TestBrowser, orderId: string) {
  const response = await app.app.request(`/api/admin/orders/${orderId}/invoice`, {
    headers: { cookie: admin.cookieHeader() },
  });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return (await extractText(bytes, { mergePages: true })).text;
}

describe('what deleting an account leaves of the buyer elsewhere', () => {
  it('keeps the invoices numbered with the buyer removed, and makes their PDFs again without them', async ({
    app,
    db,
  }) => {
    const email = 'ada-invoices@example.com';
    const { browser, own, guestOrder } = await buyerWithHistory(app, db, email);
    const { browser: admin } = await signedInAdmin(app, 'owner@example.com');
    const orderIds = [own.orderId, guestOrder.orderId];
    const documentsOf = () =>
      db.select().from(invoiceDocuments).where(inArray(invoiceDocuments.orderId, orderIds));
    expect(await documentWorkerOf(app).drainOnce()).toBe(2);
    const before = await documentsOf();
    expect(before).toHaveLength(2);
    expect(await invoiceText(app, admin, own.orderId)).toContain('Ada Lovelace');

    expect((await deleteAccount(browser, { password })).status).toBe(200);

    const after = await documentsOf();
    expect(after.map((doc) => doc.number).sort()).toEqual(before.map((doc) => doc.number).sort());
    const { country: _taxedBy, ...personal } = billing;
    const buyerOf = (doc: { data: unknown }) =>
      (doc.data as { buyer: { country: string; vatNumber: string } }).buyer;
    for (const doc of after) {
      const was = buyerOf(before.find((row) => row.id === doc.id)!);
      expect(buyerOf(doc)).toEqual({
        name: DELETED_CUSTOMER,
        company: '',
        email: deletedCustomerEmail(doc.orderId),
        address: [],
        // The sale's tax evidence stays.
        country: was.country,
        vatNumber: was.vatNumber,
      });
      const text = JSON.stringify(doc);
      for (const value of [email, 'Ada Lovelace', ...Object.values(personal)]) {
        expect(text).not.toContain(value);
      }
    }

    // The stored PDFs are made again, under the same keys, from what the rows now hold.
    expect(await documentWorkerOf(app).drainOnce()).toBe(2);
    expect((await documentsOf()).map((doc) => doc.storageKey).sort()).toEqual(
      before.map((doc) => doc.storageKey).sort(),
    );
    for (const orderId of orderIds) {
      const printed = await invoiceText(app, admin, orderId);
      expect(printed).toContain(DELETED_CUSTOMER);
      for (const value of [email, 'Lovelace', billing.address, billing.postalCode]) {
        expect(printed).not.toContain(value);
      }
    }
  });

  it("forgets the address in the seller's mail lists and the names of the licensed machines", async ({
    app,
    db,
  }) => {
    const email = 'ada-lists@example.com';
    const { browser, own } = await buyerWithHistory(app, db, email);
    const [campaign] = await db
      .insert(campaigns)
      .values({
        subject: 'News',
        bodyMarkdown: 'Hi',
        audience: { newsletter: true, productIds: [] },
      })
      .returning();
    await db.insert(campaignRecipients).values([
      { campaignId: campaign!.id, email, status: 'queued' },
      { campaignId: campaign!.id, email: 'someone-else@example.com', status: 'queued' },
    ]);
    const [version] = await db
      .insert(productVersions)
      .values({ productId: pack.id, version: '2.0' })
      .returning();
    await db.insert(updateNotices).values({ versionId: version!.id, email });
    await db.insert(updateEmailOptOuts).values({ email });
    await db.insert(mailUnsubscribes).values({ email });
    const [licence] = await db
      .insert(licenses)
      .values({
        key: 'LM-TEST-DELE-TEDA-CCNT',
        orderId: own.orderId,
        orderItemId: own.orderItemId,
        ordinal: 99,
        seats: 2,
      })
      .returning();
    await db
      .insert(licenseActivations)
      .values({ licenseId: licence!.id, machineId: 'machine-1', machineName: "Ada's MacBook" });

    expect((await deleteAccount(browser, { password })).status).toBe(200);

    const recipients = await db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign!.id));
    expect(recipients).toHaveLength(2);
    const gone = recipients.find((row) => row.email !== 'someone-else@example.com')!;
    expect(gone.email).toMatch(/^deleted-.+@deleted\.invalid$/);
    expect(gone.status).toBe('skipped');
    expect(recipients.find((row) => row.email === 'someone-else@example.com')?.status).toBe(
      'queued',
    );
    expect(await db.select().from(updateNotices).where(eq(updateNotices.email, email))).toEqual([]);
    expect(
      await db.select().from(updateEmailOptOuts).where(eq(updateEmailOptOuts.email, email)),
    ).toEqual([]);
    expect(
      await db.select().from(mailUnsubscribes).where(eq(mailUnsubscribes.email, email)),
    ).toEqual([]);
    const [machine] = await db
      .select()
      .from(licenseActivations)
      .where(eq(licenseActivations.licenseId, licence!.id));
    expect(machine).toMatchObject({ machineId: 'machine-1', machineName: null });
  });
});

/** An account made by an e-mailed sign-in code: it has no password. */
async function signInByCode(app: TestContext, email: string) {
  const browser = new TestBrowser(app);
  const sent = await browser.request('/api/auth/email-otp/send-verification-otp', {
    body: { email, type: 'sign-in' },
  });
  expect(sent.status).toBe(200);
  const code = (await latestEmailTo(app, email))!.subject.slice(0, 6);
  const signedIn = await browser.request('/api/auth/sign-in/email-otp', {
    body: { email, otp: code },
  });
  expect(signedIn.status).toBe(200);
  const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
  return { browser, user: user! };
}

describe('deleting an account without a password', () => {
  it('is confirmed by a sign-in of the last few minutes', async ({ app, db }) => {
    const { browser, user } = await signInByCode(app, 'codes-only@example.com');
    const deleted = await deleteAccount(browser, {});
    expect(deleted.status).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('refuses an older session: the buyer signs in again first', async ({ app, db }) => {
    const { browser, user } = await signInByCode(app, 'stale@example.com');
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user.id));

    const refused = await deleteAccount(browser, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: { code: 'FORBIDDEN', message: leavingMessages.freshSignInRequired },
    });
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(
      await db.select().from(outboxEmails).where(eq(outboxEmails.to, 'stale@example.com')),
    ).not.toEqual([]);
  });
});
