import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  adminPromoMessages,
  promoStatus,
  type AdminPromoCode,
  type CreatePromo,
  type PromoStats,
  type UpdatePromo,
} from '#shared/admin-promos';
import { normalizePromoCode } from '#shared/promo';
import type { Db } from '../../db/client';
import {
  categories,
  orders,
  products,
  promoCodeCategories,
  promoCodeProducts,
  promoCodes,
  type PromoCodeRow,
} from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { changedFields, recordAudit } from '../audit';

/**
 * The promo codes' admin: one function per write, each in its own transaction with
 * its audit entry. The routes check every body with the form's own rules (#shared/admin-promos).
 */

const ENTITY = 'promo-code';
const NO_STATS: PromoStats = { uses: 0, revenueCents: 0, discountCents: 0, refundedUses: 0 };

/** What the codes' paid orders brought, per code (PromoStats says how refunds count). */
async function statsByCode(db: Db, codes?: string[]): Promise<Map<string, PromoStats>> {
  const completed = sql`${orders.status} = 'COMPLETED'`;
  const rows = await db
    .select({
      code: orders.promoCode,
      uses: sql<number>`count(*) filter (where ${completed})`.mapWith(Number),
      revenueCents:
        sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) filter (where ${completed}), 0)`.mapWith(
          Number,
        ),
      discountCents:
        sql<number>`coalesce(sum(${orders.discountCents}) filter (where ${completed}), 0)`.mapWith(
          Number,
        ),
      refundedUses: sql<number>`count(*) filter (where ${orders.status} = 'REFUNDED')`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.promoCode),
        inArray(orders.status, ['COMPLETED', 'REFUNDED']),
        codes ? inArray(orders.promoCode, codes) : undefined,
      ),
    )
    .groupBy(orders.promoCode);
  return new Map(rows.map(({ code, ...stats }) => [code!, stats]));
}

async function scopesByCode(db: Db, codes?: string[]) {
  const [productRows, categoryRows] = await Promise.all([
    db
      .select()
      .from(promoCodeProducts)
      .where(codes ? inArray(promoCodeProducts.code, codes) : undefined),
    db
      .select()
      .from(promoCodeCategories)
      .where(codes ? inArray(promoCodeCategories.code, codes) : undefined),
  ]);
  const scope = (code: string) => ({
    productIds: productRows.filter((r) => r.code === code).map((r) => r.productId),
    categoryIds: categoryRows.filter((r) => r.code === code).map((r) => r.categoryId),
  });
  return scope;
}

async function adminPromos(db: Db, rows: PromoCodeRow[]): Promise<AdminPromoCode[]> {
  const codes = rows.map((row) => row.code);
  if (codes.length === 0) return [];
  const [stats, scope] = await Promise.all([statsByCode(db, codes), scopesByCode(db, codes)]);
  const now = new Date();
  return rows.map((row) => {
    const terms = { ...row, ...scope(row.code) };
    return {
      code: row.code,
      percentOff: row.percentOff,
      amountOffCents: row.amountOffCents,
      isActive: row.isActive,
      startsAt: row.startsAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      maxRedemptions: row.maxRedemptions,
      redemptions: row.redemptions,
      oncePerCustomer: row.oncePerCustomer,
      ...scope(row.code),
      status: promoStatus(terms, now),
      stats: stats.get(row.code) ?? NO_STATS,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Every code, newest first, with its status and what its paid orders brought. */
export async function listAdminPromos(db: Db): Promise<AdminPromoCode[]> {
  const rows = await db
    .select()
    .from(promoCodes)
    .orderBy(desc(promoCodes.createdAt), asc(promoCodes.code));
  return adminPromos(db, rows);
}

export async function getAdminPromo(db: Db, typed: string): Promise<AdminPromoCode> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(typed)));
  if (!row) throw notFound(adminPromoMessages.notFound);
  const [promo] = await adminPromos(db, [row]);
  return promo!;
}

/** The fields the audit log compares, in the form's terms. */
const audited = (promo: AdminPromoCode) => ({
  percentOff: promo.percentOff,
  amountOffCents: promo.amountOffCents,
  isActive: promo.isActive,
  startsAt: promo.startsAt,
  expiresAt: promo.expiresAt,
  maxRedemptions: promo.maxRedemptions,
  oncePerCustomer: promo.oncePerCustomer,
  productIds: [...promo.productIds].sort(),
  categoryIds: [...promo.categoryIds].sort(),
});

/** Products and categories named by the form that exist; any other is a field error. */
async function refuseUnknownScope(tx: Db, input: UpdatePromo) {
  const fields: Record<string, string[]> = {};
  if (input.productIds.length > 0) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, input.productIds));
    if (found.length !== new Set(input.productIds).size)
      fields.productIds = [adminPromoMessages.unknownProducts];
  }
  if (input.categoryIds.length > 0) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, input.categoryIds));
    if (found.length !== new Set(input.categoryIds).size)
      fields.categoryIds = [adminPromoMessages.unknownCategories];
  }
  const names = Object.keys(fields);
  if (names.length > 0)
    throw new AppError('VALIDATION_FAILED', `Invalid ${names.join(', ')}`, fields);
}

const termsRow = (input: UpdatePromo) => ({
  percentOff: input.percentOff,
  amountOffCents: input.amountOffCents,
  isActive: input.isActive,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  maxRedemptions: input.maxRedemptions,
  oncePerCustomer: input.oncePerCustomer,
});

async function replaceScope(tx: Db, code: string, input: UpdatePromo) {
  await tx.delete(promoCodeProducts).where(eq(promoCodeProducts.code, code));
  await tx.delete(promoCodeCategories).where(eq(promoCodeCategories.code, code));
  const productIds = [...new Set(input.productIds)];
  const categoryIds = [...new Set(input.categoryIds)];
  if (productIds.length > 0)
    await tx.insert(promoCodeProducts).values(productIds.map((productId) => ({ code, productId })));
  if (categoryIds.length > 0)
    await tx
      .insert(promoCodeCategories)
      .values(categoryIds.map((categoryId) => ({ code, categoryId })));
}

/** A new code, stored upper-case. A code that exists, in any case, is a CONFLICT on `code`. */
export async function createPromo(
  db: Db,
  actorId: string,
  { code, ...input }: CreatePromo,
): Promise<AdminPromoCode> {
  await db.transaction(async (tx) => {
    await refuseUnknownScope(tx, input);
    const [created] = await tx
      .insert(promoCodes)
      .values({ code, ...termsRow(input) })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    if (!created)
      throw new AppError('CONFLICT', adminPromoMessages.codeTaken, {
        code: [adminPromoMessages.codeTaken],
      });
    await replaceScope(tx, code, input);
    const [after] = await adminPromos(tx, [created]);
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entityType: ENTITY,
      entityId: code,
      changes: changedFields(null, audited(after!)),
    });
  });
  return getAdminPromo(db, code);
}

/** The row, locked until the write's transaction ends; NOT_FOUND when there is none. */
async function lockedPromo(tx: Db, typed: string) {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(typed)))
    .for('update');
  if (!row) throw notFound(adminPromoMessages.notFound);
  const [promo] = await adminPromos(tx, [row]);
  return promo!;
}

/** New terms for a code; its uses so far stay, and count against a lowered cap. */
export async function updatePromo(
  db: Db,
  actorId: string,
  typed: string,
  input: UpdatePromo,
): Promise<AdminPromoCode> {
  const code = await db.transaction(async (tx) => {
    const before = await lockedPromo(tx, typed);
    await refuseUnknownScope(tx, input);
    const [row] = await tx
      .update(promoCodes)
      .set({ ...termsRow(input), updatedAt: sql`now()` })
      .where(eq(promoCodes.code, before.code))
      .returning();
    await replaceScope(tx, before.code, input);
    const [after] = await adminPromos(tx, [row!]);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: ENTITY,
      entityId: before.code,
      changes: changedFields(audited(before), audited(after!)),
    });
    return before.code;
  });
  return getAdminPromo(db, code);
}

/** Switches a code off: the store refuses it from now on; orders that used it keep their discount. */
export async function deactivatePromo(
  db: Db,
  actorId: string,
  typed: string,
): Promise<AdminPromoCode> {
  const code = await db.transaction(async (tx) => {
    const before = await lockedPromo(tx, typed);
    await tx
      .update(promoCodes)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(eq(promoCodes.code, before.code));
    await recordAudit(tx, {
      actorId,
      action: 'deactivate',
      entityType: ENTITY,
      entityId: before.code,
      changes: changedFields({ isActive: before.isActive }, { isActive: false }),
    });
    return before.code;
  });
  return getAdminPromo(db, code);
}
