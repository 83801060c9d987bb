import { formatPrice } from '#shared/money';
import { REVERSE_CHARGE_TEXT, formatTaxRate, type DocumentData } from '#shared/invoices';
import { toWinAnsi } from './win-ansi';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const BOTTOM = A4.height - MARGIN - 40;

/** The lines table's columns: left edge and width; numbers are right-aligned in theirs. */
const columns = [
  { title: 'Description', x: MARGIN, width: 170, align: 'left' },
  { title: 'Qty', x: 222, width: 30, align: 'right' },
  { title: 'Unit price', x: 256, width: 62, align: 'right' },
  { title: 'Discount', x: 322, width: 55, align: 'right' },
  { title: 'Net', x: 381, width: 62, align: 'right' },
  { title: 'Rate', x: 447, width: 40, align: 'right' },
  { title: 'Tax', x: 491, width: RIGHT - 491, align: 'right' },
] as const;

const dateOf = (iso: string) => iso.slice(0, 10);

/**
 * An issued invoice or credit note as an A4 PDF, drawn from its frozen figures only (the
 * document worker calls this, never a request). Helvetica, so text outside WinAnsi is
 * transliterated or printed as "?" (win-ansi.ts).
 */
export async function renderDocumentPdf(data: DocumentData): Promise<Buffer> {
  // Loaded by the first document rendered (200 ms that most processes never need).
  const { default: PDFDocument } = await import('pdfkit');
  const title = data.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${title} ${data.number}`,
      Author: toWinAnsi(data.seller.legalName),
      // The issue date, not the rendering's: a document made twice comes out the same.
      CreationDate: new Date(data.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(toWinAnsi(value), x, y, { lineBreak: true, ...options });

  // The seller, and the document's own particulars beside it.
  doc.font('Helvetica-Bold').fontSize(11);
  text(data.seller.legalName || ' ', MARGIN, MARGIN, { width: 260 });
  doc.font('Helvetica').fontSize(9);
  const sellerLines = [
    ...data.seller.address.split('\n'),
    data.seller.email,
    data.seller.taxNumber ? `Tax number: ${data.seller.taxNumber}` : '',
  ].filter(Boolean);
  text(sellerLines.join('\n'), MARGIN, doc.y + 2, { width: 260 });
  const sellerBottom = doc.y;

  doc.font('Helvetica-Bold').fontSize(20);
  text(title, 330, MARGIN, { width: RIGHT - 330, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  const particulars = [
    `Number: ${data.number}`,
    `Date of issue: ${dateOf(data.issuedAt)}`,
    `Order: #${data.orderNumber}`,
    ...(data.kind === 'credit_note' ? [`Corrects invoice: ${data.invoiceNumber}`] : []),
    `Currency: ${data.currency}`,
  ];
  text(particulars.join('\n'), 330, doc.y + 4, { width: RIGHT - 330, align: 'right' });

  // The buyer.
  let y = Math.max(sellerBottom, doc.y) + 24;
  doc.font('Helvetica-Bold').fontSize(10);
  text('Bill to', MARGIN, y);
  doc.font('Helvetica').fontSize(9);
  const buyer = data.buyer;
  const buyerLines = [
    buyer.name,
    buyer.company,
    ...buyer.address,
    buyer.country,
    buyer.email,
    buyer.vatNumber ? `VAT number: ${buyer.vatNumber}` : '',
  ].filter(Boolean);
  text(buyerLines.join('\n'), MARGIN, doc.y + 2, { width: 300 });

  // The lines.
  y = doc.y + 24;
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(toWinAnsi(cell), { width: columns[i]!.width })),
    );
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      text(cell, column.x, y, { width: column.width, align: column.align });
    });
    y += height + 6;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(RIGHT, y - 3)
    .lineWidth(0.5)
    .stroke();
  for (const line of data.lines) {
    row([
      line.description,
      String(line.quantity),
      formatPrice(line.unitPriceCents),
      formatPrice(line.discountCents),
      formatPrice(line.netCents),
      formatTaxRate(line.taxRate),
      formatPrice(line.taxCents),
    ]);
  }
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(RIGHT, y - 3)
    .stroke();

  // Totals by rate, then the document's totals.
  const totalsX = 300;
  const total = (label: string, cents: number, bold = false) => {
    if (y + 14 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    text(label, totalsX, y, { width: 160 });
    text(formatPrice(cents), 460, y, { width: RIGHT - 460, align: 'right' });
    y += bold ? 16 : 13;
  };
  y += 4;
  for (const rate of data.totalsByRate) {
    total(`Net at ${formatTaxRate(rate.taxRate)}`, rate.netCents);
    total(`Tax at ${formatTaxRate(rate.taxRate)}`, rate.taxCents);
  }
  y += 4;
  total('Total net', data.netCents);
  total('Total tax', data.taxCents);
  total(`Total (${data.currency})`, data.totalCents, true);

  // Why the tax is what it is, and the seller's footer.
  doc.font('Helvetica').fontSize(9);
  y += 14;
  const notes = [
    data.reverseCharge ? REVERSE_CHARGE_TEXT : '',
    data.taxNote ?? '',
    data.pricesIncludeTax ? 'Prices include tax.' : '',
  ].filter(Boolean);
  for (const note of notes) {
    text(note, MARGIN, y, { width: RIGHT - MARGIN });
    y = doc.y + 6;
  }
  if (data.seller.footer) {
    doc.fontSize(8).fillColor('#444444');
    text(data.seller.footer, MARGIN, Math.max(y + 10, BOTTOM - 10), { width: RIGHT - MARGIN });
  }
  doc.end();
  return done;
}
