import { expect, test } from './fixtures';
import type { OrderView } from '../../src/shared/orders';
import { checkAtBothWidths } from './owner-store';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

test('a buyer pays with the test card, opens order history and downloads the invoice PDF', async ({
  page,
}) => {
  // Sign-up, payment, axe at two widths and the PDF: more than the default 30 s on a busy machine.
  test.slow();
  await createSignedInAccount(page.request, freshEmail('invoice'));
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await buy(page.request, pack);
  const [order] = ((await (await page.request.get('/api/orders')).json()) as { data: OrderView[] })
    .data;
  const number = order!.invoiceNumber!;
  expect(number).toMatch(/^INV-\d{4}-\d{6}$/);

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order #${order!.orderNumber}` });
  const button = card.getByRole('button', { name: `Download invoice ${number}` });
  await expect(button).toBeVisible();
  await checkAtBothWidths(page, 'invoice-order-history');

  // The document worker makes the PDF within moments of the payment; until then the page says so.
  await expect(async () => {
    const download = page.waitForEvent('download', { timeout: 3000 });
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  }).toPass({ timeout: 20_000 });
});
