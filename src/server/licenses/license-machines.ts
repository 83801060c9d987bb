import { and, count, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import {
  DEACTIVATIONS_PER_30_DAYS,
  licenseMessages,
  type LicenseMachineView,
  type LicenseView,
} from '#shared/licenses';
import type { Db } from '../db/client';
import { licenseActivations, licenseEvents, licenses, products } from '../db/schema';
import { AppError, notFound } from '../http/app-error';

/**
 * The buyer's side of their keys: the hub's list with each key's live machines, and freeing a
 * machine from the hub. Freeing is a deactivation like the licence API's, so it counts toward
 * the same swap limit: the hub is not a way round it.
 */

export const licenseMachineMessages = {
  notFound: 'Machine not found',
} as const;

const SWAP_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in buyer's licences, newest first, each with its live machines (last seen first). */
export async function listLicensesForUser(db: Db, userId: string): Promise<LicenseView[]> {
  const rows = await db
    .select({ license: licenses, productName: products.name })
    .from(licenses)
    .leftJoin(products, eq(products.id, licenses.productId))
    .where(eq(licenses.userId, userId))
    .orderBy(desc(licenses.createdAt), desc(licenses.id));
  if (rows.length === 0) return [];
  const machines = await db
    .select()
    .from(licenseActivations)
    .where(
      and(
        inArray(
          licenseActivations.licenseId,
          rows.map((row) => row.license.id),
        ),
        isNull(licenseActivations.deactivatedAt),
      ),
    )
    .orderBy(desc(licenseActivations.lastSeenAt), desc(licenseActivations.id));
  const byLicense = new Map<string, LicenseMachineView[]>();
  for (const machine of machines) {
    const list = byLicense.get(machine.licenseId) ?? [];
    list.push({
      id: machine.id,
      name: machine.machineName,
      firstSeenAt: machine.firstSeenAt.toISOString(),
      lastSeenAt: machine.lastSeenAt.toISOString(),
    });
    byLicense.set(machine.licenseId, list);
  }
  return rows.map(({ license, productName }) => ({
    id: license.id,
    key: license.key,
    orderId: license.orderId,
    // A product deleted since keeps its licences; the name is then unknown to the store.
    product: { id: license.productId, name: productName ?? 'A product no longer in the store' },
    seats: license.seats,
    expiresAt: license.expiresAt?.toISOString() ?? null,
    revokedAt: license.revokedAt?.toISOString() ?? null,
    createdAt: license.createdAt.toISOString(),
    machines: byLicense.get(license.id) ?? [],
  }));
}

/** The key's deactivations in the last 30 days (any actor's): the swap limit's count. */
export async function recentDeactivations(tx: Db, licenseId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(licenseEvents)
    .where(
      and(
        eq(licenseEvents.licenseId, licenseId),
        eq(licenseEvents.type, 'deactivated'),
        gte(licenseEvents.createdAt, new Date(now.getTime() - SWAP_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Frees one machine of the buyer's own licence: another buyer's licence, an unknown machine or
 * one already freed are all 404, alike. Under the licence row's lock, so two frees of one key
 * cannot both slip under the swap limit; past it, 429 with the licence API's own message.
 */
export async function freeMachine(
  db: Db,
  userId: string,
  licenseId: string,
  activationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [license] = await tx
      .select({ id: licenses.id })
      .from(licenses)
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
      .for('update');
    if (!license) throw notFound(licenseMachineMessages.notFound);
    const [machine] = await tx
      .select({ id: licenseActivations.id })
      .from(licenseActivations)
      .where(
        and(
          eq(licenseActivations.id, activationId),
          eq(licenseActivations.licenseId, licenseId),
          isNull(licenseActivations.deactivatedAt),
        ),
      );
    if (!machine) throw notFound(licenseMachineMessages.notFound);
    const now = new Date();
    if ((await recentDeactivations(tx, licenseId, now)) >= DEACTIVATIONS_PER_30_DAYS) {
      throw new AppError('RATE_LIMITED', licenseMessages.tooManySwaps);
    }
    const [freed] = await tx
      .update(licenseActivations)
      .set({ deactivatedAt: now })
      .where(and(eq(licenseActivations.id, machine.id), isNull(licenseActivations.deactivatedAt)))
      .returning();
    if (!freed) throw notFound(licenseMachineMessages.notFound);
    await tx.insert(licenseEvents).values({
      licenseId,
      type: 'deactivated',
      machineId: freed.machineId,
      actor: 'buyer',
      detail: { machineName: freed.machineName },
      createdAt: now,
    });
  });
}
