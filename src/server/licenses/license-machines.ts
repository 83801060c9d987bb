import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { DEACTIVATIONS_PER_30_DAYS, licenseMessages } from '#shared/licenses';
import type { Db } from '../db/client';
import { licenseActivations, licenseEvents, licenses } from '../db/schema';
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
