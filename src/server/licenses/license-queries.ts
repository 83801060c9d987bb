import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { GuestOrderLicense, OrderLicenseKey } from '#shared/orders';
import type { LicenseMachineView, LicenseView } from '#shared/licenses';
import type { Db } from '../db/client';
import { licenseActivations, licenses, products } from '../db/schema';

type LicenseRow = typeof licenses.$inferSelect;

/**
 * GET /api/licenses: the buyer's own keys, newest first, each with its live machines (the one
 * last seen first).
 */
export async function listLicenses(db: Db, userId: string): Promise<LicenseView[]> {
  const rows = await db
    .select({ license: licenses, productName: products.name })
    .from(licenses)
    .leftJoin(products, eq(products.id, licenses.productId))
    .where(eq(licenses.userId, userId))
    .orderBy(desc(licenses.createdAt), asc(licenses.ordinal), asc(licenses.id));
  const machines = await liveMachinesOf(
    db,
    rows.map(({ license }) => license.id),
  );
  return rows.map(({ license, productName }) => ({
    id: license.id,
    key: license.key,
    orderId: license.orderId,
    product: { id: license.productId, name: productName ?? 'A product no longer sold' },
    seats: license.seats,
    expiresAt: license.expiresAt?.toISOString() ?? null,
    revokedAt: license.revokedAt?.toISOString() ?? null,
    createdAt: license.createdAt.toISOString(),
    machines: machines.get(license.id) ?? [],
  }));
}

async function liveMachinesOf(db: Db, licenseIds: string[]) {
  const byLicense = new Map<string, LicenseMachineView[]>();
  if (licenseIds.length === 0) return byLicense;
  const rows = await db
    .select()
    .from(licenseActivations)
    .where(
      and(
        inArray(licenseActivations.licenseId, licenseIds),
        isNull(licenseActivations.deactivatedAt),
      ),
    )
    .orderBy(desc(licenseActivations.lastSeenAt), desc(licenseActivations.id));
  for (const row of rows) {
    const list = byLicense.get(row.licenseId) ?? [];
    list.push({
      id: row.id,
      name: row.machineName,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    });
    byLicense.set(row.licenseId, list);
  }
  return byLicense;
}

/**
 * The keys of orders, by order line, in ordinal order: for the views of orders their buyer reads
 * (the order page, the guest page, the receipt). The caller has already made sure whose they are.
 */
export async function licenseKeysOfOrders(
  db: Db,
  orderIds: string[],
): Promise<Map<string, OrderLicenseKey[]>> {
  const byLine = new Map<string, OrderLicenseKey[]>();
  if (orderIds.length === 0) return byLine;
  const rows = await db
    .select()
    .from(licenses)
    .where(inArray(licenses.orderId, orderIds))
    .orderBy(asc(licenses.ordinal));
  for (const row of rows) {
    const list = byLine.get(row.orderItemId) ?? [];
    list.push(keyView(row));
    byLine.set(row.orderItemId, list);
  }
  return byLine;
}

/** The keys of one order with their products' names: the guest order page (its signed link). */
export async function guestOrderLicenses(db: Db, orderId: string): Promise<GuestOrderLicense[]> {
  const rows = await db
    .select({ license: licenses, productName: products.name })
    .from(licenses)
    .leftJoin(products, eq(products.id, licenses.productId))
    .where(eq(licenses.orderId, orderId))
    .orderBy(asc(licenses.createdAt), asc(licenses.orderItemId), asc(licenses.ordinal));
  return rows.map(({ license, productName }) => ({
    ...keyView(license),
    orderItemId: license.orderItemId,
    productName: productName ?? 'A product no longer sold',
  }));
}

function keyView(row: LicenseRow): OrderLicenseKey {
  return {
    key: row.key,
    seats: row.seats,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
