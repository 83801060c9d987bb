import { sql } from 'drizzle-orm';
import { TAX_PERCENT } from '#shared/cart-money';
import { orderNumber } from '#shared/checkout';
import { DEFAULT_DOWNLOAD_LIMIT } from '#shared/product';
import { queryRows, type Db } from '#server/db/client';

/** The customers the history's orders come from: a few thousand guest addresses. */
const CUSTOMERS = 3_000;
/** Products the orders buy from, picked once from the active catalogue. */
const PRODUCTS = 2_000;
/** The codes about one order in ten used, each worth its percentage off the subtotal. */
const PROMOS = [
  { code: 'SPRING10', percent: 10 },
  { code: 'LOOP20', percent: 20 },
  { code: 'WELCOME15', percent: 15 },
];
const FIRST_NAMES = [
  'ada',
  'grace',
  'alan',
  'edsger',
  'barbara',
  'donald',
  'margaret',
  'ken',
  'frances',
  'dennis',
  'radia',
  'john',
];
const DOMAINS = ['example.com', 'mail.example.org', 'studio.example.net'];

/** What the order list row searches and filters for, taken from the history itself. */
export interface OrderHistorySample {
  orderNumber: string;
  emailPrefix: string;
  promoCode: string;
}

const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;

/**
 * A benchmark fixture, written while no server runs: `count` orders of the store's past year, as
 * the admin's order list finds them. Mostly COMPLETED, some FAILED, CANCELLED and REFUNDED (with
 * their refund), PENDING only within their session's last day (older ones the expiry sweep would
 * have ended); both providers; about one in ten with a promo code; one to three lines each, priced
 * as checkout prices them. The buyers are guests (no account), so the benchmark's own accounts and
 * their orders, cart checks and downloads are as they were. All of it is generated in SQL.
 */
export async function insertOrderHistory(db: Db, count: number): Promise<OrderHistorySample> {
  await db.execute(sql`select setseed(0.18)`);
  await db.execute(sql`drop table if exists bench_history_products, bench_history_orders,
    bench_history_lines`);
  await db.execute(sql`
    create temp table bench_history_products as
    select row_number() over () as n, id, price_cents,
      coalesce(nullif(download_limit, 0), ${DEFAULT_DOWNLOAD_LIMIT}) as downloads
    from (select id, price_cents, download_limit from products where is_active
          order by md5(id::text) limit ${PRODUCTS}) p`);
  const [{ products } = { products: 0 }] = await queryRows<{ products: number }>(
    db,
    sql`select count(*)::integer as products from bench_history_products`,
  );
  if (products === 0) throw new Error('the order history needs active products');

  // Ages spread evenly over the year; PENDING only for orders younger than a day.
  await db.execute(sql`
    create temp table bench_history_orders as
    select gen_random_uuid() as id, customer, lines, created_at,
      case
        when age_days < 1 and r_status < 0.3 then 'PENDING'
        when r_status < 0.05 then 'FAILED'
        when r_status < 0.09 then 'CANCELLED'
        when r_status < 0.13 then 'REFUNDED'
        else 'COMPLETED'
      end as status,
      case when r_provider < 0.6 then 'stripe' else 'local' end as provider,
      case when r_promo < 0.1 then 1 + floor(r_promo * 10 * ${PROMOS.length})::integer end as promo
    from (
      select floor(random() * ${CUSTOMERS})::integer as customer,
        1 + floor(random() * 3)::integer as lines,
        random() * 365 as age_days, random() as r_status, random() as r_provider,
        random() as r_promo
      from generate_series(1, ${count})
    ) g,
    lateral (select now() - age_days * interval '1 day' as created_at) c`);
  await db.execute(sql`
    create temp table bench_history_lines as
    select o.id as order_id, p.id as product_id, p.price_cents, p.downloads
    from (
      select o.id, 1 + floor(random() * ${products})::integer as product
      from bench_history_orders o, generate_series(1, o.lines) line
    ) o
    join bench_history_products p on p.n = o.product`);

  const codes = textArray(PROMOS.map((p) => p.code));
  const percents = sql`array[${sql.join(
    PROMOS.map((p) => sql`${p.percent}`),
    sql`, `,
  )}]::integer[]`;
  await db.execute(sql`
    insert into orders (id, email, status, checkout_type, subtotal_cents, discount_cents,
      tax_cents, total_cents, promo_code, refunded_cents, provider, provider_session_id,
      completed_at, expires_at, created_at, updated_at)
    select o.id, o.email, o.status, case when o.lines = 1 then 'direct' else 'cart' end,
      o.subtotal, o.discount, o.tax, o.subtotal - o.discount + o.tax, o.promo_code,
      case when o.status = 'REFUNDED' then o.subtotal - o.discount + o.tax else 0 end,
      o.provider,
      case when o.provider = 'stripe' then 'cs_bench_' || replace(o.id::text, '-', '') end,
      case when o.status in ('COMPLETED', 'REFUNDED') then o.created_at + interval '1 minute' end,
      o.created_at + interval '24 hours', o.created_at, o.created_at
    from (
      select o.*, round((o.subtotal - o.discount) * ${TAX_PERCENT} / 100.0)::integer as tax
      from (
        select o.id, o.status, o.provider, o.lines, o.created_at,
          (${textArray(FIRST_NAMES)})[1 + o.customer % ${FIRST_NAMES.length}] || '.' ||
            o.customer || '@' || (${textArray(DOMAINS)})[1 + o.customer % ${DOMAINS.length}]
            as email,
          (${codes})[o.promo] as promo_code,
          l.subtotal,
          coalesce(round(l.subtotal * (${percents})[o.promo] / 100.0)::integer, 0) as discount
        from bench_history_orders o
        join (select order_id, sum(price_cents)::integer as subtotal
              from bench_history_lines group by order_id) l on l.order_id = o.id
      ) o
    ) o`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, quantity, unit_price_cents,
      downloads_remaining, refunded_at, created_at)
    select l.order_id, l.product_id, 1, l.price_cents, l.downloads,
      case when o.status = 'REFUNDED' then o.created_at + interval '2 days' end, o.created_at
    from bench_history_lines l join bench_history_orders o on o.id = l.order_id`);
  await db.execute(sql`
    insert into refunds (id, order_id, provider, amount_cents, created_at)
    select case when provider = 'stripe' then 're_bench_' else 'lre_bench_' end
        || replace(id::text, '-', ''), id, provider, total_cents, created_at + interval '2 days'
    from orders where status = 'REFUNDED' and id in (select id from bench_history_orders)
      and total_cents > 0`);
  await db.execute(sql`drop table bench_history_products, bench_history_orders,
    bench_history_lines`);
  // As autovacuum leaves a table that has grown over a year: its statistics current and its
  // pages all-visible, so a count can be read from an index alone.
  await db.execute(sql`vacuum analyze orders, order_items, refunds`);

  const [sample] = await queryRows<{ id: string; email: string; promo_code: string }>(
    db,
    sql`select id, email, (select promo_code from orders where promo_code is not null limit 1)
          as promo_code
        from orders where email like ${`${FIRST_NAMES[0]}.%`} order by created_at limit 1`,
  );
  if (!sample) throw new Error('the order history is empty');
  return {
    orderNumber: orderNumber(sample.id),
    // "ada.1" finds one customer's orders, as an admin typing an address would.
    emailPrefix: sample.email.slice(0, sample.email.indexOf('@') - 1),
    promoCode: sample.promo_code,
  };
}
