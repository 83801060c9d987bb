import { startWebhookReceiver, verifyStandardWebhook } from '../support/webhook-receiver';
import { expect, test } from './fixtures';
import { checkAtBothWidths, ownerStore } from './owner-store';

/**
 * The owner's webhooks, on a store of this file's own: an endpoint pointed at a receiver on this
 * machine (allowed outside production), its secret shown once added, a test event that arrives
 * signed as the Standard Webhooks reference verifies, its delivery logged and replayed, and the
 * endpoint switched off and on again.
 */
const { signInOwner } = await ownerStore('webhooks-owner');

test('the owner adds an endpoint, sends a test event to a local receiver, and replays it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver([200]);
  try {
    await signInOwner(page);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Store admin' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    // The browser checks with the server's rules first.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Choose at least one event')).toBeVisible();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Local receiver');
    await page.getByRole('checkbox', { name: /Order completed/ }).check();
    await page.getByRole('checkbox', { name: /Order refunded/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = (await page.getByLabel('Signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('link', { name: receiver.url })).toBeVisible();
    await checkAtBothWidths(page, 'webhooks');

    await page.getByRole('link', { name: receiver.url }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page
      .getByRole('alertdialog', { name: 'Send a test event?' })
      .getByRole('button', { name: 'Send' })
      .click();
    // The worker sends it off the request path; the list reads it again every few seconds.
    await expect(page.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(receiver.received).toHaveLength(1);
    expect(await verifyStandardWebhook(secret, receiver.received[0]!)).toMatchObject({
      type: 'webhook.test',
    });
    await expect(page.getByText('HTTP 200')).toBeVisible();

    await page.getByRole('button', { name: /^Details of webhook.test/ }).click();
    await expect(page.getByText('Attempt 1: delivered, HTTP 200')).toBeVisible();
    await checkAtBothWidths(page, 'webhook-endpoint');

    await page.getByRole('button', { name: /^Replay webhook.test/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Send this event again?' })
      .getByRole('button', { name: 'Replay' })
      .click();
    await expect(page.getByRole('heading', { name: 'Deliveries (2)' })).toBeVisible();
    await expect(page.getByText('Delivered', { exact: true })).toHaveCount(2, { timeout: 20_000 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    await verifyStandardWebhook(secret, receiver.received[1]!);

    // Switched off, it shows why and offers to switch it on again.
    await page.getByRole('button', { name: 'Disable' }).click();
    await page
      .getByRole('alertdialog', { name: 'Disable this endpoint?' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await expect(page.getByText('This endpoint is disabled.')).toBeVisible();
    await checkAtBothWidths(page, 'webhook-disabled');
    await page.getByRole('button', { name: 'Enable endpoint' }).click();
    await expect(page.getByText('This endpoint is disabled.')).toBeHidden();

    // The deliveries are the jobs page's fourth queue.
    await page.goto('/admin/jobs');
    const queue = page.getByRole('region', { name: 'Queues' }).getByRole('button', {
      name: /^Webhooks/,
    });
    await expect(queue).toContainText('0 waiting · 0 running · 0 failed');
    await queue.click();
    await expect(page.getByRole('heading', { name: 'Webhooks: failed (0)' })).toBeVisible();
    await checkAtBothWidths(page, 'admin-jobs-webhooks');
  } finally {
    await receiver.close();
  }
});
