import { createRoute, z } from '@hono/zod-openapi';
import {
  ordersExportQuerySchema,
  taxReportQuerySchema,
  taxReportSchema,
} from '#shared/admin-reports';
import type { Services } from '../../services';
import { createRouter } from '../../http/router';
import { csvDownloadHeaders, csvStream } from '../../http/csv';
import { adminFailures, type AdminEnv } from '../require-admin';
import { customersCsv } from './customers-export.service';
import { ordersCsv } from './orders-export.service';
import { productsCsv } from './products-export.service';
import { taxReport, taxReportCsv } from './tax-report.service';

const failures = adminFailures();
const csvContent = (description: string) => ({
  content: { 'text/csv': { schema: z.string() } },
  description,
});

const routes = {
  tax: createRoute({
    method: 'get',
    path: '/admin/reports/tax',
    request: { query: taxReportQuerySchema },
    responses: {
      200: {
        content: {
          'application/json': { schema: taxReportSchema },
          'text/csv': { schema: z.string() },
        },
        description:
          'Net, tax and orders of a quarter by country, region, rate and customer type (CSV with format=csv)',
      },
      ...failures,
    },
  }),
  ordersExport: createRoute({
    method: 'get',
    path: '/admin/orders/export.csv',
    request: { query: ordersExportQuerySchema },
    responses: {
      200: csvContent('The orders with their tax fields as CSV (RFC 4180), formulas neutralised'),
      ...failures,
    },
  }),
  customersExport: createRoute({
    method: 'get',
    path: '/admin/customers/export.csv',
    responses: {
      200: csvContent('Every buyer, accounts and guests, as CSV (RFC 4180), formulas neutralised'),
      ...failures,
    },
  }),
  productsExport: createRoute({
    method: 'get',
    path: '/admin/products/export.csv',
    responses: {
      200: csvContent('Every product, as CSV (RFC 4180), formulas neutralised'),
      ...failures,
    },
  }),
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The owner's reports and exports (behind requireAdmin, admin.routes.ts; before the orders',
 * customers' and products' :id routes).
 */
export function adminReportsRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.tax, async (c) => {
      const { year, quarter, format } = c.req.valid('query');
      const report = await taxReport(db, year, quarter);
      if (format === 'json') return c.json(report, 200);
      return c.body(taxReportCsv(report), 200, csvDownloadHeaders(`tax-${year}-q${quarter}.csv`));
    })
    .openapi(routes.ordersExport, (c) => {
      const query = c.req.valid('query');
      const body = csvStream(ordersCsv(db, query));
      return c.body(body, 200, csvDownloadHeaders(`orders-${today()}.csv`));
    })
    .openapi(routes.customersExport, (c) => {
      const body = csvStream(customersCsv(db));
      return c.body(body, 200, csvDownloadHeaders(`customers-${today()}.csv`));
    })
    .openapi(routes.productsExport, (c) => {
      const body = csvStream(productsCsv(db));
      return c.body(body, 200, csvDownloadHeaders(`products-${today()}.csv`));
    });
}
