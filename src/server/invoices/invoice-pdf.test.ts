import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_TEXT, documentLine } from '#shared/invoices';
import { renderDocumentPdf } from './invoice-pdf';
import { toWinAnsi } from './win-ansi';
import { sampleInvoice } from '#tests/support/sample-invoice';

const lines = [
  documentLine(
    {
      orderItemId: 'a',
      description: 'Analog Drums Vol. 2',
      quantity: 2,
      unitPriceCents: 2999,
      discountCents: 600,
      taxRate: 19000,
      taxCents: 1026,
    },
    false,
  ),
  documentLine(
    {
      orderItemId: 'b',
      description: 'Mixing Handbook',
      quantity: 1,
      unitPriceCents: 1500,
      discountCents: 150,
      taxRate: 7000,
      taxCents: 95,
    },
    false,
  ),
];

const invoice = sampleInvoice(lines);

const textOf = async (pdf: Buffer) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

describe('invoice PDF', () => {
  it('prints the number, seller, buyer, every line’s figures, totals by rate and reverse charge', async () => {
    const pdf = await renderDocumentPdf(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const expected of [
      'Invoice',
      'INV-2026-000042',
      'Date of issue: 2026-11-27',
      'Loop Audio GmbH',
      'Torstraße 1',
      'Tax number: DE123456789',
      'Jean Dupont',
      'Studio Dupont SARL',
      '75001 Paris',
      'France',
      'VAT number: FR40303265045',
      // Analog Drums: 2 × $29.99, $6.00 off, $53.98 net, 19%, $10.26 tax.
      'Analog Drums Vol. 2',
      '$29.99',
      '$6.00',
      '$53.98',
      '19%',
      '$10.26',
      // Mixing Handbook: 1 × $15.00, $1.50 off, $13.50 net, 7%, $0.95 tax.
      '$15.00',
      '$1.50',
      '$13.50',
      '7%',
      '$0.95',
      'Net at 7%',
      'Tax at 19%',
      'Total net',
      '$67.48',
      'Total tax',
      '$11.21',
      'Total (USD)',
      '$78.69',
      REVERSE_CHARGE_TEXT,
      'Registered at Amtsgericht Berlin, HRB 12345',
    ])
      expect(text).toContain(expected);
  });

  it('prints a credit note’s negative figures and the invoice it corrects, without reverse charge when none applies', async () => {
    const text = await textOf(
      await renderDocumentPdf({
        ...invoice,
        kind: 'credit_note',
        number: 'CN-2026-000003',
        reverseCharge: false,
        lines: [{ ...lines[1]!, netCents: -1350, taxCents: -95, totalCents: -1445, quantity: -1 }],
        totalsByRate: [{ taxRate: 7000, netCents: -1350, taxCents: -95 }],
        netCents: -1350,
        taxCents: -95,
        totalCents: -1445,
      }),
    );
    expect(text).toContain('Credit note');
    expect(text).toContain('CN-2026-000003');
    expect(text).toContain('Corrects invoice: INV-2026-000042');
    expect(text).toContain('-$14.45');
    expect(text).not.toContain('Reverse charge');
  });

  it('keeps text outside Helvetica’s character set visible: accents dropped, the rest as "?"', async () => {
    expect(toWinAnsi('Łódź Wrocław Ōsaka Nguyễn 東京 Müller')).toBe(
      'Lódz Wroclaw Osaka Nguyen ?? Müller',
    );
    const text = await textOf(
      await renderDocumentPdf({
        ...invoice,
        buyer: { ...invoice.buyer, name: 'Łukasz 山田 Ørsted' },
      }),
    );
    expect(text).toContain('Lukasz ?? Ørsted');
  });
});
