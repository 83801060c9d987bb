import { checkAtBothWidths } from './owner-store';
import { expect, test } from './fixtures';
import { productNamed } from './shoppers';

// Axe at two widths on a busy machine takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test("the demo synth plugin's page plays its audio demo, with its waveform, as a pack's does", async ({
  page,
}) => {
  const synth = await productNamed(page.request, 'Analog Bass Synth');
  await page.goto(`/products/${synth.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analog Bass Synth');
  // The page's waveform, drawn from the preview's peaks.
  await expect(
    page.getByRole('slider', { name: 'Preview of Analog Bass Synth', exact: true }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Audio Demos' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel).not.toContainText('No audio preview available');
  const previewResponse = page.waitForResponse((r) =>
    r.url().endsWith('/media/previews/analog-bass-synth.wav'),
  );
  await panel.getByRole('button', { name: /Play preview/ }).click();
  const response = await previewResponse;
  expect([200, 206]).toContain(response.status());
  expect(response.headers()['content-type']).toMatch(/^audio\//);
  await expect(panel.getByRole('button', { name: /Pause preview/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await checkAtBothWidths(page, 'synth-product-page');
});
