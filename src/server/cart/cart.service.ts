import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { bundleMessages } from '#shared/bundle-credit';
import {
  addLimitError,
  cartMessages,
  limitReached,
  mergeCarts,
  quantityLimitError,
} from '#shared/cart';
import type { AddCartItem, SetAmount, StoredCartLine } from '#shared/cart-api';
import {
  checkPayAmount,
  chosenAmount,
  payWhatYouWantOf,
  pwywMessages,
} from '#shared/pay-what-you-want';
import {
  DEFAULT_CATEGORY_LABEL,
  isDigital,
  originalPriceCents,
  productImages,
  purchaseLimit,
} from '#shared/product';
import { saleOriginalCents } from '#shared/sales';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared-queries';
import { cartItems, categories, products, type ProductRow } from '../db/schema';
import { AppError } from '../http/app-error';
import { ownsProduct } from '../downloads/downloads.service';
import { isLinked, ownsWholeBundle, pricesFor } from '../bundles/bundle-pricing.service';
import { salePercentSql } from '../sales/sale-prices';

type LineKey = { productId: string; licenseType: string };

/**
 * The user's cart, newest first, priced at what they would pay now: the products' current prices
 * less any complete-your-bundle or upgrade credit (server/bundles). Inactive products drop out.
 */
export async function listCart(db: Db, userId: string): Promise<StoredCartLine[]> {
  const rows = await cartQuery(db).execute({ userId });
  const prices = await pricesFor(
    db,
    userId,
    rows.map((row) => row.product),
    {
      quantities: new Map(rows.map(({ item }) => [item.productId, item.quantity])),
      linked: new Set(rows.filter((row) => row.linked).map((row) => row.product.id)),
      sales: new Map(rows.map((row) => [row.product.id, row.salePercent])),
    },
  );
  return rows.map(({ item, product, categoryName }) => {
    const terms = payWhatYouWantOf(product);
    return {
      productId: product.id,
      licenseType: item.licenseType,
      quantity: item.quantity,
      name: product.name,
      // A pay-what-you-want line pays the amount chosen, without a credit (checkout/order-pricing).
      priceCents: terms
        ? chosenAmount(terms, item.amountCents)
        : prices.get(product.id)!.priceCents,
      credit: terms ? null : prices.get(product.id)!.credit,
      payWhatYouWant: terms,
      amountCents: terms ? item.amountCents : null,
      amountConfirmed: item.amountConfirmed,
      // A chosen amount is never shown against a struck-through price.
      // During a sale, the price before it (#shared/sales); otherwise the product's own "was" price.
      originalPriceCents: terms
        ? null
        : prices.get(product.id)!.salePercent === null
          ? originalPriceCents(product)
          : saleOriginalCents(product.priceCents, product.metadata.originalPrice),
      image: productImages(product)[0] ?? '',
      category: categoryName ?? DEFAULT_CATEGORY_LABEL,
      purchaseLimit: purchaseLimit(product),
      addedAt: item.createdAt.toISOString(),
    };
  });
}

/**
 * A cart's lines with their products, newest first: whether each is a bundle or an upgrade target
 * and its running sale, asked in the same statement. A prepared statement (db/prepared-queries.ts):
 * the cart is read on every page a signed-in visitor opens.
 */
const cartQuery = (db: Db) =>
  preparedQuery(db, 'cart_lines', () =>
    db
      .select({
        item: cartItems,
        product: products,
        categoryName: categories.name,
        linked: isLinked,
        salePercent: salePercentSql,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(cartItems.userId, sql.placeholder('userId')), eq(products.isActive, true)))
      .orderBy(desc(cartItems.createdAt), desc(cartItems.id))
      .prepare('cart_lines'),
  );

type ChosenAmount = { amountCents?: number | undefined; amountConfirmed: boolean };

/**
 * The amount a line keeps: for a pay-what-you-want product, the buyer's, checked by the one rule;
 * null for the suggested price or a product sold at its price.
 */
function lineAmount(product: ProductRow, amount: ChosenAmount) {
  const terms = payWhatYouWantOf(product);
  if (!terms || amount.amountCents === undefined)
    return { ok: true as const, amountCents: null, amountConfirmed: false };
  const check = checkPayAmount(terms, product.name, amount.amountCents, amount.amountConfirmed);
  if (!check.ok) return check;
  return {
    ok: true as const,
    amountCents: check.amountCents,
    amountConfirmed: amount.amountConfirmed,
  };
}

/** lineAmount, refused with the rule's message (400, on the amount field). */
function checkedAmount(product: ProductRow, amount: ChosenAmount) {
  const result = lineAmount(product, amount);
  if (!result.ok)
    throw new AppError('VALIDATION_FAILED', result.message, { amountCents: [result.message] });
  return { amountCents: result.amountCents, amountConfirmed: result.amountConfirmed };
}

async function activeProduct(db: Db, productId: string) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', cartMessages.productUnavailable);
  return product;
}

async function quantityInCart(db: Db, userId: string, line: LineKey): Promise<number> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(lineWhere(userId, line));
  return row?.quantity ?? 0;
}

const lineWhere = (userId: string, line: LineKey) =>
  and(
    eq(cartItems.userId, userId),
    eq(cartItems.productId, line.productId),
    eq(cartItems.licenseType, line.licenseType),
  );

/** Adds to the line (or creates it); refused past the purchase limit or for unavailable products. */
export async function addToCart(db: Db, userId: string, input: AddCartItem) {
  const product = await activeProduct(db, input.productId);
  if (isDigital(product) && (await ownsProduct(db, userId, product.id))) {
    throw new AppError('CONFLICT', cartMessages.owned);
  }
  if (ownsWholeBundle((await pricesFor(db, userId, [product])).get(product.id)!))
    throw new AppError('CONFLICT', bundleMessages.ownsAll);
  const amount = checkedAmount(product, input);
  const limit = purchaseLimit(product);
  const problem = addLimitError(await quantityInCart(db, userId, input), input.quantity, limit);
  if (problem) throw new AppError('PURCHASE_LIMIT', problem);
  const { productId, quantity, licenseType } = input;
  const written = await db
    .insert(cartItems)
    .values({ userId, productId, quantity, licenseType, ...amount })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.licenseType],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        // An amount chosen with this add replaces the line's; none keeps it.
        ...(amount.amountCents === null
          ? {}
          : { amountCents: amount.amountCents, amountConfirmed: amount.amountConfirmed }),
        updatedAt: new Date(),
      },
      // Checked again in the write, so two adds at once cannot pass the limit together.
      setWhere:
        limit === null ? undefined : sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
    })
    .returning({ quantity: cartItems.quantity });
  if (written.length === 0 && limit !== null) {
    throw new AppError('PURCHASE_LIMIT', limitReached(limit));
  }
  return listCart(db, userId);
}

/** A quantity of 0 or less removes the line; above the limit is refused. */
export async function setQuantity(db: Db, userId: string, line: LineKey, quantity: number) {
  if (quantity <= 0) return removeFromCart(db, userId, line);
  const product = await activeProduct(db, line.productId);
  const problem = quantityLimitError(quantity, purchaseLimit(product));
  if (problem) throw new AppError('PURCHASE_LIMIT', problem);
  const updated = await db
    .update(cartItems)
    .set({ quantity, updatedAt: new Date() })
    .where(lineWhere(userId, line))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'This item is not in your cart');
  return listCart(db, userId);
}

/** A pay-what-you-want line's new amount, checked by the one rule. */
export async function setAmount(db: Db, userId: string, productId: string, input: SetAmount) {
  const product = await activeProduct(db, productId);
  if (!payWhatYouWantOf(product)) throw new AppError('VALIDATION_FAILED', pwywMessages.fixedPrice);
  const amount = checkedAmount(product, input);
  const updated = await db
    .update(cartItems)
    .set({ ...amount, updatedAt: new Date() })
    .where(lineWhere(userId, { productId, licenseType: input.licenseType }))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'This item is not in your cart');
  return listCart(db, userId);
}

export async function removeFromCart(db: Db, userId: string, line: LineKey) {
  await db.delete(cartItems).where(lineWhere(userId, line));
  return listCart(db, userId);
}

export async function clearCart(db: Db, userId: string) {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return [];
}

/**
 * The cart on sign-in: the browser's cart merged into the stored one with the shared rule,
 * saved in one transaction. Unknown or inactive products are skipped; limits are respected.
 */
export async function mergeIntoCart(db: Db, userId: string, local: AddCartItem[]) {
  const ids = [...new Set(local.map((line) => line.productId))];
  const known = ids.length
    ? await db
        .select()
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.isActive, true)))
    : [];
  const limits = new Map(known.map((p) => [p.id, purchaseLimit(p)]));
  const byId = new Map(known.map((p) => [p.id, p]));
  // A guest's amount that the rule refuses (the minimum rose since) falls back to the suggested.
  const localAmount = (line: AddCartItem): ChosenAmount => {
    const product = byId.get(line.productId);
    const amount = product ? lineAmount(product, line) : null;
    return amount?.ok && amount.amountCents !== null
      ? { amountCents: amount.amountCents, amountConfirmed: amount.amountConfirmed }
      : { amountCents: undefined, amountConfirmed: false };
  };
  const withLimit = (line: AddCartItem) => ({
    ...line,
    purchaseLimit: limits.get(line.productId) ?? null,
  });

  await db.transaction(async (tx) => {
    const stored = await tx
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .for('update');
    const merged = mergeCarts(
      stored.map((row) =>
        withLimit({
          productId: row.productId,
          licenseType: row.licenseType,
          quantity: row.quantity,
          amountCents: row.amountCents ?? undefined,
          amountConfirmed: row.amountConfirmed,
        }),
      ),
      local
        .filter((line) => limits.has(line.productId))
        .map((line) => withLimit({ ...line, ...localAmount(line) })),
    );
    for (const line of merged) {
      await tx
        .insert(cartItems)
        .values({
          userId,
          productId: line.productId,
          licenseType: line.licenseType,
          quantity: line.quantity,
          amountCents: line.amountCents ?? null,
          amountConfirmed: line.amountConfirmed,
        })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId, cartItems.licenseType],
          set: { quantity: line.quantity, updatedAt: new Date() },
        });
    }
  });
  return listCart(db, userId);
}
