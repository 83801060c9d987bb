import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LineCredit } from '#shared/bundle-credit';
import {
  creditedPrice,
  memberShares,
  paidPerUnitCents,
  type CreditedPrice,
} from '#shared/bundle-pricing';
import type { Db, Tx } from '../db/client';
import {
  bundleItems,
  orderItems,
  orders,
  productUpgrades,
  products,
  type ProductRow,
} from '../db/schema';
import { ownedLines } from '../downloads/downloads.service';
import { paidShares } from '../payments/refund-amounts';
import { salePercents } from '../sales/sale-prices';
import { salePriceCents } from '#shared/sales';

/**
 * Complete-your-bundle and upgrade prices for one buyer (#shared/bundle-pricing), read from their
 * COMPLETED orders only: a pending order owns nothing, so two checkouts at once each see the same
 * credit and neither can create one for the other. Cart and checkout both ask here; checkout asks
 * again inside the transaction that writes the order.
 */

export interface BundleMember {
  product: ProductRow;
  /** The buyer holds a completed, unrefunded line of it. */
  owned: boolean;
  /** What the buyer paid for one unit of it, before tax; 0 when not owned. */
  paidCents: number;
}

export interface ProductPrice extends CreditedPrice {
  product: ProductRow;
  /** The bundle's members in their order; empty for a product that is not a bundle. */
  members: BundleMember[];
  /** How the credit came about, for the screens; null when there is none. */
  credit: LineCredit | null;
  /** The automatic sale's percent, taken off after the credit (#shared/sales); null without. */
  salePercent: number | null;
}

type Reader = Db | Tx;

/**
 * Each product's price for `userId` (null: a guest, who gets no credit). A credit is taken once,
 * on a line of one unit: `quantities` (by product id) of more than one pay the list price. A
 * running automatic sale is then taken off the credited price (docs/discounts.md, order of
 * reductions): `priceCents` is what the line sells at before any promo code.
 */
export async function pricesFor(
  db: Reader,
  userId: string | null,
  list: readonly ProductRow[],
  {
    quantities = new Map(),
    linked,
    sales,
  }: {
    /** Each line's quantity by product id (absent: one). */
    quantities?: ReadonlyMap<string, number>;
    /** The products known to be bundles or upgrade targets (`isLinked`); absent: look them all up. */
    linked?: ReadonlySet<string>;
    /**
     * Each product's running sale percent (null: none), read as a column of the caller's product
     * query (`salePercentSql`); absent: read here.
     */
    sales?: ReadonlyMap<string, number | null>;
  } = {},
): Promise<Map<string, ProductPrice>> {
  const { members, upgrades } = await linksOf(
    db,
    list.map((p) => p.id).filter((id) => !linked || linked.has(id)),
  );
  const credited = [...members.map((m) => m.product.id), ...upgrades.map((u) => u.from)];
  const paid = userId && credited.length ? await paidFor(db, userId, credited) : new Map();
  const onSale = sales ?? (await salePercents(db, list));

  return new Map(
    list.map((product) => {
      const own = members
        .filter((m) => m.bundleId === product.id)
        .map((m) => ({
          product: m.product,
          owned: paid.has(m.product.id),
          paidCents: paid.get(m.product.id) ?? 0,
        }));
      const upgradeCredit = Math.max(
        0,
        ...upgrades.filter((u) => u.to === product.id).map((u) => paid.get(u.from) ?? 0),
      );
      const ownedCount = own.filter((m) => m.owned).length;
      const held =
        (quantities.get(product.id) ?? 1) > 1
          ? 0
          : own.reduce((sum, m) => sum + m.paidCents, 0) + upgradeCredit;
      const credited = creditedPrice(product.priceCents, product.priceFloorCents, held);
      const salePercent = onSale.get(product.id) ?? null;
      const price = { ...credited, priceCents: salePriceCents(credited.priceCents, salePercent) };
      const credit: LineCredit | null =
        price.creditCents > 0 || ownedCount > 0
          ? {
              kind: own.length > 0 ? 'bundle' : 'upgrade',
              listPriceCents: price.listPriceCents,
              creditCents: price.creditCents,
              ownedCount,
              memberCount: own.length,
            }
          : null;
      return [product.id, { ...price, product, members: own, credit, salePercent }];
    }),
  );
}

/**
 * Whether a product is a bundle or an upgrade target, as a column of the caller's product query:
 * a cart or order of neither (most) then costs no query of its own here. In a fragment of its own,
 * so its columns keep their tables in a select from `products` alone (sales/sale-prices.ts).
 */
export const isLinked = sql<boolean>`(${sql`exists (select 1 from ${bundleItems} where ${bundleItems.bundleId} = ${products.id})
  or exists (select 1 from ${productUpgrades} where ${productUpgrades.toProductId} = ${products.id})`})`;

/**
 * The bundles' members and the upgrade paths into `ids`: one query for both links (most carts
 * hold neither), and the members' products only when there is a bundle.
 */
async function linksOf(db: Reader, ids: string[]) {
  if (ids.length === 0) return { members: [], upgrades: [] };
  const links = await db
    .select({
      kind: sql<'bundle' | 'upgrade'>`'bundle'`.as('kind'),
      target: bundleItems.bundleId,
      source: bundleItems.memberId,
      position: bundleItems.position,
    })
    .from(bundleItems)
    .where(inArray(bundleItems.bundleId, ids))
    .unionAll(
      db
        .select({
          kind: sql<'bundle' | 'upgrade'>`'upgrade'`.as('kind'),
          target: productUpgrades.toProductId,
          source: productUpgrades.fromProductId,
          position: sql<number>`0`.as('position'),
        })
        .from(productUpgrades)
        .where(inArray(productUpgrades.toProductId, ids)),
    );
  const memberLinks = links
    .filter((link) => link.kind === 'bundle')
    .sort((a, b) => a.position - b.position);
  const memberRows = memberLinks.length
    ? await db
        .select()
        .from(products)
        .where(inArray(products.id, [...new Set(memberLinks.map((link) => link.source))]))
    : [];
  const byId = new Map(memberRows.map((p) => [p.id, p]));
  return {
    members: memberLinks.map((link) => ({
      bundleId: link.target,
      product: byId.get(link.source)!,
    })),
    upgrades: links
      .filter((link) => link.kind === 'upgrade')
      .map((link) => ({ from: link.source, to: link.target })),
  };
}

/** A bundle all of whose members the buyer owns has nothing left to sell them. */
export const ownsWholeBundle = (price: ProductPrice) =>
  price.members.length > 0 && price.members.every((m) => m.owned);

/**
 * The order lines a bundle becomes: one per member the buyer does not own yet (an owned member
 * is not granted again; its payment is the credit), each priced at its share of the bundle's
 * price in proportion to the members' own prices, with its share of the credit.
 */
export function bundleMemberLines(price: ProductPrice) {
  const buying = price.members.filter((m) => !m.owned);
  const weights = buying.map((m) => m.product.priceCents);
  const shares = memberShares(price.priceCents, weights);
  const credits = memberShares(price.creditCents, weights);
  return buying.map((m, i) => ({
    product: m.product,
    unitPriceCents: shares[i]!,
    creditCents: credits[i]!,
  }));
}

/**
 * What the buyer paid per unit for each of `productIds` they own: the most any one of their
 * completed, unrefunded lines of it paid (price less promo discount, less its part of an amount
 * refunded from that order without naming lines). A product missing from the map is not owned.
 */
async function paidFor(db: Reader, userId: string, productIds: string[]) {
  const owned = await db
    .select({ item: orderItems, totalCents: orders.totalCents, refunded: orders.refundedCents })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(ownedLines(userId), inArray(orderItems.productId, productIds)));
  // Only an order with money refunded needs its other lines to know what this line kept.
  const refundedOrders = [
    ...new Set(owned.filter((o) => o.refunded > 0).map((o) => o.item.orderId)),
  ];
  const siblings = refundedOrders.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, refundedOrders))
    : [];
  const paid = new Map<string, number>();
  for (const { item, totalCents, refunded } of owned) {
    const lines = siblings.filter((line) => line.orderId === item.orderId);
    const shares = lines.length ? paidShares(totalCents, lines) : null;
    const unrefundedShares = shares
      ? lines.filter((l) => !l.refundedAt).reduce((sum, l) => sum + shares.get(l.id)!, 0)
      : totalCents;
    const refundedShares = shares
      ? lines.filter((l) => l.refundedAt).reduce((sum, l) => sum + shares.get(l.id)!, 0)
      : 0;
    // What the unrefunded lines paid, less what was refunded without naming a line.
    const cents = paidPerUnitCents(item, {
      keptCents: unrefundedShares - Math.max(refunded - refundedShares, 0),
      unrefundedSharesCents: unrefundedShares,
    });
    paid.set(item.productId, Math.max(paid.get(item.productId) ?? 0, cents));
  }
  return paid;
}
