import { and, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Billing } from '#shared/billing';
import type { PublicTaxSettings } from '#shared/store';
import type { TaxBuyer } from '#shared/tax';
import { EU_COUNTRIES, isEuCountry } from '#shared/tax-rates';
import type { TaxSettings } from '#shared/tax-settings';
import type { Db } from '../db/client';
import { orders } from '../db/schema';

/** Part C's VIES answer (src/server/tax/vat-check.ts), as checkout stores it. */
export interface VatCheckResult {
  status: 'valid' | 'invalid' | 'unavailable';
  name?: string;
  address?: string;
  checkedAt: string;
  requestIdentifier?: string;
}
export type CheckVat = (country: string, number: string) => Promise<VatCheckResult>;

/** What the tax rule needs to price one checkout, read before its transaction opens. */
export interface TaxContext {
  settings: TaxSettings;
  buyer: TaxBuyer;
  euCrossBorderSalesCents: number;
  vatNumber: string | null;
  vatCheck: VatCheckResult | null;
}

/**
 * The store's EU sales to consumers outside its home country, net of tax, in this calendar year
 * and the last, the larger: what the one-stop shop's threshold is compared with. One query on
 * orders_country_completed_idx (completed and refunded orders by country and date).
 */
export async function euCrossBorderSalesCents(db: Db, home: string, now = new Date()) {
  const thisYear = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 0, 1));
  const net = sql`${orders.subtotalCents} - ${orders.discountCents} - case when ${orders.pricesIncludeTax} then ${orders.taxCents} else 0 end`;
  const [row] = await db
    .select({
      current: sql<string>`coalesce(sum(case when ${orders.completedAt} >= ${thisYear} then ${net} end), 0)`,
      previous: sql<string>`coalesce(sum(case when ${orders.completedAt} < ${thisYear} then ${net} end), 0)`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['COMPLETED', 'REFUNDED']),
        inArray(orders.country, [...EU_COUNTRIES]),
        ne(orders.country, home),
        gte(orders.completedAt, lastYear),
        // A business buyer's reverse-charged order is not a distance sale to a consumer.
        ne(orders.taxBasis, 'reverse_charge'),
      ),
    );
  return Math.max(Number(row?.current ?? 0), Number(row?.previous ?? 0));
}

/**
 * The store's tax settings, the buyer's place and VAT number as checked, and the cross-border
 * sales when the threshold can matter (an EU home, an EU buyer abroad).
 */
export async function readTaxContext(
  db: Db,
  settings: TaxSettings,
  billing: Billing,
  checkVat: CheckVat | undefined,
): Promise<TaxContext> {
  const { country, region } = billing;
  const vatNumber = billing.details.vatNumber?.replace(/[\s.-]/g, '').toUpperCase() || null;
  const vatCheck =
    vatNumber && checkVat && isEuCountry(country) ? await checkVat(country, vatNumber) : null;
  const home = settings.homeCountry;
  const crossBorder =
    home && isEuCountry(home) && isEuCountry(country) && country !== home
      ? await euCrossBorderSalesCents(db, home)
      : 0;
  return {
    settings,
    buyer: {
      country,
      region,
      vat: vatCheck
        ? { valid: vatCheck.status === 'valid', unavailable: vatCheck.status === 'unavailable' }
        : null,
    },
    euCrossBorderSalesCents: crossBorder,
    vatNumber,
    vatCheck,
  };
}

/** The tax settings the cart estimates with (GET /api/store): no tax number, no sales figure. */
export async function publicTaxSettings(db: Db, settings: TaxSettings): Promise<PublicTaxSettings> {
  const home = settings.homeCountry;
  return {
    pricesIncludeTax: settings.pricesIncludeTax,
    homeCountry: home,
    homeRegion: settings.homeRegion,
    registrations: settings.registrations.map(({ country, region }) => ({ country, region })),
    fallback: settings.fallback,
    rateOverrides: settings.rateOverrides,
    requireFullAddress: settings.requireFullAddress,
    euDestinationRates:
      home !== null &&
      isEuCountry(home) &&
      (await euCrossBorderSalesCents(db, home)) > settings.ossThresholdCents,
  };
}
