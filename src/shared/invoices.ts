import { z } from 'zod';

/**
 * Invoices and credit notes: their numbers and the figures they print. A document's figures are
 * frozen when it is numbered (the server's invoices/issue-documents.ts), so what it prints never
 * changes, whatever later happens to the order, the products or the store's settings.
 */

export const INVOICE_SERIES = 'INV';
export const CREDIT_NOTE_SERIES = 'CN';

/** INV-2026-000042: the series, the year and six digits (more once a year passes 999,999). */
export const documentNumber = (series: string, year: number, sequence: number) =>
  `${series}-${year}-${String(sequence).padStart(6, '0')}`;

/** The file name a document downloads under. */
export const documentFileName = (number: string) => `${number}.pdf`;

export const REVERSE_CHARGE_TEXT =
  'Reverse charge — VAT to be accounted for by the recipient (Art. 196 Council Directive 2006/112/EC)';

/** Rates are integers in thousandths of a percent (19% = 19000): 19% prints "19%", 9.975% "9.975%". */
export const formatTaxRate = (rate: number) => `${(rate / 1000).toFixed(3).replace(/\.?0+$/, '')}%`;

const cents = z.number().int();

export const documentLineSchema = z.object({
  /** The order line it prints (order_items.id), so a refund of that line finds it. */
  orderItemId: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  discountCents: cents,
  /** Before tax, after the discount. */
  netCents: cents,
  taxRate: z.number().int(),
  taxCents: cents,
  /** net + tax: what the line costs the buyer. */
  totalCents: cents,
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

export const rateTotalSchema = z.object({
  taxRate: z.number().int(),
  netCents: cents,
  taxCents: cents,
});
export type RateTotal = z.infer<typeof rateTotalSchema>;

export const documentDataSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  /** For a credit note, the invoice it corrects; for an invoice, its own number. */
  invoiceNumber: z.string(),
  issuedAt: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  currency: z.string(),
  seller: z.object({
    legalName: z.string(),
    address: z.string(),
    email: z.string(),
    taxNumber: z.string(),
    footer: z.string(),
  }),
  buyer: z.object({
    name: z.string(),
    company: z.string(),
    email: z.string(),
    /** Address lines as printed (street, city and postal code, region). */
    address: z.array(z.string()),
    country: z.string(),
    vatNumber: z.string(),
  }),
  pricesIncludeTax: z.boolean(),
  lines: z.array(documentLineSchema),
  totalsByRate: z.array(rateTotalSchema),
  netCents: cents,
  taxCents: cents,
  totalCents: cents,
  reverseCharge: z.boolean(),
  taxNote: z.string().nullable(),
});
export type DocumentData = z.infer<typeof documentDataSchema>;

export interface OrderLineFigures {
  orderItemId: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  taxRate: number;
  taxCents: number;
}

/**
 * A line as the invoice prints it. With tax-inclusive prices the tax is part of the price paid,
 * so the net is what remains once it is taken out; otherwise the tax comes on top of the net.
 */
export function documentLine(line: OrderLineFigures, pricesIncludeTax: boolean): DocumentLine {
  const paid = line.unitPriceCents * line.quantity - line.discountCents;
  const netCents = pricesIncludeTax ? paid - line.taxCents : paid;
  return { ...line, netCents, totalCents: netCents + line.taxCents };
}

/** Net and tax per rate, lowest rate first. */
export function totalsByRate(lines: readonly DocumentLine[]): RateTotal[] {
  const byRate = new Map<number, RateTotal>();
  for (const line of lines) {
    const total = byRate.get(line.taxRate) ?? { taxRate: line.taxRate, netCents: 0, taxCents: 0 };
    total.netCents += line.netCents;
    total.taxCents += line.taxCents;
    byRate.set(line.taxRate, total);
  }
  return [...byRate.values()].sort((a, b) => a.taxRate - b.taxRate);
}

/**
 * Shares `amount` among `weights` in whole cents that add up to it exactly (largest remainder,
 * earlier lines first on a tie).
 */
export function shareCents(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole === 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (weight * amount) / whole);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The negated figures of lines a credit note gives back. */
export const creditLine = (line: DocumentLine): DocumentLine => ({
  ...line,
  quantity: -line.quantity,
  discountCents: -line.discountCents,
  netCents: -line.netCents,
  taxCents: -line.taxCents,
  totalCents: -line.totalCents,
});

/**
 * A credit note's lines for a refund of `amountCents`: the refunded lines' own figures when
 * they add up to the amount, otherwise (an amount refunded without naming lines, or lines whose
 * paid share differs by rounding) the invoice's lines scaled to the amount, so the net and tax
 * it gives back keep the invoice's rates and add up to the refund exactly.
 */
export function creditNoteLines(
  invoiceLines: readonly DocumentLine[],
  refundedItemIds: readonly string[],
  amountCents: number,
): DocumentLine[] {
  const named = invoiceLines.filter((line) => refundedItemIds.includes(line.orderItemId));
  if (named.length > 0 && named.reduce((sum, l) => sum + l.totalCents, 0) === amountCents)
    return named.map(creditLine);
  const base = named.length > 0 ? named : [...invoiceLines];
  const totals = shareCents(
    amountCents,
    base.map((line) => line.totalCents),
  );
  return base.map((line, index) => {
    const total = totals[index]!;
    const taxCents =
      line.totalCents === 0 ? 0 : Math.round((line.taxCents * total) / line.totalCents);
    return creditLine({
      ...line,
      discountCents: 0,
      unitPriceCents: total,
      quantity: 1,
      netCents: total - taxCents,
      taxCents,
      totalCents: total,
    });
  });
}

/** The sums a document prints under its lines. */
export function documentTotals(lines: readonly DocumentLine[]) {
  return {
    totalsByRate: totalsByRate(lines),
    netCents: lines.reduce((sum, line) => sum + line.netCents, 0),
    taxCents: lines.reduce((sum, line) => sum + line.taxCents, 0),
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
  };
}

/** What the order views carry of an order's documents. */
export const orderDocumentsSchema = z.object({
  /** Given when the order completed; null before, and for orders paid before invoices existed. */
  invoiceNumber: z.string().nullable(),
  creditNotes: z.array(z.object({ number: z.string(), issuedAt: z.string() })),
});
export type OrderDocuments = z.infer<typeof orderDocumentsSchema>;

export const invoiceMessages = {
  noInvoice: 'This order has no invoice',
  noCreditNote: 'Credit note not found',
  invalidLink: 'This invoice link is invalid or has expired',
  notReady: 'The invoice is being prepared. Please try again in a moment.',
};

/** Seconds a client waits before asking again for a document still being made. */
export const DOCUMENT_RETRY_AFTER_SECONDS = 5;

/** Where the web app and the mail link download an order's documents. */
export const invoicePaths = {
  own: (orderId: string) => `/api/orders/${orderId}/invoice`,
  ownCreditNote: (orderId: string, number: string) =>
    `/api/orders/${orderId}/credit-notes/${number}`,
  guest: (token: string) => `/api/guest-orders/${token}/invoice`,
  guestCreditNote: (token: string, number: string) =>
    `/api/guest-orders/${token}/credit-notes/${number}`,
  link: (token: string) => `/api/invoice-links/${token}`,
};
