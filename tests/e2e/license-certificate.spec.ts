import { expect, test } from './fixtures';
import type { OrderView } from '../../src/shared/orders';
import { checkAtBothWidths } from './owner-store';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

test('a buyer downloads a licence certificate from order history, and its page says it is genuine', async ({
  page,
}) => {
  // Sign-up, payment, a PDF and axe at two widths on two pages: more than 30 s on a busy machine.
  test.slow();
  await createSignedInAccount(page.request, freshEmail('certificate'));
  const synth = await productNamed(page.request, 'Analog Bass Synth');
  await buy(page.request, synth);
  const [order] = ((await (await page.request.get('/api/orders')).json()) as { data: OrderView[] })
    .data;
  const line = order!.items[0]!;

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order #${order!.orderNumber}` });
  const link = card.getByRole('link', { name: `Licence certificate for ${synth.name}` });
  await expect(link).toBeVisible();
  await checkAtBothWidths(page, 'license-certificate-order-history');

  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`licence-${order!.orderNumber}-analog-bass-synth.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  // The QR code's page, as anyone scanning it sees it.
  await page.goto(`/licenses/verify/${line.id}`);
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('heading', { name: 'Genuine' })).toBeVisible();
  await expect(result).toContainText(`a standard licence to ${synth.name}`);
  await checkAtBothWidths(page, 'license-certificate-verify');

  await page.goto('/licenses/verify/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Not genuine' })).toBeVisible();
});
