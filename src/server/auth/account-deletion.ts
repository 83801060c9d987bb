import { and, eq, inArray, sql } from 'drizzle-orm';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import {
  DELETE_ACCOUNT_FRESH_SIGN_IN_SECONDS,
  DELETED_CUSTOMER,
  DELETED_EMAIL,
  leavingMessages,
} from '#shared/account-leaving';
import type { Db } from '../db/client';
import {
  adminAudit,
  campaignRecipients,
  downloads,
  invoiceDocuments,
  licenseActivations,
  licenses,
  mailUnsubscribes,
  cartReminders,
  orderItems,
  orders,
  outboxEmails,
  outboxSms,
  supportMessages,
  updateEmailOptOuts,
  updateNotices,
  users,
  verifications,
  reviews,
} from '../db/schema';
import { endSubscriptionsOf } from '../newsletter/newsletter.service';
import { revokeLicenses } from '../licenses/issue-licenses';
import { ordersOfCustomer } from './account-export';
import { waysIn } from './ways-in';

/** deletedCustomerEmail (shared/account-leaving.ts) of each row, computed by the database. */
const placeholderEmail = (
  id: typeof orders.id | typeof supportMessages.id | typeof invoiceDocuments.orderId,
) => sql<string>`${DELETED_EMAIL.prefix} || ${id}::text || ${DELETED_EMAIL.suffix}`;

/**
 * What deleting an account leaves behind, done in one transaction with the user row itself (so
 * there is never an account half gone):
 *
 * - Its orders, and guest orders under its e-mail, stay for the seller's books (amounts, tax,
 *   lines, the payment's ids, the card's brand and last four digits) with the buyer's personal
 *   fields removed: the e-mail becomes a placeholder no mail can reach, the billing details keep
 *   only the country the sale is taxed by, and `customer_deleted_at` marks them. Their downloads
 *   end (downloads.service.ts refuses them, the receipt's guest link included), and the download
 *   log forgets the addresses and browsers they came from. Audit entries that named the e-mail (a
 *   resent receipt) name the placeholder instead.
 * - Newsletter signups of the address are deleted: the subscription ends, and the address is not
 *   kept as a former subscriber either.
 * - Support messages from the address stay (the store may need to know what it was asked and
 *   answered) with the sender's name and e-mail replaced; what the buyer wrote in them stays.
 * - Mail and text messages queued or sent to the buyer are deleted from the outboxes (they hold
 *   the address, receipts and links), as are pending sign-in codes for the address.
 * - The user row goes, and with it (by the database's cascades) its sessions, sign-in methods,
 *   passkeys, two-factor secrets, cart and wishlist.
 * - Their licence keys are revoked (reason `account_deleted`), as their downloads end, and the
 *   machines they were activated on lose their names.
 * - Their invoices and credit notes stay numbered with the buyer replaced as on the orders, and
 *   their PDFs are made again from that (same storage keys, so the old files are overwritten).
 * - Campaign recipient rows keep their counts with the address replaced (a waiting one is
 *   skipped); update-mail records, mail opt-outs and cart reminders of the address are deleted.
 */
export async function deleteCustomerData(
  db: Db,
  user: { id: string; email: string },
): Promise<{ reviewsRemoved: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!row) return { reviewsRemoved: false };
    // The account's reviews go with it (cascade), and the products' ratings with them: the
    // caller tells the catalogue's caches (catalogue-changes.ts).
    const [published] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, user.id), eq(reviews.status, 'published')))
      .limit(1);
    const owned = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(ordersOfCustomer(user))
      .for('update');
    const orderIds = owned.map((order) => order.id);

    if (orderIds.length > 0) {
      await tx.execute(sql`
        update ${adminAudit} set changes = replace(
          ${adminAudit.changes}::text,
          to_json(${orders.email})::text,
          to_json(${placeholderEmail(orders.id)})::text
        )::jsonb
        from ${orders}
        where ${adminAudit.entityType} = 'order'
          and ${adminAudit.entityId} = ${orders.id}::text
          and ${inArray(orders.id, orderIds)}`);
      await tx
        .update(orders)
        .set({
          userId: null,
          email: placeholderEmail(orders.id),
          billingDetails: sql`jsonb_strip_nulls(jsonb_build_object('country', ${orders.billingDetails} -> 'country'))`,
          customerDeletedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(inArray(orders.id, orderIds));
      const items = tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds));
      await tx
        .update(downloads)
        .set({ userId: null, ipAddress: null, userAgent: null })
        .where(inArray(downloads.orderItemId, items));
      for (const orderId of orderIds) {
        await revokeLicenses(tx, orderId, 'all', 'account_deleted');
      }
      // The machines the keys ran on keep no names the buyer gave them ("Ada's MacBook").
      await tx
        .update(licenseActivations)
        .set({ machineName: null })
        .where(
          inArray(
            licenseActivations.licenseId,
            tx
              .select({ id: licenses.id })
              .from(licenses)
              .where(inArray(licenses.orderId, orderIds)),
          ),
        );
      // Invoices and credit notes stay numbered, with the buyer as the orders now have them: the
      // name and e-mail replaced, company and address dropped (country and VAT number are the
      // sale's tax evidence). Their PDFs are made again from that by the document worker, under
      // the same keys, so the stored files lose the buyer too.
      await tx
        .update(invoiceDocuments)
        .set({
          data: sql`jsonb_set(${invoiceDocuments.data}, '{buyer}', coalesce(${invoiceDocuments.data} -> 'buyer', '{}'::jsonb) || jsonb_build_object(
            'name', ${DELETED_CUSTOMER}::text,
            'company', '',
            'email', ${placeholderEmail(invoiceDocuments.orderId)},
            'address', '[]'::jsonb))`,
          storageKey: null,
          renderedAt: null,
          renderAttempts: 0,
          lastError: null,
          nextAttemptAt: sql`now()`,
        })
        .where(inArray(invoiceDocuments.orderId, orderIds));
    }
    await tx
      .update(downloads)
      .set({ userId: null, ipAddress: null, userAgent: null })
      .where(eq(downloads.userId, user.id));

    await endSubscriptionsOf(tx, user.email);
    // The seller's other mail forgets the address (these lists hold it lower-cased): a campaign
    // keeps its recipient count with the address replaced (one still waiting skips it), and the
    // records of update mails sent and the opt-outs of campaigns and update mails go.
    const address = user.email.toLowerCase();
    await tx
      .update(campaignRecipients)
      .set({
        email: sql`${DELETED_EMAIL.prefix} || gen_random_uuid()::text || ${DELETED_EMAIL.suffix}`,
        status: sql`case when ${campaignRecipients.status} = 'queued' then 'skipped' else ${campaignRecipients.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(campaignRecipients.email, address));
    await tx.delete(updateNotices).where(eq(updateNotices.email, address));
    await tx.delete(updateEmailOptOuts).where(eq(updateEmailOptOuts.email, address));
    await tx.delete(mailUnsubscribes).where(eq(mailUnsubscribes.email, address));
    await tx.delete(cartReminders).where(eq(cartReminders.email, address));
    await tx
      .update(supportMessages)
      .set({ name: DELETED_CUSTOMER, email: placeholderEmail(supportMessages.id) })
      .where(sql`lower(${supportMessages.email}) = lower(${user.email})`);
    await tx.delete(outboxEmails).where(sql`lower(${outboxEmails.to}) = lower(${user.email})`);
    if (row.phoneNumber) await tx.delete(outboxSms).where(eq(outboxSms.to, row.phoneNumber));
    // Pending e-mailed codes for the address (better-auth names them `<purpose>-otp-<email>`).
    const codeSuffix = `-otp-${user.email.toLowerCase()}`;
    await tx
      .delete(verifications)
      .where(sql`right(${verifications.identifier}, ${codeSuffix.length}) = ${codeSuffix}`);
    await tx.delete(users).where(eq(users.id, user.id));
    return { reviewsRemoved: published !== undefined };
  });
}

/**
 * How `POST /api/auth/delete-user` is confirmed, checked before better-auth acts: an account with
 * a password gives it (better-auth checks it); one without a password (a buyer who signs in by
 * e-mailed code or passkey) must have signed in within the last few minutes, a sign-in the
 * session's cookie alone cannot make. better-auth's own rule would accept any session under a
 * day old. Password guesses here are held to 10 a minute per address.
 */
export function confirmAccountDeletion(db: Db): BetterAuthPlugin {
  return {
    id: 'loopmarket-confirm-account-deletion',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/delete-user',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const body: unknown = ctx.body;
            const password =
              body && typeof body === 'object' && 'password' in body ? body.password : undefined;
            if (typeof password === 'string' && password !== '') return;
            const ways = await waysIn(db, session.user.id);
            if (ways.password) {
              throw new APIError('FORBIDDEN', {
                code: 'FORBIDDEN',
                message: leavingMessages.passwordRequired,
              });
            }
            const age = Date.now() - new Date(session.session.createdAt).getTime();
            if (age > DELETE_ACCOUNT_FRESH_SIGN_IN_SECONDS * 1000) {
              throw new APIError('FORBIDDEN', {
                code: 'FORBIDDEN',
                message: leavingMessages.freshSignInRequired,
              });
            }
          }),
        },
      ],
    },
    rateLimit: [{ pathMatcher: (path) => path === '/delete-user', window: 60, max: 10 }],
  };
}
