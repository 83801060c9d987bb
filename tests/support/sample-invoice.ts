import { documentTotals, type DocumentData, type DocumentLine } from '#shared/invoices';

/**
 * A reverse-charged invoice from a Berlin seller to a Paris studio, with the given lines: what the
 * PDF test reads back and the PDF bench renders.
 */
export const sampleInvoice = (
  lines: DocumentLine[],
  issuedAt = '2026-11-27T10:00:00.000Z',
): DocumentData => ({
  kind: 'invoice',
  number: 'INV-2026-000042',
  invoiceNumber: 'INV-2026-000042',
  issuedAt,
  orderId: '00000000-0000-4000-8000-000000000001',
  orderNumber: '00000001',
  currency: 'USD',
  seller: {
    legalName: 'Loop Audio GmbH',
    address: 'Torstraße 1\n10119 Berlin\nGermany',
    email: 'billing@loop.test',
    taxNumber: 'DE123456789',
    footer: 'Registered at Amtsgericht Berlin, HRB 12345',
  },
  buyer: {
    name: 'Jean Dupont',
    company: 'Studio Dupont SARL',
    email: 'jean@dupont.test',
    address: ['12 rue de Rivoli', '75001 Paris'],
    country: 'France',
    vatNumber: 'FR40303265045',
  },
  pricesIncludeTax: false,
  lines,
  ...documentTotals(lines),
  reverseCharge: true,
  taxNote: null,
});
