/**
 * The admin dashboard's periods and answer, without zod, so the admin's pages read them without
 * loading zod. The schema the server checks against is in admin-dashboard.ts.
 */

/** The periods the dashboard shows: the last 7, 30 or 90 days (UTC), today included. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 7;

export const dashboardMessages = {
  period: `Choose ${DASHBOARD_PERIODS.join(', ')} days.`,
} as const;

/** The period a `?days=` value names, or the default one for anything else (the web's URL). */
export function dashboardPeriod(value: string | null | undefined): DashboardPeriod {
  const days = Number(value);
  return (DASHBOARD_PERIODS as readonly number[]).includes(days)
    ? (days as DashboardPeriod)
    : DEFAULT_DASHBOARD_PERIOD;
}

/**
 * One UTC day's money and counts, every amount net of tax. The rules
 * (admin/dashboard/admin-dashboard.service.ts):
 * - gross: the totals less the tax of the orders paid that day (by completed_at), COMPLETED or
 *   since REFUNDED; PENDING, FAILED and CANCELLED orders never count;
 * - refunds: what was refunded that day on those orders, less its tax share (a refund of R on an
 *   order of total T and tax t gave back round(R × t / T) of tax): each `refunds` row on its
 *   created_at day, and the part of an order's refunded_cents that no row explains (Stripe's
 *   running totals of refunds made in its dashboard) on the order's updated_at day;
 * - net: gross − refunds, the revenue net of tax (a day with refunds of earlier sales can be
 *   negative);
 * - tax: the tax of the orders paid that day less the tax their refunds that day gave back;
 * - orders: how many orders were paid that day; newCustomers: customer accounts made that day.
 */
export interface DashboardDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  grossCents: number;
  refundsCents: number;
  netCents: number;
  taxCents: number;
  orders: number;
  newCustomers: number;
}

export type DashboardTotals = Omit<DashboardDay, 'day'>;

/** A product's sales in the period: lines of orders paid in it, less the refunded lines. */
export interface DashboardProductRevenue {
  productId: string;
  name: string;
  /** quantity × unit price of the lines not refunded, before the order's discount and tax. */
  revenueCents: number;
  units: number;
}

export interface DashboardProductDownloads {
  productId: string;
  name: string;
  /** Downloads handed out in the period (the `downloads` table, by created_at). */
  downloads: number;
}

/** A promo code's use in the period: orders paid in it (COMPLETED or since REFUNDED). */
export interface DashboardPromoUse {
  code: string;
  uses: number;
  discountCents: number;
  /** Those orders' totals as paid, before any refund. */
  grossCents: number;
}

/** GET /api/admin/dashboard?days=7|30|90. */
export interface AdminDashboard {
  days: DashboardPeriod;
  /** The first and last day of the period, YYYY-MM-DD (UTC); `to` is today. */
  from: string;
  to: string;
  totals: DashboardTotals;
  /** Every day of the period, oldest first; a day without sales is all 0. */
  series: DashboardDay[];
  topByRevenue: DashboardProductRevenue[];
  topByDownloads: DashboardProductDownloads[];
  promoCodes: DashboardPromoUse[];
}

/** How many products each top list and codes the promo table show. */
export const DASHBOARD_TOP_LIMIT = 5;
export const DASHBOARD_PROMO_LIMIT = 10;
