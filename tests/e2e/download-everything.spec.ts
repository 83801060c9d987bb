import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { expect, test, type Page } from './fixtures';
import { storedFileOf } from './stored-files';
import { seriousViolations } from './axe';
import { linkFromOutbox } from './outbox';
import { buy, createSignedInAccount, freshEmail, productNamed } from './shoppers';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every entry of a ZIP file on disk, read with yauzl. */
async function unzipFile(path: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return entries;
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `/tmp/archive-${name}-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a buyer of two products downloads everything from the confirmation page, and it unzips to the stored files', async ({
  page,
}) => {
  test.slow();
  const email = freshEmail('everything');
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  const synth = await productNamed(page.request, 'Analog Bass Synth');
  await createSignedInAccount(page.request, email);

  // Both in one order, paid with the test card; the confirmation page opened as after paying.
  const created = await page.request.post('/api/checkout/sessions', {
    data: {
      checkoutType: 'direct',
      items: [
        { productId: pack.id, quantity: 1 },
        { productId: synth.id, quantity: 1 },
      ],
    },
  });
  const { sessionId } = (await created.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/payments/local/sessions/${sessionId}/pay`, {
    data: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' },
  });
  expect(paid.ok()).toBe(true);
  await page.goto(`/payment/success?session_id=${sessionId}`);
  await page.getByRole('button', { name: 'View Order Confirmation' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  // The spec's button (SPEC: Order Confirmed!), now with the action the issue gives it.
  const button = page.getByRole('button', { name: 'Download All Products' });
  await expect(button).toBeVisible();
  await shoot(page, 'confirmation');

  const saved = page.waitForEvent('download');
  await button.click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^loopmarket-order-[0-9A-F]{8}\.zip$/);
  await expect(page.getByText(/^Your download has started: loopmarket-order-/)).toContainText(
    '(2 files,',
  );
  const entries = await unzipFile(await download.path());
  // One file a product, in a folder named after it.
  expect(entries.size).toBe(2);
  for (const product of [pack, synth]) {
    const [name] = [...entries.keys()].filter((n) => n.startsWith(`${product.name}/`));
    expect(sha256(entries.get(name!)!)).toBe(sha256(await storedFileOf(product.name)));
  }
  await shoot(page, 'confirmation-started');

  // The order page and the hub offer the same; the hub spends one more of each.
  await page.goto('/orders');
  await expect(page.getByRole('button', { name: 'Download everything' })).toBeVisible();
  await shoot(page, 'orders');
  await page.goto('/download-hub');
  await expect(page.getByRole('heading', { name: 'Everything you own, in one ZIP' })).toBeVisible();
  await shoot(page, 'hub');
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download everything' }).click();
  expect((await again).suggestedFilename()).toMatch(/^loopmarket-downloads-\d{4}-\d\d-\d\d\.zip$/);
  await page.reload();
  // Two downloads spent of each line: the pack's 3, the synth's 5.
  await expect(page.getByText('1 of 3 downloads left')).toBeVisible();
  await expect(page.getByText('3 of 5 downloads left')).toBeVisible();
});

test("a guest downloads everything from the receipt's order page", async ({ page }) => {
  test.slow();
  const email = freshEmail('guest-everything');
  const pack = await productNamed(page.request, 'Dusty Soul Sample Pack');
  await buy(page.request, pack, email);
  const link = await linkFromOutbox(page.request, email, '/downloads/guest');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your Downloads' })).toBeVisible();
  await shoot(page, 'guest');
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download everything' }).click();
  const entries = await unzipFile(await (await saved).path());
  const [only] = [...entries.values()];
  expect(sha256(only!)).toBe(sha256(await storedFileOf(pack.name)));

  // Two more use up the pack's three downloads; the next is refused, said plainly by the button.
  const button = page.getByRole('button', { name: 'Download everything' });
  for (let i = 0; i < 2; i++) {
    const next = page.waitForEvent('download');
    await button.click();
    await next;
  }
  await expect(page.getByText('0 of 3 downloads left')).toBeVisible();
  await button.click();
  await expect(page.getByRole('alert')).toHaveText(
    'There is nothing left to download in this order',
  );
  await expect(button).toBeEnabled();
  await shoot(page, 'guest-refused');
});
