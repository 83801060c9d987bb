import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  AFFILIATE_SETTINGS_KEY,
  affiliateMessages,
  affiliateSettingsSchema,
  owedCents,
  referralLink,
  type AdminAffiliate,
  type AffiliatePayout,
  type AffiliateSettings,
  type InviteAffiliate,
  type MyAffiliate,
  type UpdateAffiliate,
} from '#shared/affiliates';
import { orderNumber } from '#shared/checkout';
import { queryRows, type Db } from '../db/client';
import {
  affiliateClicks,
  affiliateCommissions,
  affiliatePayouts,
  affiliates,
  orderItems,
  products,
  users,
} from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { changedFields, recordAudit } from '../admin/audit';
import { readSettings, writeSettings } from '../settings/store-settings';
import { affiliateFigures, toAdminAffiliate, type AffiliateFiguresRow } from './affiliate-figures';

export const readAffiliateSettings = (db: Db) =>
  readSettings(db, AFFILIATE_SETTINGS_KEY, affiliateSettingsSchema);

/** Admin → Settings: how many days a referral is remembered; audited. */
export const saveAffiliateSettings = (db: Db, actorId: string, value: AffiliateSettings) =>
  writeSettings(db, AFFILIATE_SETTINGS_KEY, affiliateSettingsSchema, value, actorId);

/**
 * A store page opened with `?ref=<code>`: the active affiliate's code and how long to remember
 * it, or null for an unknown or inactive code (ignored). The click is counted on the day's one
 * counter, unless the browser already carries this code (a reload is no new click).
 */
export async function landOnReferral(
  db: Db,
  code: string,
  alreadyCarried: boolean,
): Promise<{ code: string; cookieDays: number } | null> {
  const [affiliate] = await db
    .select({ id: affiliates.id, code: affiliates.code })
    .from(affiliates)
    .where(and(eq(affiliates.code, code), eq(affiliates.status, 'active')));
  if (!affiliate) return null;
  if (!alreadyCarried) {
    await db
      .insert(affiliateClicks)
      .values({ affiliateId: affiliate.id, day: sql`current_date` })
      .onConflictDoUpdate({
        target: [affiliateClicks.affiliateId, affiliateClicks.day],
        set: { clicks: sql`${affiliateClicks.clicks} + 1` },
      });
  }
  const { cookieDays } = await readAffiliateSettings(db);
  return { code: affiliate.code, cookieDays };
}

async function readAffiliate(db: Db, id: string): Promise<AdminAffiliate> {
  const [row] = await queryRows<AffiliateFiguresRow>(db, affiliateFigures(sql`a.id = ${id}`));
  if (!row) throw notFound(affiliateMessages.notFound);
  return toAdminAffiliate(row);
}

/** Every affiliate with their figures, newest first (GET /api/admin/affiliates). */
export async function listAffiliates(db: Db): Promise<AdminAffiliate[]> {
  const rows = await queryRows<AffiliateFiguresRow>(
    db,
    sql`${affiliateFigures()} order by a.created_at desc, a.id`,
  );
  return rows.map(toAdminAffiliate);
}

/** A code from an address's local part: "Ana.Lima+x@…" → "ana-lima-x". */
function codeFrom(email: string): string {
  const base = (email.split('@')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 24)
    .replace(/^-+|-+$/g, '');
  return base.length >= 3 ? base : `ref-${base || 'a'}`.slice(0, 24);
}

const AUDIT_FIELDS = (row: { code: string; percentBasisPoints: number; status: string }) => ({
  code: row.code,
  percentBasisPoints: row.percentBasisPoints,
  status: row.status,
});

/**
 * The owner makes an existing account an affiliate (POST /api/admin/affiliates), with the code
 * given or one made from its address (a number added while it is taken); audited.
 */
export async function inviteAffiliate(
  db: Db,
  actorId: string,
  input: InviteAffiliate,
): Promise<AdminAffiliate> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (!user)
    throw new AppError('VALIDATION_FAILED', affiliateMessages.noAccount, {
      email: [affiliateMessages.noAccount],
    });
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(eq(affiliates.userId, user.id));
    if (existing) throw new AppError('CONFLICT', affiliateMessages.alreadyAffiliate);
    const base = input.code ?? codeFrom(input.email);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const code =
        attempt === 0 ? base : `${base.slice(0, 27)}-${Math.floor(1000 + Math.random() * 9000)}`;
      const [made] = await tx
        .insert(affiliates)
        .values({ userId: user.id, code, percentBasisPoints: input.percentBasisPoints })
        .onConflictDoNothing()
        .returning();
      if (made) {
        await recordAudit(tx, {
          actorId,
          action: 'affiliate.invite',
          entityType: 'affiliate',
          entityId: made.id,
          changes: changedFields(null, { userId: user.id, ...AUDIT_FIELDS(made) }),
        });
        return made.id;
      }
      // A code chosen by the owner is theirs to change; a made-up one tries another number.
      if (input.code) throw new AppError('CONFLICT', affiliateMessages.codeTaken);
    }
    throw new AppError('CONFLICT', affiliateMessages.codeTaken);
  });
  return readAffiliate(db, id);
}

/** The owner changes an affiliate's percent or status (PATCH /api/admin/affiliates/:id); audited. */
export async function updateAffiliate(
  db: Db,
  actorId: string,
  id: string,
  input: UpdateAffiliate,
): Promise<AdminAffiliate> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(affiliates).where(eq(affiliates.id, id)).for('update');
    if (!before) throw notFound(affiliateMessages.notFound);
    const [after] = await tx
      .update(affiliates)
      .set({
        percentBasisPoints: input.percentBasisPoints ?? before.percentBasisPoints,
        status: input.status ?? before.status,
      })
      .where(eq(affiliates.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'affiliate.update',
      entityType: 'affiliate',
      entityId: id,
      changes: changedFields(AUDIT_FIELDS(before), AUDIT_FIELDS(after!)),
    });
  });
  return readAffiliate(db, id);
}

/**
 * The owner paid an affiliate what is owed (POST /api/admin/affiliates/:id/payouts): the payout
 * is that amount, and names the commissions it settles (earned, not reversed, not paid before).
 * The affiliate's row is locked first, as a refund's reversal locks it (affiliate-commissions.ts),
 * so the two take turns: a commission reversed first is not paid; one paid first, then reversed,
 * is owed back from the next payout. Nothing owed is a 409.
 */
export async function recordPayout(db: Db, actorId: string, id: string): Promise<AffiliatePayout> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(eq(affiliates.id, id))
      .for('update');
    if (!locked) throw notFound(affiliateMessages.notFound);
    const [row] = await queryRows<AffiliateFiguresRow>(tx, affiliateFigures(sql`a.id = ${id}`));
    const owed = owedCents({
      earnedCents: Number(row!.earned_cents),
      reversedCents: Number(row!.reversed_cents),
      paidCents: Number(row!.paid_cents),
    });
    if (owed <= 0) throw new AppError('CONFLICT', affiliateMessages.nothingOwed);
    const [payout] = await tx
      .insert(affiliatePayouts)
      .values({ affiliateId: id, amountCents: owed, paidBy: actorId })
      .returning();
    const settled = await tx
      .update(affiliateCommissions)
      .set({ payoutId: payout!.id })
      .where(
        and(
          eq(affiliateCommissions.affiliateId, id),
          isNull(affiliateCommissions.payoutId),
          isNull(affiliateCommissions.reversedAt),
        ),
      )
      .returning({ id: affiliateCommissions.id });
    await recordAudit(tx, {
      actorId,
      action: 'affiliate.payout',
      entityType: 'affiliate',
      entityId: id,
      changes: { paidCents: [Number(row!.paid_cents), Number(row!.paid_cents) + owed] },
    });
    return {
      id: payout!.id,
      amountCents: owed,
      paidAt: payout!.paidAt.toISOString(),
      commissions: settled.length,
    };
  });
}

/** The most recent commissions and payouts the affiliate's page lists. */
const RECENT = 50;

/**
 * The signed-in affiliate's own page (GET /api/account/affiliate): their link, figures, recent
 * commissions (reversed ones marked) and payouts; 404 for an account that is no affiliate.
 */
export async function myAffiliate(db: Db, userId: string, publicUrl: string): Promise<MyAffiliate> {
  const [row] = await queryRows<AffiliateFiguresRow>(
    db,
    affiliateFigures(sql`a.user_id = ${userId}`),
  );
  if (!row) throw notFound(affiliateMessages.notAffiliate);
  const figures = toAdminAffiliate(row);
  const [commissions, payouts, settings] = await Promise.all([
    db
      .select({
        id: affiliateCommissions.id,
        orderId: affiliateCommissions.orderId,
        productName: products.name,
        baseCents: affiliateCommissions.baseCents,
        amountCents: affiliateCommissions.amountCents,
        createdAt: affiliateCommissions.createdAt,
        reversedAt: affiliateCommissions.reversedAt,
        payoutId: affiliateCommissions.payoutId,
      })
      .from(affiliateCommissions)
      .innerJoin(orderItems, eq(orderItems.id, affiliateCommissions.orderItemId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(affiliateCommissions.affiliateId, row.id))
      .orderBy(desc(affiliateCommissions.createdAt), affiliateCommissions.id)
      .limit(RECENT),
    db
      .select({
        id: affiliatePayouts.id,
        amountCents: affiliatePayouts.amountCents,
        paidAt: affiliatePayouts.paidAt,
        commissions: sql<number>`(select count(*)::integer from ${affiliateCommissions} c where c.payout_id = ${affiliatePayouts.id})`,
      })
      .from(affiliatePayouts)
      .where(eq(affiliatePayouts.affiliateId, row.id))
      .orderBy(desc(affiliatePayouts.paidAt))
      .limit(RECENT),
    readAffiliateSettings(db),
  ]);
  return {
    code: figures.code,
    link: referralLink(publicUrl, figures.code),
    percentBasisPoints: figures.percentBasisPoints,
    status: figures.status,
    cookieDays: settings.cookieDays,
    clicks: figures.clicks,
    orders: figures.orders,
    earnedCents: figures.earnedCents,
    reversedCents: figures.reversedCents,
    paidCents: figures.paidCents,
    owedCents: figures.owedCents,
    // Only the order's number (as the buyer's receipt shows it), never who bought.
    commissions: commissions.map((c) => ({
      id: c.id,
      orderNumber: orderNumber(c.orderId),
      productName: c.productName,
      baseCents: c.baseCents,
      amountCents: c.amountCents,
      createdAt: c.createdAt.toISOString(),
      reversedAt: c.reversedAt?.toISOString() ?? null,
      paid: c.payoutId !== null,
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      paidAt: p.paidAt.toISOString(),
      commissions: Number(p.commissions),
    })),
  };
}
