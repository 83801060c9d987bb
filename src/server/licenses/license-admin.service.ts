import { and, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  ADMIN_LICENSE_SEARCH_LIMIT,
  licenseAdminMessages,
  type AddLicenseSeatsInput,
  type AdminLicense,
  type AdminLicenseStatus,
  type AdminLicenseSummary,
  type RevokeLicenseInput,
} from '#shared/admin-licenses';
import { orderNumber } from '#shared/checkout';
import { normaliseLicenseKey } from '#shared/license-keys';
import { changedFields, recordAudit } from '../admin/audit';
import type { Db } from '../db/client';
import { containing } from '../db/like-patterns';
import {
  licenseActivations,
  licenseEvents,
  licenses,
  orders,
  products,
  users,
  type LicenseEventType,
} from '../db/schema';
import { AppError, notFound } from '../http/app-error';

/**
 * The owner's side of licences (the admin's Licences section): finding a key by its text or its
 * buyer, a licence's page, and revoke, restore, add seats and reset machines. Each action takes
 * the licence row's lock, writes its licence event and its audit entry in one transaction, so two
 * owners acting at once each see the other's result (a second revoke is a 409, added seats add).
 */

const ENTITY = 'license';
/** The database's own bound on seats (licenses_seats). */
const MAX_SEATS = 10_000;

const liveMachines =
  sql<number>`(select count(*) from ${licenseActivations} where ${licenseActivations.licenseId} = ${licenses.id} and ${licenseActivations.deactivatedAt} is null)`.mapWith(
    Number,
  );

function statusOf(license: typeof licenses.$inferSelect, now: Date): AdminLicenseStatus {
  if (license.revokedAt) return 'revoked';
  if (license.expiresAt && license.expiresAt <= now) return 'expired';
  return 'active';
}

const productName = (name: string | null) => name ?? 'A product no longer in the store';

/**
 * Licences whose key is the text (any case, spaces or dashes: normaliseLicenseKey), or whose
 * order's or buyer's e-mail contains it; newest first, at most ADMIN_LICENSE_SEARCH_LIMIT.
 */
export async function searchLicenses(db: Db, q: string): Promise<AdminLicenseSummary[]> {
  const key = normaliseLicenseKey(q);
  const where = key
    ? eq(licenses.key, key)
    : or(ilike(orders.email, containing(q)), ilike(users.email, containing(q)));
  const rows = await db
    .select({
      license: licenses,
      productName: products.name,
      email: orders.email,
      machines: liveMachines,
    })
    .from(licenses)
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .leftJoin(users, eq(users.id, licenses.userId))
    .leftJoin(products, eq(products.id, licenses.productId))
    .where(where)
    .orderBy(desc(licenses.createdAt), desc(licenses.id))
    .limit(ADMIN_LICENSE_SEARCH_LIMIT);
  const now = new Date();
  return rows.map((row) => ({
    id: row.license.id,
    key: row.license.key,
    product: { id: row.license.productId, name: productName(row.productName) },
    email: row.email,
    seats: row.license.seats,
    machines: row.machines,
    status: statusOf(row.license, now),
    createdAt: row.license.createdAt.toISOString(),
  }));
}

/** A licence's page: product, buyer, order, seats, status, every activation and its history. */
export async function adminLicense(db: Db, id: string): Promise<AdminLicense> {
  const [row] = await db
    .select({
      license: licenses,
      productName: products.name,
      email: orders.email,
      buyerEmail: users.email,
      machines: liveMachines,
    })
    .from(licenses)
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .leftJoin(users, eq(users.id, licenses.userId))
    .leftJoin(products, eq(products.id, licenses.productId))
    .where(eq(licenses.id, id));
  if (!row) throw notFound(licenseAdminMessages.notFound);
  const [activations, events] = await Promise.all([
    db
      .select()
      .from(licenseActivations)
      .where(eq(licenseActivations.licenseId, id))
      .orderBy(
        sql`${licenseActivations.deactivatedAt} is not null`,
        desc(sql`coalesce(${licenseActivations.deactivatedAt}, ${licenseActivations.lastSeenAt})`),
        desc(licenseActivations.id),
      ),
    db
      .select()
      .from(licenseEvents)
      .where(eq(licenseEvents.licenseId, id))
      .orderBy(desc(licenseEvents.createdAt), desc(licenseEvents.id)),
  ]);
  const { license } = row;
  return {
    id: license.id,
    key: license.key,
    product: { id: license.productId, name: productName(row.productName) },
    email: row.email,
    seats: license.seats,
    machines: row.machines,
    status: statusOf(license, new Date()),
    createdAt: license.createdAt.toISOString(),
    order: { id: license.orderId, orderNumber: orderNumber(license.orderId) },
    buyer: license.userId && row.buyerEmail ? { id: license.userId, email: row.buyerEmail } : null,
    expiresAt: license.expiresAt?.toISOString() ?? null,
    revokedAt: license.revokedAt?.toISOString() ?? null,
    revokedReason: license.revokedReason,
    activations: activations.map((a) => ({
      id: a.id,
      machineId: a.machineId,
      machineName: a.machineName,
      firstSeenAt: a.firstSeenAt.toISOString(),
      lastSeenAt: a.lastSeenAt.toISOString(),
      deactivatedAt: a.deactivatedAt?.toISOString() ?? null,
    })),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      machineId: e.machineId,
      actor: e.actor,
      detail: e.detail,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/** One owner's action on one licence, under the licence row's lock, with its event. */
async function act(
  db: Db,
  actorId: string,
  id: string,
  action: (
    tx: Db,
    license: typeof licenses.$inferSelect,
  ) => Promise<{
    type: LicenseEventType;
    detail: Record<string, unknown>;
    changes: Record<string, [unknown, unknown]>;
  } | null>,
): Promise<AdminLicense> {
  await db.transaction(async (tx) => {
    const [license] = await tx.select().from(licenses).where(eq(licenses.id, id)).for('update');
    if (!license) throw notFound(licenseAdminMessages.notFound);
    const done = await action(tx, license);
    if (!done) return;
    await tx.insert(licenseEvents).values({
      licenseId: id,
      type: done.type,
      actor: `owner:${actorId}`,
      detail: done.detail,
    });
    await recordAudit(tx, {
      actorId,
      action: done.type,
      entityType: ENTITY,
      entityId: id,
      changes: done.changes,
    });
  });
  return adminLicense(db, id);
}

const revocation = (license: typeof licenses.$inferSelect) => ({
  revokedAt: license.revokedAt,
  revokedReason: license.revokedReason,
});

/** Revokes a licence in force: validate answers `revoked` from now on. A revoked one: 409. */
export function revokeLicense(db: Db, actorId: string, id: string, input: RevokeLicenseInput) {
  return act(db, actorId, id, async (tx, license) => {
    const [after] = await tx
      .update(licenses)
      .set({ revokedAt: new Date(), revokedReason: input.reason })
      .where(and(eq(licenses.id, id), isNull(licenses.revokedAt)))
      .returning();
    if (!after) throw new AppError('CONFLICT', licenseAdminMessages.alreadyRevoked);
    return {
      type: 'revoked',
      detail: { reason: input.reason },
      changes: changedFields(revocation(license), revocation(after)),
    };
  });
}

/** Puts a revoked licence back in force. One not revoked: 409. */
export function restoreLicense(db: Db, actorId: string, id: string) {
  return act(db, actorId, id, async (tx, license) => {
    const [after] = await tx
      .update(licenses)
      .set({ revokedAt: null, revokedReason: null })
      .where(and(eq(licenses.id, id), isNotNull(licenses.revokedAt)))
      .returning();
    if (!after) throw new AppError('CONFLICT', licenseAdminMessages.notRevoked);
    return {
      type: 'restored',
      detail: { reason: license.revokedReason },
      changes: changedFields(revocation(license), revocation(after)),
    };
  });
}

/** Adds seats in the database (seats = seats + n), so two owners adding at once both count. */
export function addLicenseSeats(db: Db, actorId: string, id: string, input: AddLicenseSeatsInput) {
  return act(db, actorId, id, async (tx) => {
    const [after] = await tx
      .update(licenses)
      .set({ seats: sql`${licenses.seats} + ${input.seats}` })
      .where(and(eq(licenses.id, id), sql`${licenses.seats} + ${input.seats} <= ${MAX_SEATS}`))
      .returning();
    if (!after) throw new AppError('CONFLICT', licenseAdminMessages.tooManySeats);
    const before = after.seats - input.seats;
    return {
      type: 'seats_added',
      detail: { added: input.seats, seats: after.seats },
      changes: { seats: [before, after.seats] },
    };
  });
}

/**
 * Frees every machine of the licence (a buyer's new studio, a lost laptop). The owner's reset is
 * not a swap: it records `machines_reset`, which the swap limit does not count. No machines: no
 * event, no audit entry.
 */
export function resetLicenseMachines(db: Db, actorId: string, id: string) {
  return act(db, actorId, id, async (tx) => {
    const freed = await tx
      .update(licenseActivations)
      .set({ deactivatedAt: new Date() })
      .where(and(eq(licenseActivations.licenseId, id), isNull(licenseActivations.deactivatedAt)))
      .returning({ machineId: licenseActivations.machineId });
    if (freed.length === 0) return null;
    return {
      type: 'machines_reset',
      detail: { machines: freed.map((m) => m.machineId).sort() },
      changes: { machines: [freed.length, 0] },
    };
  });
}
