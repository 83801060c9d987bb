import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  bundleMessages,
  bundleSavings,
  type AdminBundle,
  type BundleProductRef,
  type BundleSettingsValues,
} from '#shared/bundles';
import { moneyInput } from '#shared/money';
import type { Db } from '../../db/client';
import { bundleItems, products, productUpgrades } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { changedFields, recordAudit } from '../audit';
import { catalogueWrite, type AdminProductsDeps } from './admin-products.service';

/**
 * The product editor's "Bundle and upgrades" panel: a bundle's members (bundle_items), the price
 * floor (products.price_floor_cents) and the products it upgrades from (product_upgrades), saved
 * together, checked here, audited on the product and announced as any catalogue write.
 */

const refColumns = {
  id: products.id,
  name: products.name,
  status: products.status,
  priceCents: products.priceCents,
  imageUrl: products.imageUrl,
};

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid ${field}`, { [field]: [message] });

function membersOf(db: Db, id: string): Promise<BundleProductRef[]> {
  return db
    .select(refColumns)
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.memberId))
    .where(eq(bundleItems.bundleId, id))
    .orderBy(asc(bundleItems.position));
}

function upgradesFromOf(db: Db, id: string): Promise<BundleProductRef[]> {
  return db
    .select(refColumns)
    .from(productUpgrades)
    .innerJoin(products, eq(products.id, productUpgrades.fromProductId))
    .where(eq(productUpgrades.toProductId, id))
    .orderBy(asc(products.name), asc(products.id));
}

function bundlesContaining(db: Db, id: string): Promise<BundleProductRef[]> {
  return db
    .select(refColumns)
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.bundleId))
    .where(eq(bundleItems.memberId, id))
    .orderBy(asc(products.name), asc(products.id));
}

/** GET /api/admin/products/:id/bundle: the panel's values, any status; 404 for an unknown id. */
export async function adminBundle(db: Db, id: string): Promise<AdminBundle> {
  const [product] = await db
    .select({ priceCents: products.priceCents, floor: products.priceFloorCents })
    .from(products)
    .where(eq(products.id, id));
  if (!product) throw notFound('Product not found');
  const [members, upgradesFrom, includedIn] = await Promise.all([
    membersOf(db, id),
    upgradesFromOf(db, id),
    bundlesContaining(db, id),
  ]);
  return {
    members,
    priceFloor: moneyInput(product.floor),
    upgradesFrom,
    includedIn,
    savings: bundleSavings(
      product.priceCents,
      members.map((member) => member.priceCents),
    ),
  };
}

/** The audit log's view of the panel: members and upgrade paths by name, the floor in cents. */
const auditView = (panel: Pick<AdminBundle, 'members' | 'upgradesFrom'>, floor: number) => ({
  bundle: panel.members.map((member) => member.name),
  priceFloor: floor,
  upgradesFrom: panel.upgradesFrom.map((from) => from.name),
});

/**
 * The product and every product the panel names, locked in id order: two saves that would each
 * put one bundle inside the other wait for each other, and the second sees the first's rows.
 */
async function lockProducts(tx: Db, ids: string[]) {
  return tx
    .select({ ...refColumns, floor: products.priceFloorCents })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** The rules of the members: not the bundle itself, existing, not archived, not bundles. */
async function checkMembers(
  tx: Db,
  id: string,
  memberIds: string[],
  found: Map<string, BundleProductRef>,
) {
  if (memberIds.length === 0) return;
  if (memberIds.includes(id)) throw invalid('memberIds', bundleMessages.itself);
  const missing = memberIds.some((memberId) => !found.has(memberId));
  if (missing) throw invalid('memberIds', bundleMessages.unknownMember);
  const archived = memberIds.map((m) => found.get(m)).find((m) => m?.status === 'archived');
  if (archived) throw invalid('memberIds', bundleMessages.archivedMember(archived.name));
  const [nested] = await tx
    .select({ id: bundleItems.bundleId })
    .from(bundleItems)
    .where(inArray(bundleItems.bundleId, memberIds))
    .limit(1);
  if (nested) {
    const name = found.get(nested.id)?.name ?? '';
    throw invalid('memberIds', bundleMessages.nestedMember(name));
  }
  const [container] = await bundlesContaining(tx, id);
  if (container) throw invalid('memberIds', bundleMessages.memberOfBundle(container.name));
}

/** The rules of the upgrade paths: not itself, existing, not both ways. */
async function checkUpgrades(
  tx: Db,
  id: string,
  fromIds: string[],
  found: Map<string, BundleProductRef>,
) {
  if (fromIds.length === 0) return;
  if (fromIds.includes(id)) throw invalid('upgradesFrom', bundleMessages.upgradeItself);
  if (fromIds.some((fromId) => !found.has(fromId))) {
    throw invalid('upgradesFrom', bundleMessages.unknownUpgrade);
  }
  const [reverse] = await tx
    .select({ to: productUpgrades.toProductId })
    .from(productUpgrades)
    .where(
      and(eq(productUpgrades.fromProductId, id), inArray(productUpgrades.toProductId, fromIds)),
    )
    .limit(1);
  if (reverse) {
    const name = found.get(reverse.to)?.name ?? '';
    throw invalid('upgradesFrom', bundleMessages.upgradeBothWays(name));
  }
}

/**
 * PUT /api/admin/products/:id/bundle: the panel as the owner left it. The members are written in
 * the list's order, the upgrade paths as listed, the floor (at most what buyers pay now); the
 * changes are audited on the product in the same transaction, and the store's cached pages drop.
 */
export async function saveBundle(
  deps: AdminProductsDeps,
  actorId: string,
  id: string,
  values: BundleSettingsValues,
): Promise<AdminBundle> {
  await catalogueWrite(deps, async (tx) => {
    const named = [...new Set([id, ...values.memberIds, ...values.upgradesFrom])];
    const rows = await lockProducts(tx, named);
    const found = new Map(rows.map((row) => [row.id, row]));
    const product = found.get(id);
    if (!product) throw notFound('Product not found');
    found.delete(id);
    await checkMembers(tx, id, values.memberIds, found);
    await checkUpgrades(tx, id, values.upgradesFrom, found);
    if (values.priceFloor > product.priceCents) {
      throw invalid('priceFloor', bundleMessages.floorAbovePrice(product.priceCents));
    }
    const before = auditView(
      { members: await membersOf(tx, id), upgradesFrom: await upgradesFromOf(tx, id) },
      product.floor,
    );

    await tx.delete(bundleItems).where(eq(bundleItems.bundleId, id));
    if (values.memberIds.length > 0) {
      await tx.insert(bundleItems).values(
        values.memberIds.map((memberId, index) => ({
          bundleId: id,
          memberId,
          position: index + 1,
        })),
      );
    }
    await tx.delete(productUpgrades).where(eq(productUpgrades.toProductId, id));
    if (values.upgradesFrom.length > 0) {
      await tx
        .insert(productUpgrades)
        .values(values.upgradesFrom.map((fromId) => ({ fromProductId: fromId, toProductId: id })));
    }
    const after = auditView(
      { members: await membersOf(tx, id), upgradesFrom: await upgradesFromOf(tx, id) },
      values.priceFloor,
    );
    const changes = changedFields(before, after);
    if (Object.keys(changes).length === 0) return;
    // The product's page changed (its members, its price with credits): its date says so.
    await tx
      .update(products)
      .set({ priceFloorCents: values.priceFloor, updatedAt: new Date() })
      .where(eq(products.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: 'product',
      entityId: id,
      changes,
    });
  });
  return adminBundle(deps.db, id);
}
