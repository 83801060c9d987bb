import { and, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { salePercentFor } from '#shared/sales';
import type { Db, Tx } from '../db/client';
import { products, sales } from '../db/schema';

/**
 * Automatic sales where the store reads a price (docs/discounts.md). The catalogue's answers are
 * JSON built by the database (catalogue/product-json.ts), so the sale is applied there, in SQL,
 * by the same rule as #shared/sales (the biggest running percent; the price less it, rounded
 * half away from zero); sale-prices.test.ts holds the two together. The cart and the checkout
 * read it through `salePercents`, with #shared/sales itself.
 *
 * Each is a correlated subquery on the row of `products`: a probe of sales_product_idx and
 * sales_category_idx for the page's rows only, a handful of index entries (sales are few).
 * Running means at the database's now(): the statement's time.
 */

/**
 * The biggest percent of the sales running now that cover the current `products` row; null without.
 * The subquery sits inside a fragment of its own: a select from `products` alone writes the
 * columns of a field's own fragment without their table, which would turn `sales.category_id =
 * products.category_id` into `category_id = category_id`, true of every category's sale.
 */
export const salePercentSql: SQL<number | null> =
  sql`(${sql`select max(${sales.percentOff}) from ${sales}
  where (${sales.productId} = ${products.id} or ${sales.categoryId} = ${products.categoryId})
    and ${sales.startsAt} <= now() and ${sales.endsAt} > now()`})`;

/** The row's list price less `percent` (null: no sale), as #shared/sales salePriceCents. */
export const priceAfterSale = (percent: SQL): SQL<number> =>
  sql`(${products.priceCents} - coalesce(round(${products.priceCents} * ${percent} / 100.0), 0))::integer`;

/** The price the row sells at now: the list price less the running sale's percent. */
export const salePriceSql: SQL<number> = priceAfterSale(salePercentSql);

/** The row's metadata during a sale of `percent` (null: no sale), as saleMetadataSql explains. */
export const metadataDuringSale = (percent: SQL): SQL =>
  sql`case when ${percent} is null then ${products.metadata}
    else ${products.metadata} || jsonb_build_object(
      'originalPrice', greatest(${products.priceCents}, case when jsonb_typeof(${products.metadata} -> 'originalPrice') = 'number'
        then round((${products.metadata} ->> 'originalPrice')::numeric)::integer end),
      'isOnSale', true)
    end`;

/**
 * The row's metadata as the store shows it: during a sale, `originalPrice` is the price struck
 * through (the product's own higher "was" price, else its list price: #shared/sales
 * saleOriginalCents) and `isOnSale` is true, so the existing "On sale" badge, '-N% OFF' and
 * struck price show it.
 */
export const saleMetadataSql: SQL = sql`(select ${metadataDuringSale(sql`s.percent`)} from (select ${salePercentSql} as percent) s)`;

/** Whether the row shows as on sale: its own "was" price (products.on_sale) or a running sale. */
export const onSaleSql: SQL<boolean> = sql`(${products.onSale} or ${salePercentSql} is not null)`;

/**
 * For a query over every active product (the facet index: 100,000 rows), the running sales as
 * two small grouped tables hash-joined to `products`, instead of a probe per row: add
 * `runningSalesJoin` after `from products` and read `joinedSalePriceSql` and `joinedOnSaleSql`.
 */
export const runningSalesJoin: SQL = sql`
  left join (select ${sales.productId} as product_id, max(${sales.percentOff}) as percent from ${sales}
    where ${sales.productId} is not null and ${sales.startsAt} <= now() and ${sales.endsAt} > now()
    group by ${sales.productId}) sale_by_product on sale_by_product.product_id = ${products.id}
  left join (select ${sales.categoryId} as category_id, max(${sales.percentOff}) as percent from ${sales}
    where ${sales.categoryId} is not null and ${sales.startsAt} <= now() and ${sales.endsAt} > now()
    group by ${sales.categoryId}) sale_by_category on sale_by_category.category_id = ${products.categoryId}`;
const joinedPercent = sql`greatest(sale_by_product.percent, sale_by_category.percent)`;
export const joinedSalePriceSql: SQL<number> = priceAfterSale(joinedPercent);
export const joinedOnSaleSql: SQL<boolean> = sql`(${products.onSale} or ${joinedPercent} is not null)`;

type Reader = Db | Tx;

/**
 * The running sale's percent for each of `list` (by product id; absent: no sale), read at the
 * database's now() as the catalogue's answers are.
 */
export async function salePercents(
  db: Reader,
  list: readonly { id: string; categoryId: string | null }[],
): Promise<Map<string, number>> {
  if (list.length === 0) return new Map();
  const ids = [...new Set(list.map((p) => p.id))];
  const categoryIds = [
    ...new Set(list.map((p) => p.categoryId).filter((id): id is string => id !== null)),
  ];
  const rows = await db
    .select({
      percentOff: sales.percentOff,
      productId: sales.productId,
      categoryId: sales.categoryId,
      startsAt: sales.startsAt,
      endsAt: sales.endsAt,
      now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(sales)
    .where(
      and(
        or(
          inArray(sales.productId, ids),
          categoryIds.length ? inArray(sales.categoryId, categoryIds) : undefined,
        ),
        lte(sales.startsAt, sql`now()`),
        gt(sales.endsAt, sql`now()`),
      ),
    );
  const percents = new Map<string, number>();
  if (rows.length === 0) return percents;
  const now = rows[0]!.now;
  for (const product of list) {
    const percent = salePercentFor(rows, product, now);
    if (percent !== null) percents.set(product.id, percent);
  }
  return percents;
}
