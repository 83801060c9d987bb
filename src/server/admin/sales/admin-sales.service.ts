import { desc, eq, sql } from 'drizzle-orm';
import { adminSaleMessages, saleStatus, type AdminSale, type SaleInput } from '#shared/admin-sales';
import type { Db } from '../../db/client';
import { categories, products, sales, type SaleRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { CatalogueChanges } from '../../catalogue/catalogue-changes';
import { changedFields, recordAudit } from '../audit';

/**
 * The automatic sales' admin (docs/discounts.md): one function per write, each in its own
 * transaction with its audit entry and its announcement as a catalogue change, so every
 * process drops its cached pages and facet index and re-arms its sale clock
 * (sales/sale-clock.ts). The routes check every body with the form's rules (#shared/admin-sales).
 */

const ENTITY = 'sale';

export interface AdminSalesDeps {
  db: Db;
  changes: CatalogueChanges;
}

const withTarget = (db: Db) =>
  db
    .select({
      sale: sales,
      targetName: sql<string>`coalesce(${products.name}, ${categories.name}, '')`,
      now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(sales)
    .leftJoin(products, eq(products.id, sales.productId))
    .leftJoin(categories, eq(categories.id, sales.categoryId));

function toAdminSale(row: { sale: SaleRow; targetName: string; now: Date }): AdminSale {
  const { sale } = row;
  return {
    id: sale.id,
    name: sale.name,
    percentOff: sale.percentOff,
    productId: sale.productId,
    categoryId: sale.categoryId,
    targetName: row.targetName,
    startsAt: sale.startsAt.toISOString(),
    endsAt: sale.endsAt.toISOString(),
    status: saleStatus(sale, row.now),
    createdAt: sale.createdAt.toISOString(),
  };
}

/** Every sale, the latest to start first. */
export async function listAdminSales(db: Db): Promise<AdminSale[]> {
  const rows = await withTarget(db).orderBy(desc(sales.startsAt), desc(sales.id));
  return rows.map(toAdminSale);
}

export async function getAdminSale(db: Db, id: string): Promise<AdminSale> {
  const [row] = await withTarget(db).where(eq(sales.id, id));
  if (!row) throw notFound(adminSaleMessages.notFound);
  return toAdminSale(row);
}

/** The fields the audit log compares, in the form's terms. */
const audited = (sale: AdminSale) => ({
  name: sale.name,
  percentOff: sale.percentOff,
  productId: sale.productId,
  categoryId: sale.categoryId,
  startsAt: sale.startsAt,
  endsAt: sale.endsAt,
});

/** The product or category the form names exists; otherwise a field error. */
async function refuseUnknownTarget(tx: Db, input: SaleInput) {
  if (input.productId) {
    const [found] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!found)
      throw new AppError('VALIDATION_FAILED', 'Invalid productId', {
        productId: [adminSaleMessages.unknownProduct],
      });
  }
  if (input.categoryId) {
    const [found] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (!found)
      throw new AppError('VALIDATION_FAILED', 'Invalid categoryId', {
        categoryId: [adminSaleMessages.unknownCategory],
      });
  }
}

const saleRow = (input: SaleInput) => ({
  name: input.name,
  percentOff: input.percentOff,
  productId: input.productId,
  categoryId: input.categoryId,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
});

/** The write's transaction: its audit entry and its announcement commit with it. */
async function catalogueWrite<T>(
  { db, changes }: AdminSalesDeps,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await write(tx);
    await changes.announce(tx);
    return value;
  });
  changes.notify();
  return result;
}

export async function createSale(
  deps: AdminSalesDeps,
  actorId: string,
  input: SaleInput,
): Promise<AdminSale> {
  const id = await catalogueWrite(deps, async (tx) => {
    await refuseUnknownTarget(tx, input);
    const [created] = await tx.insert(sales).values(saleRow(input)).returning({ id: sales.id });
    const after = await getAdminSale(tx, created!.id);
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entityType: ENTITY,
      entityId: after.id,
      changes: changedFields(null, audited(after)),
    });
    return after.id;
  });
  return getAdminSale(deps.db, id);
}

/** The sale, its row locked until the write's transaction ends; NOT_FOUND when there is none. */
async function lockedSale(tx: Db, id: string): Promise<AdminSale> {
  const [row] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, id)).for('update');
  if (!row) throw notFound(adminSaleMessages.notFound);
  return getAdminSale(tx, id);
}

/** New terms for a sale, whatever its status. */
export async function updateSale(
  deps: AdminSalesDeps,
  actorId: string,
  id: string,
  input: SaleInput,
): Promise<AdminSale> {
  await catalogueWrite(deps, async (tx) => {
    const before = await lockedSale(tx, id);
    await refuseUnknownTarget(tx, input);
    await tx
      .update(sales)
      .set({ ...saleRow(input), updatedAt: sql`now()` })
      .where(eq(sales.id, id));
    const after = await getAdminSale(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(audited(before), audited(after)),
    });
  });
  return getAdminSale(deps.db, id);
}

/**
 * Ends a running sale now: the store charges the list price from this moment. A sale that has
 * not started is deleted instead; one that has ended is left as it is.
 */
export async function endSale(
  deps: AdminSalesDeps,
  actorId: string,
  id: string,
): Promise<AdminSale> {
  await catalogueWrite(deps, async (tx) => {
    const before = await lockedSale(tx, id);
    if (before.status === 'scheduled') throw new AppError('CONFLICT', adminSaleMessages.notStarted);
    if (before.status === 'ended') throw new AppError('CONFLICT', adminSaleMessages.ended);
    // now() is past the start (the sale runs), so the window check holds.
    await tx
      .update(sales)
      .set({
        endsAt: sql`greatest(now(), ${sales.startsAt} + interval '1 millisecond')`,
        updatedAt: sql`now()`,
      })
      .where(eq(sales.id, id));
    const after = await getAdminSale(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'end',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields({ endsAt: before.endsAt }, { endsAt: after.endsAt }),
    });
  });
  return getAdminSale(deps.db, id);
}

/** Deletes a sale: orders it priced keep what they paid. */
export async function deleteSale(deps: AdminSalesDeps, actorId: string, id: string): Promise<void> {
  await catalogueWrite(deps, async (tx) => {
    const before = await lockedSale(tx, id);
    await tx.delete(sales).where(eq(sales.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entityType: ENTITY,
      entityId: id,
      changes: changedFields(audited(before), {}),
    });
  });
}
