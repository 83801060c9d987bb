import { z } from 'zod';
import { saleRunsAt } from './sales';

/**
 * The admin's automatic sales (docs/discounts.md): the form's rules, shared by the browser and
 * the service, which parses every body with them; and what the list shows of each sale.
 */

export const saleLimits = { name: { min: 1, max: 100 } } as const;

export const adminSaleMessages = {
  name: `Enter a name of ${saleLimits.name.min} to ${saleLimits.name.max} characters`,
  percent: 'Enter a whole percent from 1 to 100',
  target: 'Choose a product or a category: one of the two',
  date: 'Enter a valid date and time',
  endAfterStart: 'The end must be after the start',
  unknownProduct: 'This product no longer exists. Reload and choose again.',
  unknownCategory: 'This category no longer exists. Reload and choose again.',
  notStarted: 'This sale has not started: delete it instead',
  ended: 'This sale has ended already',
  notFound: 'Sale not found',
} as const;

const dateTime = z.iso.datetime({ offset: true, error: adminSaleMessages.date });

const saleShape = {
  name: z
    .string({ error: adminSaleMessages.name })
    .check(
      z.trim(),
      z.minLength(saleLimits.name.min, adminSaleMessages.name),
      z.maxLength(saleLimits.name.max, adminSaleMessages.name),
    ),
  percentOff: z
    .number({ error: adminSaleMessages.percent })
    .check(
      z.int(adminSaleMessages.percent),
      z.gte(1, adminSaleMessages.percent),
      z.lte(100, adminSaleMessages.percent),
    ),
  /** Exactly one of the two: the sale is for one product, or for every product of a category. */
  productId: z._default(z.nullable(z.uuid({ error: adminSaleMessages.target })), null),
  categoryId: z._default(z.nullable(z.uuid({ error: adminSaleMessages.target })), null),
  startsAt: dateTime,
  endsAt: dateTime,
};

const endsAfterStart = z.refine<{ startsAt: string; endsAt: string }>(
  (sale) => {
    const [start, end] = [Date.parse(sale.startsAt), Date.parse(sale.endsAt)];
    // An unreadable date has its own message.
    return Number.isNaN(start) || Number.isNaN(end) || end > start;
  },
  { message: adminSaleMessages.endAfterStart, path: ['endsAt'] },
);

const oneTarget = z.refine<{ productId: string | null; categoryId: string | null }>(
  (sale) => (sale.productId === null) !== (sale.categoryId === null),
  { message: adminSaleMessages.target, path: ['productId'] },
);

/** POST /api/admin/sales and PATCH /api/admin/sales/:id: the whole form. */
export const saleInputSchema = z.object(saleShape).check(endsAfterStart, oneTarget);
export type SaleInputValues = z.input<typeof saleInputSchema>;
export type SaleInput = z.output<typeof saleInputSchema>;

export const saleStatuses = ['running', 'scheduled', 'ended'] as const;
export type SaleStatus = (typeof saleStatuses)[number];
export const saleStatusLabels: Record<SaleStatus, string> = {
  running: 'Running',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

/** Where the sale stands at `now`. */
export function saleStatus(sale: { startsAt: Date; endsAt: Date }, now: Date): SaleStatus {
  if (saleRunsAt(sale, now)) return 'running';
  return now.getTime() < sale.startsAt.getTime() ? 'scheduled' : 'ended';
}

/** A sale as the admin lists and edits it. */
export const adminSaleSchema = z.object({
  id: z.string(),
  name: z.string(),
  percentOff: z.number().int(),
  productId: z.string().nullable(),
  categoryId: z.string().nullable(),
  /** The product's or the category's name, for the list. */
  targetName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(saleStatuses),
  createdAt: z.string(),
});
export type AdminSale = z.infer<typeof adminSaleSchema>;
