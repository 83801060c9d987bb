import { z } from 'zod';
import { orderStatuses } from './checkout';

/**
 * The owner's reports: the tax report by country and quarter (an EU OSS return's shape) and the
 * orders export with their tax fields. The rules are in admin/reports/tax-report.service.ts and
 * docs/tax.md "Tax reports".
 */

export const adminReportMessages = {
  year: 'Choose a year from 2000 to 2100',
  quarter: 'Choose a quarter from 1 to 4',
  dateRange: 'The end date must be on or after the start date',
} as const;

export const customerTypes = ['consumer', 'business'] as const;
export type CustomerType = (typeof customerTypes)[number];

/** GET /api/admin/reports/tax?year=&quarter=&format=json|csv */
export const taxReportQuerySchema = z.object({
  year: z.coerce
    .number({ error: adminReportMessages.year })
    .int({ error: adminReportMessages.year })
    .min(2000, { error: adminReportMessages.year })
    .max(2100, { error: adminReportMessages.year }),
  quarter: z.coerce
    .number({ error: adminReportMessages.quarter })
    .int({ error: adminReportMessages.quarter })
    .min(1, { error: adminReportMessages.quarter })
    .max(4, { error: adminReportMessages.quarter }),
  format: z.enum(['json', 'csv']).default('json'),
});
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;

export const taxReportRowSchema = z.object({
  /** ISO alpha-2; '' for an order from before countries were kept. */
  country: z.string(),
  countryName: z.string(),
  /** A US state or Canadian province; '' elsewhere. */
  region: z.string(),
  customerType: z.enum(customerTypes),
  /** Thousandths of a percent (19% is 19000). */
  taxRate: z.number().int(),
  netCents: z.number().int(),
  taxCents: z.number().int(),
  /** Orders completed in the quarter (a refund of an earlier quarter's order counts none). */
  orders: z.number().int(),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const taxReportSchema = z.object({
  year: z.number().int(),
  quarter: z.number().int(),
  /** The quarter's first day and the next quarter's first day (UTC), the end excluded. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** The store's currency (ISO 4217, upper case): every amount is in it. */
  currency: z.string(),
  rows: z.array(taxReportRowSchema),
  totals: z.object({
    netCents: z.number().int(),
    taxCents: z.number().int(),
    orders: z.number().int(),
  }),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

/** The tax CSV's columns: one row per country × rate × customer type (an OSS return's lines). */
export const TAX_REPORT_CSV_HEADER = [
  'Country code',
  'Country',
  'Region',
  'Customer type',
  'Tax rate (%)',
  'Net amount',
  'Tax amount',
  'Orders',
] as const;

/** GET /api/admin/orders/export.csv?from=&to=&status= (days placed, UTC, both included). */
export const ordersExportQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    status: z.enum(orderStatuses).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: adminReportMessages.dateRange,
    path: ['to'],
  });
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

export const ORDERS_CSV_HEADER = [
  'Order number',
  'Invoice number',
  'Date',
  'E-mail',
  'Country',
  'Region',
  'VAT number',
  'Tax basis',
  'Subtotal',
  'Discount',
  'Tax',
  'Total',
  'Refunded',
  'Currency',
  'Status',
] as const;

/** GET /api/admin/customers/export.csv: accounts and guest buyers, oldest first. */
export const CUSTOMERS_CSV_HEADER = [
  'Kind',
  'E-mail',
  'Name',
  'Since',
  'E-mail verified',
  'Banned',
  'Orders',
  'Spent',
] as const;

/** GET /api/admin/products/export.csv: every product, drafts and archived ones too, oldest first. */
export const PRODUCTS_CSV_HEADER = [
  'ID',
  'Name',
  'Status',
  'Category',
  'Price',
  'Sales',
  'Created',
] as const;

/** Cents as a spreadsheet reads an amount: 123456 → "1234.56", -5 → "-0.05" (no symbol). */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The first day of a quarter and of the next, as ISO dates. */
export function quarterBounds(year: number, quarter: number): { from: string; to: string } {
  const month = (quarter - 1) * 3 + 1;
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const to =
    quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(month + 3).padStart(2, '0')}-01`;
  return { from, to };
}
