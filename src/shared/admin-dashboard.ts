import { z } from 'zod';
import {
  DASHBOARD_PERIODS,
  dashboardMessages,
  type AdminDashboard,
  type DashboardPeriod,
} from './admin-dashboard-rules';

/** GET /api/admin/dashboard's query: ?days=7|30|90 (7 when left out). */
export const adminDashboardQuerySchema = z.object({
  days: z.coerce
    .number({ error: dashboardMessages.period })
    .int({ error: dashboardMessages.period })
    .refine((n): n is DashboardPeriod => (DASHBOARD_PERIODS as readonly number[]).includes(n), {
      message: dashboardMessages.period,
    })
    .default(7),
});

const money = z.number().int();
const count = z.number().int().nonnegative();
const totals = {
  grossCents: money,
  refundsCents: money,
  netCents: money,
  taxCents: money,
  orders: count,
  newCustomers: count,
};

/** The dashboard's answer (types in admin-dashboard-rules.ts, which say how each is counted). */
export const adminDashboardSchema = z.object({
  days: z.literal(DASHBOARD_PERIODS),
  from: z.iso.date(),
  to: z.iso.date(),
  totals: z.object(totals),
  series: z.array(z.object({ day: z.iso.date(), ...totals })),
  topByRevenue: z.array(
    z.object({ productId: z.string(), name: z.string(), revenueCents: money, units: count }),
  ),
  topByDownloads: z.array(z.object({ productId: z.string(), name: z.string(), downloads: count })),
  promoCodes: z.array(
    z.object({ code: z.string(), uses: count, discountCents: money, grossCents: money }),
  ),
}) satisfies z.ZodType<AdminDashboard>;
