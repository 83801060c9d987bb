import { randomBytes } from 'node:crypto';
import { licenseKeyFrom } from '#shared/license-keys';
import type { Db } from '#server/db/client';
import {
  licenseActivations,
  licenseEvents,
  licenses,
  type OrderRow,
  type ProductRow,
} from '#server/db/schema';
import { createOrder, createProduct } from './factories';

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
  const product =
    options.product ??
    (await createProduct(db, { licenseKeys: true, activationLimit: options.seats ?? 3 }));
  const { order, item } = await createOrder(db, product, {
    userId: buyer.userId,
    email: buyer.email,
    status: 'COMPLETED',
  });
  const [license] = await db
    .insert(licenses)
    .values({
      key: licenseKeyFrom(randomBytes(15)),
      orderId: order.id,
      orderItemId: item.id,
      ordinal: 1,
      productId: product.id,
      userId: buyer.userId,
      seats: options.seats ?? 3,
      revokedAt: options.revokedAt ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!license) throw new Error('licence not created');
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
