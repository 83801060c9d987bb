import type { Db } from '#server/db/client';
import {
  licenseActivations,
  licenseEvents,
  type OrderRow,
  type ProductRow,
} from '#server/db/schema';
import { createLicense } from './license-rows';

/** A machine a test licence is activated on (deactivated when `deactivatedAt` is set). */
export interface TestMachine {
  machineId: string;
  machineName?: string | null;
  firstSeenAt?: Date;
  lastSeenAt?: Date;
  deactivatedAt?: Date | null;
}

/**
 * A completed order of one licensed product with its licence and machines, written straight to
 * the database as fulfilment would leave them (an `issued` event, an `activated` one per
 * machine): tests of the hub and the admin do not depend on fulfilment issuing keys.
 */
export async function createLicensedOrder(
  db: Db,
  buyer: { userId: string | null; email: string },
  options: {
    product?: ProductRow;
    seats?: number;
    machines?: TestMachine[];
    createdAt?: Date;
    revokedAt?: Date | null;
  } = {},
) {
  const { product, order, item, license } = await createLicense(db, {
    buyer,
    seats: options.seats ?? 3,
    revokedAt: options.revokedAt ?? null,
    ...(options.product ? { product: options.product } : {}),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  await db.insert(licenseEvents).values({ licenseId: license.id, type: 'issued', actor: 'system' });
  const activations = [];
  for (const machine of options.machines ?? []) {
    const [row] = await db
      .insert(licenseActivations)
      .values({ licenseId: license.id, ...machine })
      .returning();
    await db.insert(licenseEvents).values({
      licenseId: license.id,
      type: 'activated',
      machineId: machine.machineId,
      actor: 'plugin',
    });
    activations.push(row!);
  }
  return { product, order: order as OrderRow, item, license, activations };
}
