import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AccountExport } from '#shared/account-leaving';
import type { Db } from '../db/client';
import {
  accounts,
  cartItems,
  downloads,
  licenseActivations,
  licenses,
  newsletterSubscriptions,
  orderItems,
  orders,
  passkeys,
  products,
  reviews,
  sessions,
  supportMessages,
  users,
  wishlistItems,
} from '../db/schema';
import { AppError } from '../http/app-error';
import { toOrderViews } from '../orders/order-view';
import { readSavedBilling } from './saved-billing';

/**
 * The buyer's orders: those placed from the account, and guest orders under its e-mail that never
 * joined it (bought before the account existed, or while signed out). Deleting the account
 * treats the same orders (account-deletion.ts).
 */
export function ordersOfCustomer(user: { id: string; email: string }) {
  return or(
    eq(orders.userId, user.id),
    and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${user.email})`),
  );
}

const newsletterStatus = (row: { confirmedAt: Date | null; unsubscribedAt: Date | null }) =>
  row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'subscribed' : 'pending';

/**
 * GET /api/account/export: everything the store keeps about the signed-in buyer, as one JSON
 * document (the right to a copy of one's data). Session tokens, password hashes and two-factor
 * secrets are not data about the buyer but keys to the account, and never leave the server.
 */
export async function exportAccount(db: Db, userId: string): Promise<AccountExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'User not authenticated');

  const orderRows = await db
    .select()
    .from(orders)
    .where(ordersOfCustomer(user))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const orderIds = orderRows.map((order) => order.id);
  const [
    orderViews,
    signIns,
    keys,
    downloadRows,
    subscriptions,
    saved,
    cart,
    sessionRows,
    messages,
    savedBilling,
    licenceRows,
    reviewRows,
  ] = await Promise.all([
    toOrderViews(db, orderRows),
    db
      .select({ providerId: accounts.providerId })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    db
      .select({ download: downloads, productName: products.name })
      .from(downloads)
      .innerJoin(products, eq(products.id, downloads.productId))
      .innerJoin(orderItems, eq(orderItems.id, downloads.orderItemId))
      .where(
        or(
          eq(downloads.userId, userId),
          orderIds.length > 0 ? inArray(orderItems.orderId, orderIds) : undefined,
        ),
      )
      .orderBy(asc(downloads.createdAt)),
    db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${user.email})`),
    db
      .select({ item: wishlistItems, productName: products.name })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId)),
    db
      .select({ item: cartItems, productName: products.name })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId)),
    db.select().from(sessions).where(eq(sessions.userId, userId)),
    db
      .select()
      .from(supportMessages)
      .where(sql`lower(${supportMessages.email}) = lower(${user.email})`)
      .orderBy(asc(supportMessages.createdAt)),
    readSavedBilling(db, userId),
    db
      .select({ licence: licenses, productName: products.name })
      .from(licenses)
      .leftJoin(products, eq(products.id, licenses.productId))
      .where(
        or(
          eq(licenses.userId, userId),
          orderIds.length > 0 ? inArray(licenses.orderId, orderIds) : undefined,
        ),
      )
      .orderBy(asc(licenses.createdAt), asc(licenses.ordinal)),
    db
      .select({ review: reviews, productName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt)),
  ]);
  const machines =
    licenceRows.length === 0
      ? []
      : await db
          .select()
          .from(licenseActivations)
          .where(
            inArray(
              licenseActivations.licenseId,
              licenceRows.map(({ licence }) => licence.id),
            ),
          )
          .orderBy(asc(licenseActivations.firstSeenAt));
  const iso = (at: Date | null) => at?.toISOString() ?? null;

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      fullName: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      phoneNumber: user.phoneNumber,
      createdAt: user.createdAt.toISOString(),
      signInMethods: signIns.map(({ providerId }) =>
        providerId === 'credential' ? 'password' : providerId,
      ),
      passkeys: keys.map((key) => ({ name: key.name, createdAt: key.createdAt.toISOString() })),
    },
    orders: orderViews.map((view) => ({
      ...view,
      billingDetails: orderRows.find((row) => row.id === view.id)?.billingDetails ?? {},
    })),
    downloads: downloadRows.map(({ download, productName }) => ({
      at: download.createdAt.toISOString(),
      productId: download.productId,
      productName,
      orderItemId: download.orderItemId,
      ipAddress: download.ipAddress,
      userAgent: download.userAgent,
    })),
    licences: licenceRows.map(({ licence, productName }) => ({
      key: licence.key,
      productId: licence.productId,
      productName,
      orderId: licence.orderId,
      seats: licence.seats,
      issuedAt: licence.createdAt.toISOString(),
      expiresAt: iso(licence.expiresAt),
      revokedAt: iso(licence.revokedAt),
      revokedReason: licence.revokedReason,
      machines: machines
        .filter((machine) => machine.licenseId === licence.id)
        .map((machine) => ({
          machineId: machine.machineId,
          name: machine.machineName,
          firstSeenAt: machine.firstSeenAt.toISOString(),
          lastSeenAt: machine.lastSeenAt.toISOString(),
          deactivatedAt: iso(machine.deactivatedAt),
        })),
    })),
    reviews: reviewRows.map(({ review, productName }) => ({
      productId: review.productId,
      productName,
      rating: review.rating,
      title: review.title,
      body: review.body,
      status: review.status,
      reply: review.reply,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
    })),
    newsletter: subscriptions.map((row) => ({
      list: row.subscriptionType,
      status: newsletterStatus(row),
      source: row.source,
      since: row.createdAt.toISOString(),
    })),
    wishlist: saved.map(({ item, productName }) => ({
      productId: item.productId,
      productName,
      addedAt: item.createdAt.toISOString(),
    })),
    cart: cart.map(({ item, productName }) => ({
      productId: item.productId,
      productName,
      quantity: item.quantity,
    })),
    savedBillingDetails: savedBilling,
    sessions: sessionRows.map((session) => ({
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.updatedAt.toISOString(),
    })),
    supportMessages: messages.map((message) => ({
      subject: message.subject,
      message: message.message,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
