import { and, count, desc, eq, gt, ilike, isNotNull, max, or, sql } from 'drizzle-orm';
import type {
  AdminCustomer,
  AdminCustomerDownload,
  AdminCustomerOrder,
  AdminCustomerPage,
  AdminCustomerSession,
  AdminCustomerSummary,
  CustomerBan,
} from '#shared/admin-customers';
import { customerMessages } from '#shared/admin-customers';
import { orderNumber } from '#shared/checkout';
import type { Db } from '../../db/client';
import { downloads, orderItems, orders, products, sessions, users } from '../../db/schema';
import { containing } from '../../db/like-patterns';
import { notFound } from '../../http/app-error';

/**
 * What the admin reads of the store's accounts: the list (searched by email or name, newest
 * first, paged by the database) and one customer's page (orders, downloads, open sessions).
 */

export interface CustomerListQuery {
  q?: string;
  page: number;
  pageSize: number;
}

/** The ban in force: none when the account is not banned or its ban has run out. */
export function banInForce(
  user: Pick<typeof users.$inferSelect, 'banned' | 'banReason' | 'banExpires'>,
  now = new Date(),
): CustomerBan | null {
  if (!user.banned) return null;
  if (user.banExpires && user.banExpires <= now) return null;
  return { reason: user.banReason, expiresAt: user.banExpires?.toISOString() ?? null };
}

/** Orders placed from the account (its id written out in full: inside the subquery a bare "id" is the order's). */
const orderCount =
  sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${sql.identifier('users')}.${sql.identifier('id')})`
    .mapWith(Number)
    .as('order_count');

function summary(row: typeof users.$inferSelect & { orderCount: number }): AdminCustomerSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    emailVerified: row.emailVerified,
    ban: banInForce(row),
    orderCount: row.orderCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of accounts, newest first; `q` finds a part of the email or of the name. */
export async function listAdminCustomers(
  db: Db,
  query: CustomerListQuery,
): Promise<AdminCustomerPage> {
  const text = query.q?.trim();
  const where = text
    ? or(ilike(users.email, containing(text)), ilike(users.name, containing(text)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, orderCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map(({ user, orderCount }) => summary({ ...user, orderCount })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function customerOrders(db: Db, userId: string): Promise<AdminCustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({
    ...row,
    orderNumber: orderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Each item of the account's paid orders: downloads used (the download log's entries for it) of
 * those allowed (used plus what remains), and when the last one was.
 */
async function customerDownloads(db: Db, userId: string): Promise<AdminCustomerDownload[]> {
  const rows = await db
    .select({
      orderItemId: orderItems.id,
      orderId: orders.id,
      productId: products.id,
      productName: products.name,
      remaining: orderItems.downloadsRemaining,
      used: count(downloads.id),
      lastDownloadAt: max(downloads.createdAt),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(downloads, eq(downloads.orderItemId, orderItems.id))
    .where(and(eq(orders.userId, userId), isNotNull(orders.completedAt)))
    .groupBy(orderItems.id, orders.id, products.id)
    .orderBy(desc(orders.completedAt), desc(orderItems.createdAt), desc(orderItems.id));
  return rows.map((row) => ({
    orderItemId: row.orderItemId,
    orderNumber: orderNumber(row.orderId),
    productId: row.productId,
    productName: row.productName,
    used: row.used,
    allowed: row.used + row.remaining,
    lastDownloadAt: row.lastDownloadAt ? new Date(row.lastDownloadAt).toISOString() : null,
  }));
}

/** The account's sessions that have not expired, the most recently used first. */
async function customerSessions(db: Db, userId: string): Promise<AdminCustomerSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  }));
}

/** One account's page; NOT_FOUND for an id no account has. */
export async function adminCustomer(db: Db, id: string): Promise<AdminCustomer> {
  const [row] = await db.select({ user: users, orderCount }).from(users).where(eq(users.id, id));
  if (!row) throw notFound(customerMessages.notFound);
  const [orderList, downloadList, sessionList] = await Promise.all([
    customerOrders(db, id),
    customerDownloads(db, id),
    customerSessions(db, id),
  ]);
  return {
    ...summary({ ...row.user, orderCount: row.orderCount }),
    orders: orderList,
    downloads: downloadList,
    sessions: sessionList,
  };
}
