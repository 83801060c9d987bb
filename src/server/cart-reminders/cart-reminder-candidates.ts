import { sql } from 'drizzle-orm';
import { cartReminderLimits } from '#shared/cart-reminders';
import type { RestoredCartLine } from '#shared/cart-reminders';
import { queryRows, type Db } from '../db/client';

/** A cart left long enough ago to remind its buyer of, with what the reminder names. */
export interface CartReminderCandidate {
  email: string;
  userId: string | null;
  orderId: string | null;
  cartChangedAt: Date;
  lines: RestoredCartLine[];
  names: string[];
}

/** The address's last purchase (a completed order, refunded later or not), as SQL. */
export const lastPurchaseOf = (email: unknown) => sql`(
  select coalesce(max(o.completed_at), 'epoch'::timestamptz)
  from orders o
  where lower(o.email) = ${email} and o.status in ('COMPLETED', 'REFUNDED')
)`;

/**
 * Whether `email` may be reminded of a cart that changed at `changedAt`, as SQL: it has not
 * bought since, has not unsubscribed from the store's mail, and had no reminder since its last
 * purchase. The insert of the reminder asks it again (cart-reminders.service.ts).
 */
export const mayRemind = (email: unknown, changedAt: unknown) => sql`(
  not exists (
    select 1 from orders o
    where lower(o.email) = ${email} and o.status in ('COMPLETED', 'REFUNDED')
      and o.completed_at >= ${changedAt}
  )
  and not exists (select 1 from mail_unsubscribes u where u.email = ${email})
  and not exists (
    select 1 from cart_reminders r
    where r.email = ${email} and r.last_purchase_at = ${lastPurchaseOf(email)}
  )
)`;

/**
 * The carts due a reminder, `delayHours` after their last change and no more than a week
 * after that: signed-in buyers' stored carts (the last time a line was added or changed), and
 * guests' unpaid checkouts whose buyer asked for a reminder (the newest per address, unless the
 * address also has an account: then its stored cart speaks for it). Only lines of products
 * still for sale count; a cart with none is not reminded of.
 */
export function dueCartReminders(
  db: Db,
  delayHours: number,
  limit: number,
): Promise<CartReminderCandidate[]> {
  const due = sql`now() - make_interval(hours => ${delayHours})`;
  const oldest = sql`${due} - make_interval(days => ${cartReminderLimits.staleAfterDays})`;
  return queryRows<CartReminderCandidate>(
    db,
    sql`
      with stored as (
        select lower(u.email) as email, u.id as user_id, null::uuid as order_id,
               max(ci.updated_at) as changed_at
        from cart_items ci join users u on u.id = ci.user_id
        where not u.banned
        group by u.id
      ),
      unpaid as (
        select distinct on (lower(o.email))
               lower(o.email) as email, null::uuid as user_id, o.id as order_id,
               o.created_at as changed_at
        from orders o
        where o.remind_cart and o.user_id is null and o.status in ('PENDING', 'CANCELLED')
          and o.created_at between ${oldest} and ${due}
          and not exists (select 1 from users u where lower(u.email) = lower(o.email))
        order by lower(o.email), o.created_at desc
      ),
      carts as (
        select * from stored where changed_at between ${oldest} and ${due}
        union all
        select * from unpaid
      )
      select c.email, c.user_id as "userId", c.order_id as "orderId",
             c.changed_at as "cartChangedAt", l.lines, l.names
      from carts c
      cross join lateral (
        select json_agg(json_build_object(
                 'productId', p.id, 'licenseType', i.license_type, 'quantity', i.quantity
               ) order by p.name) as lines,
               json_agg(p.name order by p.name) as names
        from (
          select ci.product_id, ci.license_type, ci.quantity
          from cart_items ci where ci.user_id = c.user_id
          union all
          -- A bundle's members are lines of their own; the cart held the bundle.
          select distinct coalesce(oi.bundle_product_id, oi.product_id), oi.license_type,
                 case when oi.bundle_product_id is null then oi.quantity else 1 end
          from order_items oi where oi.order_id = c.order_id
        ) i
        join products p on p.id = i.product_id and p.is_active
      ) l
      where l.lines is not null and ${mayRemind(sql`c.email`, sql`c.changed_at`)}
      order by c.changed_at
      limit ${limit}
    `,
  ).then((rows) => rows.map((row) => ({ ...row, cartChangedAt: new Date(row.cartChangedAt) })));
}
