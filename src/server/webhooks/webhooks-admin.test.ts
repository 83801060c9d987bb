import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { webhookMessages, type WebhookEndpoint } from '#shared/webhooks';
import type { AdminJobPage } from '#shared/admin-jobs';
import type { Db } from '#server/db/client';
import { adminAudit, orderItems, webhookEvents, type ProductRow } from '#server/db/schema';
import { emailsTo, linkIn } from '#tests/support/auth-client';
import { createOrder, createProduct, minutesAgo } from '#tests/support/factories';
import { testInFreshStore as it } from '#tests/support/fixtures';
import { createLicense } from '#tests/support/license-rows';
import { createWebhookEndpoint } from './webhooks-admin.service';

type Browser = {
  request(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: unknown }>;
};

async function addEndpoint(admin: Browser, events: string[], url = 'http://127.0.0.1:9/hooks') {
  const made = await admin.request('/api/admin/webhooks', { body: { url, events } });
  expect(made.status).toBe(201);
  return made.body as { data: WebhookEndpoint; secret: string };
}

const eventsOf = async (db: Db, type: string) =>
  (await db.select().from(webhookEvents).where(eq(webhookEvents.type, type))).map(
    (event) =>
      JSON.parse(event.body) as { type: string; timestamp: string; data: Record<string, unknown> },
  );

async function bought(db: Db, product: ProductRow, userId: string) {
  const { item } = await createOrder(db, product, {
    userId,
    status: 'COMPLETED',
    completedAt: minutesAgo(5),
  });
  await db.update(orderItems).set({ licenseType: 'standard' }).where(eq(orderItems.id, item.id));
}

describe('the webhooks admin', () => {
  it('adds, changes, rotates and deletes an endpoint, each write audited, the secret never in a list', async ({
    db,
    admin,
  }) => {
    const { data: endpoint, secret } = await addEndpoint(admin, [
      'review.posted',
      'order.completed',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Kept in the standard's order, whatever order they were ticked in.
    expect(endpoint).toMatchObject({ enabled: true, events: ['order.completed', 'review.posted'] });
    const list = await admin.request('/api/admin/webhooks');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect((await admin.request(`/api/admin/webhooks/${endpoint.id}/secret`)).body).toEqual({
      secret,
    });

    const changed = await admin.request(`/api/admin/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      body: { description: 'Accounting sync', enabled: false },
    });
    expect(changed.body).toMatchObject({
      data: { description: 'Accounting sync', enabled: false, disabledReason: null },
    });
    const rotated = await admin.request(`/api/admin/webhooks/${endpoint.id}/secret/rotate`, {
      method: 'POST',
    });
    const { secret: newSecret } = rotated.body as { secret: string };
    expect(newSecret).not.toBe(secret);
    expect((await admin.request(`/api/admin/webhooks/${endpoint.id}/secret`)).body).toEqual({
      secret: newSecret,
    });
    expect(
      (await admin.request(`/api/admin/webhooks/${endpoint.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await admin.request(`/api/admin/webhooks/${endpoint.id}`)).body).toMatchObject({
      error: { code: 'NOT_FOUND', message: webhookMessages.notFound },
    });

    const audit = await db.select().from(adminAudit).where(eq(adminAudit.entityId, endpoint.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'create',
      'delete',
      'disable',
      'rotate-secret',
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
    expect(JSON.stringify(audit)).not.toContain(newSecret.slice(6));
  });

  it('refuses an address that is not http(s), or no events', async ({ admin }) => {
    for (const url of ['ftp://example.com/hooks', 'not a url', 'javascript:alert(1)']) {
      const refused = await admin.request('/api/admin/webhooks', {
        body: { url, events: ['order.completed'] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { url: [webhookMessages.urlInvalid] } },
      });
    }
    const none = await admin.request('/api/admin/webhooks', {
      body: { url: 'https://hooks.example.com/', events: [] },
    });
    expect(none.body).toMatchObject({
      error: { fields: { events: [webhookMessages.eventsRequired] } },
    });
  });

  it('refuses in production an address that is not https, or is private', async ({ db, admin }) => {
    const production = { db, policy: { allowPrivate: false } };
    const add = (url: string) =>
      createWebhookEndpoint(production, admin.user.id, {
        url,
        description: '',
        events: ['order.completed'],
      });
    await expect(add('http://hooks.example.com/')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { url: [webhookMessages.urlNotHttps] },
    });
    for (const url of ['https://localhost/hooks', 'https://10.0.0.7/', 'https://[::1]/']) {
      await expect(add(url)).rejects.toMatchObject({
        fields: { url: [webhookMessages.urlPrivate] },
      });
    }
    await expect(add('https://hooks.example.com/loopmarket')).resolves.toMatchObject({
      endpoint: { url: 'https://hooks.example.com/loopmarket' },
    });
  });

  it('answers a visitor 401 and a customer 403', async ({ app, customer }) => {
    expect((await app.request('/api/admin/webhooks')).status).toBe(401);
    const refused = await customer.request('/api/admin/webhooks', {
      body: { url: 'https://hooks.example.com/', events: ['order.completed'] },
    });
    expect(refused.status).toBe(403);
  });

  it('shows the webhooks queue on the jobs page', async ({ admin }) => {
    const { data: endpoint } = await addEndpoint(admin, ['order.completed']);
    const test = await admin.request(`/api/admin/webhooks/${endpoint.id}/test`, { method: 'POST' });
    expect(test.status).toBe(201);
    const page = (await admin.request('/api/admin/jobs?queue=webhooks&state=queued'))
      .body as AdminJobPage;
    expect(page.data.map((job) => job.title)).toEqual(['webhook.test → http://127.0.0.1:9/hooks']);
    const summary = (await admin.request('/api/admin/jobs/summary')).body as {
      data: { queue: string; queued: number }[];
    };
    expect(summary.data.find((row) => row.queue === 'webhooks')).toMatchObject({ queued: 1 });
  });
});

describe('the events the store announces', () => {
  it('announces a licence activated on a new machine, not the same machine again', async ({
    app,
    db,
    admin,
  }) => {
    await addEndpoint(admin, ['license.activated']);
    const { license, product } = await createLicense(db);
    const activate = () =>
      app.request('/api/licenses/activate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key: license.key,
          machineId: 'studio-mac',
          machineName: 'Studio Mac',
        }),
      });
    expect((await activate()).status).toBe(200);
    expect((await activate()).status).toBe(200);
    const events = await eventsOf(db, 'license.activated');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      licenseId: license.id,
      productId: product.id,
      machineId: 'studio-mac',
      machineName: 'Studio Mac',
      machinesInUse: 1,
      seats: 3,
    });
    expect(JSON.stringify(events[0])).not.toContain(license.key);
  });

  it('announces a review posted by a buyer', async ({ db, admin, customer }) => {
    await addEndpoint(admin, ['review.posted']);
    const product = await createProduct(db, { name: 'Tape Warmth' });
    await bought(db, product, customer.user.id);
    const posted = await customer.request(`/api/products/${product.id}/reviews`, {
      body: { rating: 5, title: 'Lovely', text: 'Warm and punchy.' },
    });
    expect(posted.status).toBe(201);
    const [event] = await eventsOf(db, 'review.posted');
    expect(event!.data).toMatchObject({
      productId: product.id,
      productName: 'Tape Warmth',
      userId: customer.user.id,
      rating: 5,
      title: 'Lovely',
      text: 'Warm and punchy.',
    });
  });

  it('announces a newsletter subscriber once, at the first confirmation', async ({
    app,
    db,
    admin,
  }) => {
    await addEndpoint(admin, ['subscriber.confirmed']);
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/api/newsletter', {
      email: 'reader@example.com',
      subscriptionType: 'newsletter',
      source: 'home_page',
    });
    const [mail] = await emailsTo(app, 'reader@example.com');
    const token = linkIn(mail!.text, '/newsletter/confirm').searchParams.get('token');
    expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
    expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
    const events = await eventsOf(db, 'subscriber.confirmed');
    expect(events.map((event) => event.data)).toMatchObject([
      { email: 'reader@example.com', subscriptionType: 'newsletter', source: 'home_page' },
    ]);
  });

  it('writes nothing when no enabled endpoint hears the event', async ({ db, admin }) => {
    const { data: endpoint } = await addEndpoint(admin, ['review.posted']);
    await admin.request(`/api/admin/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      body: { enabled: false },
    });
    const product = await createProduct(db);
    await bought(db, product, admin.user.id);
    const posted = await admin.request(`/api/products/${product.id}/reviews`, {
      body: { rating: 4, title: 'Good', text: 'Fine.' },
    });
    expect(posted.status).toBe(201);
    expect(await db.select().from(webhookEvents)).toHaveLength(0);
  });
});
