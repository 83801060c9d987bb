import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countryName } from '#shared/countries';
import { orderNumber } from '#shared/checkout';
import { TAX_PERCENT } from '#shared/cart-money';
import {
  CREDIT_NOTE_SERIES,
  INVOICE_SERIES,
  creditNoteLines,
  documentDataSchema,
  documentLine,
  documentNumber,
  documentTotals,
  shareCents,
  type DocumentData,
  type OrderLineFigures,
} from '#shared/invoices';
import {
  SELLER_SETTINGS_KEY,
  TAX_SETTINGS_KEY,
  sellerSettingsSchema,
  taxSettingsSchema,
} from '#shared/tax-settings';
import type { Db } from '../db/client';
import { invoiceDocuments, invoiceSequences } from '../db/invoices-schema';
import { orderItems, orders, products, type OrderRow } from '../db/schema';
import { readSettings } from '../settings/store-settings';

/**
 * Takes the next number of a series and year. One statement: the first of a year inserts 1, every
 * other bumps the row and holds its lock until the caller's transaction ends, so concurrent
 * completions queue on it and each gets the next number; one that rolls back gives its number
 * back with its bump. Run it inside the transaction that issues the document.
 */
export async function takeDocumentNumber(tx: Db, series: string, year: number) {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceSequences.series, invoiceSequences.year],
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  const sequence = row!.lastNumber;
  return { sequence, number: documentNumber(series, year, sequence) };
}

/** A country code as a name ("DE" → "Germany"); a name (older orders) as it is. */
const buyerCountry = (code: string | null, given: string | undefined) =>
  code ? countryName(code) : (given ?? '');

/**
 * The lines as the order was priced. Orders priced before per-line tax (their lines carry no
 * tax while the order does) get the order's discount and tax shared out by line, at the flat
 * estimate's rate, so every invoice adds up to what was paid.
 */
function orderLines(order: OrderRow, lines: OrderLineFigures[]): OrderLineFigures[] {
  const sum = (pick: (line: OrderLineFigures) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  if (
    sum((l) => l.discountCents) === order.discountCents &&
    sum((l) => l.taxCents) === order.taxCents
  )
    return lines;
  const gross = lines.map((line) => line.unitPriceCents * line.quantity);
  const discounts = shareCents(order.discountCents, gross);
  const taxes = shareCents(
    order.taxCents,
    gross.map((cents, index) => cents - discounts[index]!),
  );
  return lines.map((line, index) => ({
    ...line,
    discountCents: discounts[index]!,
    taxCents: taxes[index]!,
    taxRate: line.taxRate || (order.taxCents > 0 ? TAX_PERCENT * 1000 : 0),
  }));
}

/** Everything an invoice prints, read now and frozen into its row. */
async function invoiceData(
  tx: Db,
  order: OrderRow,
  number: string,
  issuedAt: Date,
): Promise<DocumentData> {
  const seller = await readSettings(tx, SELLER_SETTINGS_KEY, sellerSettingsSchema);
  const tax = await readSettings(tx, TAX_SETTINGS_KEY, taxSettingsSchema);
  // A bundle's member lines read "Producer Bundle: Bass Loops", next to each other.
  const bundles = alias(products, 'bundle');
  const rows = await tx
    .select({
      orderItemId: orderItems.id,
      description: sql<string>`case when ${bundles.name} is null then ${products.name}
        else ${bundles.name} || ': ' || ${products.name} end`,
      licenseType: orderItems.licenseType,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      discountCents: orderItems.discountCents,
      taxRate: orderItems.taxRate,
      taxCents: orderItems.taxCents,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(bundles, eq(bundles.id, orderItems.bundleProductId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.createdAt, orderItems.bundleProductId, orderItems.id);
  const lines = orderLines(
    order,
    rows.map(({ licenseType, ...line }) => ({
      ...line,
      description:
        licenseType === 'standard' ? line.description : `${line.description} (${licenseType})`,
    })),
  ).map((line) => documentLine(line, order.pricesIncludeTax));
  const billing = order.billingDetails;
  const name = [billing.firstName, billing.lastName].filter(Boolean).join(' ');
  const cityLine = [billing.postalCode, billing.city].filter(Boolean).join(' ');
  return {
    kind: 'invoice',
    number,
    invoiceNumber: number,
    issuedAt: issuedAt.toISOString(),
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    currency: order.currency.toUpperCase(),
    seller: {
      legalName: seller.legalName,
      address: seller.address,
      email: seller.email,
      taxNumber: tax.homeTaxNumber,
      footer: seller.invoiceFooter,
    },
    buyer: {
      name,
      company: billing.company ?? '',
      email: order.email,
      address: [
        [billing.address, billing.apartment].filter(Boolean).join(', '),
        cityLine,
        order.region ?? billing.state ?? '',
      ].filter(Boolean),
      country: buyerCountry(order.country, billing.country),
      vatNumber: order.vatNumber ?? '',
    },
    pricesIncludeTax: order.pricesIncludeTax,
    lines,
    ...documentTotals(lines),
    reverseCharge: order.taxBasis === 'reverse_charge',
    taxNote: order.taxNote,
  };
}

/**
 * Numbers a completing order's invoice and freezes its figures, inside the transaction that
 * makes it COMPLETED (payments/fulfilment.ts): the order, its number and its invoice commit
 * together or not at all. The PDF is made later by the document worker.
 */
export async function issueInvoice(tx: Db, order: OrderRow): Promise<OrderRow> {
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const { sequence, number } = await takeDocumentNumber(tx, INVOICE_SERIES, year);
  const data = await invoiceData(tx, order, number, issuedAt);
  await tx.insert(invoiceDocuments).values({
    orderId: order.id,
    kind: 'invoice',
    series: INVOICE_SERIES,
    year,
    sequenceNumber: sequence,
    number,
    issuedAt,
    data,
  });
  const [numbered] = await tx
    .update(orders)
    .set({ invoiceNumber: number })
    .where(eq(orders.id, order.id))
    .returning();
  return numbered!;
}

/**
 * A refund's credit note, in the refund's transaction: its own CN number, the invoice it
 * corrects, and the refunded lines' figures negated (creditNoteLines). An order completed
 * before invoices existed has no invoice to correct and gets none.
 */
export async function issueCreditNote(
  tx: Db,
  refund: { id: string; orderId: string; amountCents: number; orderItemIds: string[] },
): Promise<string | null> {
  const [invoice] = await tx
    .select({ data: invoiceDocuments.data })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, refund.orderId), eq(invoiceDocuments.kind, 'invoice')));
  if (!invoice) return null;
  const invoiceFigures = documentDataSchema.parse(invoice.data);
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const { sequence, number } = await takeDocumentNumber(tx, CREDIT_NOTE_SERIES, year);
  const lines = creditNoteLines(invoiceFigures.lines, refund.orderItemIds, refund.amountCents);
  const data: DocumentData = {
    ...invoiceFigures,
    kind: 'credit_note',
    number,
    issuedAt: issuedAt.toISOString(),
    lines,
    ...documentTotals(lines),
  };
  await tx.insert(invoiceDocuments).values({
    orderId: refund.orderId,
    kind: 'credit_note',
    refundId: refund.id,
    series: CREDIT_NOTE_SERIES,
    year,
    sequenceNumber: sequence,
    number,
    issuedAt,
    data,
  });
  return number;
}
