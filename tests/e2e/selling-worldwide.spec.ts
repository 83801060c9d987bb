import { extractText, getDocumentProxy } from 'unpdf';
import type { Browser, Page } from '@playwright/test';
import type { OrderView } from '../../src/shared/orders';
import { startViesStandIn } from '../support/vies-stand-in';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * The four buyers of one $20.00 pack from a Texas plugin maker registered for Texas sales
 * tax, UK VAT and the EU's one-stop shop: a German consumer pays 19% VAT, a German business with a
 * valid VAT number pays none (reverse charge), a UK buyer 20% VAT and a buyer in Texas 6.25%. Each
 * checks out in the browser, sees the tax before paying, and downloads an invoice that says so.
 */
const vies = await startViesStandIn();
vies.registered.set('DE811907980', { name: 'Klangwerk GmbH', address: 'Torstraße 1, Berlin' });
const { store, signInOwner } = await ownerStore('worldwide-owner', { VIES_URL: vies.url });
test.afterAll(() => vies.close());

let packId = '';

test('the owner sets up tax: home in Texas, registered in the UK and for the EU one-stop shop', async ({
  page,
}) => {
  await signInOwner(page);
  const settings = await page.request.put('/api/admin/settings/tax', {
    data: {
      homeCountry: 'US',
      homeRegion: 'TX',
      homeTaxNumber: '32012345678',
      registrations: [
        { country: 'EU', region: null, taxNumber: 'EU372000041' },
        { country: 'GB', region: null, taxNumber: 'GB123456789' },
      ],
      fallback: 'none',
      rateOverrides: { 'US-TX': 6250 },
    },
  });
  expect(settings.status()).toBe(200);
  const seller = await page.request.put('/api/admin/settings/seller', {
    data: { legalName: 'Tape Hiss Audio LLC', address: '100 Congress Ave\nAustin, TX 78701' },
  });
  expect(seller.status()).toBe(200);
  const created = await page.request.post('/api/admin/products', {
    data: { name: 'Cassette Drums', price: '20.00', status: 'active' },
  });
  expect(created.status()).toBe(201);
  packId = ((await created.json()) as { data: { id: string } }).data.id;
});

interface Buyer {
  label: string;
  country: string;
  region?: string;
  vatNumber?: string;
  card: string;
  taxRow: string;
  tax: string;
  total: string;
  invoiceSays: string[];
}

const buyers: Buyer[] = [
  {
    label: 'a German consumer',
    country: 'Germany',
    card: '4000002760000016',
    taxRow: 'VAT 19%',
    tax: '$3.80',
    total: '$23.80',
    invoiceSays: ['Germany', '19', '3.80', '23.80'],
  },
  {
    label: 'a German business with a valid VAT number',
    country: 'Germany',
    vatNumber: 'DE 811 907 980',
    card: '4000002760000016',
    taxRow: 'Reverse charge',
    tax: '$0.00',
    total: '$20.00',
    invoiceSays: ['DE811907980', 'Reverse charge', '20.00'],
  },
  {
    label: 'a UK buyer',
    country: 'United Kingdom',
    card: '4000008260000000',
    taxRow: 'VAT 20%',
    tax: '$4.00',
    total: '$24.00',
    invoiceSays: ['United Kingdom', '4.00', '24.00'],
  },
  {
    label: 'a buyer in Texas',
    country: 'United States',
    region: 'Texas',
    card: '4242424242424242',
    taxRow: 'Sales tax 6.25%',
    tax: '$1.25',
    total: '$21.25',
    invoiceSays: ['United States', '1.25', '21.25'],
  },
];

for (const buyer of buyers) {
  test(`${buyer.label} sees the tax before paying and downloads an invoice that says so`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await signedInBuyer(browser, buyer.label);
    await page.goto(`/products/${packId}`);
    await page.getByRole('button', { name: 'Add to Cart: Cassette Drums' }).click();
    const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });
    await expect(drawer.getByRole('heading', { name: 'Cassette Drums' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await page.goto('/checkout');

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Country').selectOption(buyer.country);
    if (buyer.region) await page.getByLabel('State').selectOption(buyer.region);
    if (buyer.vatNumber) {
      await page.getByLabel('Company (optional)').fill('Klangwerk GmbH');
      await page.getByLabel(/VAT number/).fill(buyer.vatNumber);
    }
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // The payment step's summary holds the server's figures for this buyer.
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText(buyer.taxRow);
    await expect(summary).toContainText(buyer.total);
    if (buyer.label.startsWith('a German consumer')) await checkAtBothWidths(page, 'tax-de');

    await page.getByLabel('Card number').fill(buyer.card);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({
      timeout: 30_000,
    });

    const [order] = (
      (await (await page.request.get('/api/orders')).json()) as { data: OrderView[] }
    ).data;
    expect(order).toMatchObject({ status: 'COMPLETED', totalCents: cents(buyer.total) });
    expect(order!.taxCents).toBe(cents(buyer.tax));
    const number = order!.invoiceNumber!;
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);

    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Order #${order!.orderNumber}` });
    await expect(card).toContainText(buyer.total);
    if (buyer.label.startsWith('a UK')) await checkAtBothWidths(page, 'tax-orders-gb');
    const text = await downloadedInvoiceText(page, number);
    expect(text).toContain(number);
    expect(text).toContain('Tape Hiss Audio LLC');
    for (const words of buyer.invoiceSays) expect(text).toContain(words);
    await page.context().close();
  });
}

const cents = (amount: string) => Math.round(Number(amount.replace(/[$,]/g, '')) * 100);

async function signedInBuyer(browser: Browser, label: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: store.url });
  const page = await context.newPage();
  await createSignedInAccount(
    page.request,
    freshEmail(label.split(' ').slice(1, 3).join('-').toLowerCase()),
  );
  return page;
}

/** The order's invoice as its buyer downloads it, once the document worker has made it. */
async function downloadedInvoiceText(page: Page, number: string): Promise<string> {
  const button = page.getByRole('button', { name: `Download invoice ${number}` });
  let text = '';
  await expect(async () => {
    const download = page.waitForEvent('download', { timeout: 3000 });
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
    text = (await extractText(pdf, { mergePages: true })).text;
  }).toPass({ timeout: 30_000 });
  return text;
}
