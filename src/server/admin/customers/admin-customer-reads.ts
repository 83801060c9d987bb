import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  max,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  AdminCustomer,
  AdminCustomerDownload,
  AdminCustomerOrder,
  AdminCustomerPage,
  AdminCustomerSession,
  AdminCustomerRow,
  AdminCustomerSummary,
  AdminGuest,
  AdminGuestSummary,
  CustomerBan,
} from '#shared/admin-customers';
import { customerMessages } from '#shared/admin-customers';
import { orderNumber } from '#shared/checkout';
import { queryRows, type Db } from '../../db/client';
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

/** What an order came to for the store: its total once paid, less what was refunded. */
export const spentOf = (alias: string) =>
  sql.raw(
    `coalesce(sum(${alias}.total_cents - ${alias}.refunded_cents) filter (where ${alias}.completed_at is not null), 0)`,
  );

/** The account's paid orders less refunds (cents). */
const accountSpent =
  sql<number>`(select ${spentOf('o')} from ${orders} o where o.user_id = ${sql.identifier('users')}.${sql.identifier('id')})`
    .mapWith(Number)
    .as('spent_cents');

type AccountRow = typeof users.$inferSelect & { orderCount: number; spentCents: number };

function summary(row: AccountRow): AdminCustomerSummary {
  return {
    kind: 'account',
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    emailVerified: row.emailVerified,
    ban: banInForce(row),
    orderCount: row.orderCount,
    spentCents: row.spentCents,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Guest buyers, one row per address (in lower case, as orders are matched to accounts): orders without an account whose address
 * no account has, at least one of them paid; never a deleted account's orders (their personal
 * fields are gone). `where` narrows the orders read (a search), `email` picks one address.
 */
export function guestBuyers(filter: SQL | undefined) {
  return sql`
    select g.* from (
      select lower(o.email) as email, count(*)::integer as order_count,
        ${spentOf('o')}::integer as spent_cents, min(o.created_at) as created_at
      from ${orders} o
      where o.user_id is null and o.customer_deleted_at is null ${filter ? sql`and ${filter}` : sql``}
      group by lower(o.email)
      having count(*) filter (where o.completed_at is not null) > 0
    ) g
    where not exists (select 1 from ${users} u where lower(u.email) = g.email)`;
}

interface GuestRow {
  email: string;
  order_count: number;
  spent_cents: number;
  created_at: Date | string;
}

const guestSummary = (row: GuestRow): AdminGuestSummary => ({
  kind: 'guest',
  email: row.email,
  orderCount: Number(row.order_count),
  spentCents: Number(row.spent_cents),
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * A page of the store's buyers, newest first: accounts (by when they joined) and guest buyers
 * (by their first order) together; `q` finds a part of the email (or of an account's name). The
 * database pages the union; only the page's accounts are then read whole.
 */
export async function listAdminCustomers(
  db: Db,
  query: CustomerListQuery,
): Promise<AdminCustomerPage> {
  const text = query.q?.trim();
  const pattern = text ? containing(text) : null;
  const accountWhere = pattern
    ? sql`(u.email ilike ${pattern} or u.name ilike ${pattern})`
    : sql`true`;
  const everyone = sql`
    select 'account' as kind, u.id::text as id, u.email, u.created_at, 0 as order_count,
      0 as spent_cents
    from ${users} u where ${accountWhere}
    union all
    select 'guest', null, g.email, g.created_at, g.order_count, g.spent_cents
    from (${guestBuyers(pattern ? sql`o.email ilike ${pattern}` : undefined)}) g`;
  // One pass over the union gives the page and the count; only a page past the end counts again.
  const rows = await queryRows<
    GuestRow & { kind: 'account' | 'guest'; id: string | null; total: number }
  >(
    db,
    sql`select *, count(*) over ()::integer as total from (${everyone}) c
        order by c.created_at desc, c.email desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await queryRows<{ total: number }>(
            db,
            sql`select count(*)::integer as total from (${everyone}) c`,
          )
        )[0]?.total ?? 0)
      : 0);
  const accountIds = rows.flatMap((row) => (row.kind === 'account' && row.id ? [row.id] : []));
  const accounts =
    accountIds.length === 0
      ? []
      : await db
          .select({ user: users, orderCount, spentCents: accountSpent })
          .from(users)
          .where(inArray(users.id, accountIds));
  const byId = new Map(accounts.map((a) => [a.user.id, a]));
  return {
    data: rows.flatMap((row): AdminCustomerRow[] => {
      if (row.kind === 'guest') return [guestSummary(row)];
      const account = byId.get(row.id ?? '');
      return account
        ? [
            summary({
              ...account.user,
              orderCount: account.orderCount,
              spentCents: account.spentCents,
            }),
          ]
        : [];
    }),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A guest buyer's page by their address (any case); NOT_FOUND when no guest bought with it. */
export async function adminGuest(db: Db, email: string): Promise<AdminGuest> {
  const [row] = await queryRows<GuestRow>(
    db,
    guestBuyers(sql`lower(o.email) = lower(${email.trim()})`),
  );
  if (!row) throw notFound(customerMessages.guestNotFound);
  const orderRows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(
      and(
        isNull(orders.userId),
        isNull(orders.customerDeletedAt),
        sql`lower(${orders.email}) = lower(${email.trim()})`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return {
    ...guestSummary(row),
    orders: orderRows.map((order) => ({
      ...order,
      orderNumber: orderNumber(order.id),
      createdAt: order.createdAt.toISOString(),
    })),
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
  const [row] = await db
    .select({ user: users, orderCount, spentCents: accountSpent })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound(customerMessages.notFound);
  const [orderList, downloadList, sessionList] = await Promise.all([
    customerOrders(db, id),
    customerDownloads(db, id),
    customerSessions(db, id),
  ]);
  return {
    ...summary({ ...row.user, orderCount: row.orderCount, spentCents: row.spentCents }),
    orders: orderList,
    downloads: downloadList,
    sessions: sessionList,
  };
}
