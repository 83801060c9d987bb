import { sql, type SQL } from 'drizzle-orm';
import { owedCents, type AdminAffiliate } from '#shared/affiliates';
import {
  affiliateClicks,
  affiliateCommissions,
  affiliatePayouts,
  affiliates,
  users,
} from '../db/schema';

/**
 * Each affiliate with their figures, as one query the admin's list, the CSV export and the
 * affiliate's own page read: clicks, orders that earned, and commission earned, reversed by
 * refunds and paid. What is owed is derived (#shared/affiliates `owedCents`).
 */
export interface AffiliateFiguresRow {
  id: string;
  user_id: string;
  email: string;
  name: string;
  code: string;
  percent_basis_points: number;
  status: 'active' | 'inactive';
  created_at: Date | string;
  clicks: number;
  orders: number;
  earned_cents: number;
  reversed_cents: number;
  paid_cents: number;
  cursor: string;
}

export const affiliateFigures = (where: SQL = sql`true`) => sql`
  select a.id, a.user_id, u.email, u.name, a.code, a.percent_basis_points, a.status, a.created_at,
    a.created_at::text as cursor,
    coalesce((select sum(k.clicks) from ${affiliateClicks} k where k.affiliate_id = a.id), 0)::integer as clicks,
    (select count(distinct c.order_id) from ${affiliateCommissions} c where c.affiliate_id = a.id)::integer as orders,
    coalesce((select sum(c.amount_cents) from ${affiliateCommissions} c where c.affiliate_id = a.id), 0)::integer as earned_cents,
    coalesce((select sum(c.amount_cents) from ${affiliateCommissions} c
      where c.affiliate_id = a.id and c.reversed_at is not null), 0)::integer as reversed_cents,
    coalesce((select sum(p.amount_cents) from ${affiliatePayouts} p where p.affiliate_id = a.id), 0)::integer as paid_cents
  from ${affiliates} a join ${users} u on u.id = a.user_id
  where ${where}`;

export function toAdminAffiliate(row: AffiliateFiguresRow): AdminAffiliate {
  const figures = {
    earnedCents: Number(row.earned_cents),
    reversedCents: Number(row.reversed_cents),
    paidCents: Number(row.paid_cents),
  };
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    code: row.code,
    percentBasisPoints: Number(row.percent_basis_points),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    clicks: Number(row.clicks),
    orders: Number(row.orders),
    ...figures,
    owedCents: owedCents(figures),
  };
}
