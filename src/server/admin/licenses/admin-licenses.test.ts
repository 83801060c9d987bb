import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AuditEntryView } from '#shared/admin';
import {
  licenseAdminMessages,
  type AdminLicense,
  type AdminLicenseSummary,
} from '#shared/admin-licenses';
import { adminMessages } from '#shared/admin';
import { adminAudit, licenseActivations, licenseEvents, licenses } from '#server/db/schema';
import type { TestBrowser } from '#tests/support/auth-client';
import { minutesAgo } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import { createLicensedOrder } from '#tests/support/licensed-orders';

test.override('appOptions', { config: { authAttemptsPerMinute: 1000 } });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const search = async (admin: TestBrowser, q: string) => {
  const answer = await admin.request(`/api/admin/licenses?q=${encodeURIComponent(q)}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: AdminLicenseSummary[] }).data;
};
const page = async (admin: TestBrowser, id: string) => {
  const answer = await admin.request(`/api/admin/licenses/${id}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: AdminLicense }).data;
};
const post = (admin: TestBrowser, id: string, action: string, body: unknown = {}) =>
  admin.request(`/api/admin/licenses/${id}/${action}`, { method: 'POST', body });
const auditOf = async (admin: TestBrowser, id: string) => {
  const answer = await admin.request(`/api/admin/licenses/${id}/audit`);
  return (answer.body as { data: AuditEntryView[] }).data;
};
const machines = () => [
  { machineId: 'studio-mac', machineName: 'Studio Mac', lastSeenAt: minutesAgo(5) },
  { machineId: 'old-laptop', machineName: null, lastSeenAt: minutesAgo(60) },
];

describe('finding a licence', () => {
  it('finds a key by its text in any case, with spaces, or by a part of the buyer’s e-mail', async ({
    db,
    admin,
  }) => {
    const email = `finder-${Date.now()}@example.com`;
    const { license } = await createLicensedOrder(db, { userId: null, email });
    const other = await createLicensedOrder(db, { userId: null, email: 'else@example.com' });
    const typed = license.key.toLowerCase().replace(/-/g, ' ');

    expect((await search(admin, typed)).map((l) => l.id)).toEqual([license.id]);
    expect((await search(admin, license.key)).map((l) => l.id)).toEqual([license.id]);
    const byEmail = await search(admin, email.slice(0, 18).toUpperCase());
    expect(byEmail.map((l) => l.id)).toEqual([license.id]);
    expect(byEmail[0]).toMatchObject({ key: license.key, email, status: 'active', machines: 0 });
    expect((await search(admin, 'nobody-at-all@nowhere')).map((l) => l.id)).not.toContain(
      other.license.id,
    );
  });

  it('asks for something to search for (400)', async ({ admin }) => {
    const answer = await admin.request('/api/admin/licenses?q=%20');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { q: [licenseAdminMessages.queryRequired] } },
    });
  });

  it('shows a licence with its buyer, order, machines live and past, and history newest first', async ({
    db,
    admin,
    customer,
  }) => {
    const { license, order, product } = await createLicensedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      {
        machines: [
          ...machines(),
          { machineId: 'sold-pc', machineName: 'Sold PC', deactivatedAt: minutesAgo(30) },
        ],
      },
    );

    const shown = await page(admin, license.id);

    expect(shown).toMatchObject({
      key: license.key,
      product: { id: product.id, name: product.name },
      buyer: { id: customer.user.id, email: customer.user.email },
      order: { id: order.id },
      seats: 3,
      machines: 2,
      status: 'active',
      revokedAt: null,
    });
    expect(shown.activations.map((a) => [a.machineId, a.deactivatedAt === null])).toEqual([
      ['studio-mac', true],
      ['old-laptop', true],
      ['sold-pc', false],
    ]);
    expect(shown.events.at(-1)!.type).toBe('issued');
    expect(shown.events).toHaveLength(4);
    expect((await admin.request(`/api/admin/licenses/${UNKNOWN}`)).status).toBe(404);
  });
});

describe('the owner’s actions', () => {
  it('revokes with a reason and restores, each with its event and audit entry', async ({
    db,
    admin,
  }) => {
    const { license } = await createLicensedOrder(db, { userId: null, email: 'r@example.com' });

    const revoked = await post(admin, license.id, 'revoke', { reason: 'Chargeback' });
    expect(revoked.status).toBe(200);
    expect((revoked.body as { data: AdminLicense }).data).toMatchObject({
      status: 'revoked',
      revokedReason: 'Chargeback',
    });
    const again = await post(admin, license.id, 'revoke', { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: licenseAdminMessages.alreadyRevoked } });

    const restored = await post(admin, license.id, 'restore');
    expect(restored.status).toBe(200);
    const shown = (restored.body as { data: AdminLicense }).data;
    expect(shown).toMatchObject({ status: 'active', revokedAt: null, revokedReason: null });
    expect(shown.events.slice(0, 2)).toMatchObject([
      { type: 'restored', actor: `owner:${admin.user.id}` },
      { type: 'revoked', actor: `owner:${admin.user.id}`, detail: { reason: 'Chargeback' } },
    ]);
    expect((await post(admin, license.id, 'restore')).status).toBe(409);

    const audit = await auditOf(admin, license.id);
    expect(audit.map((entry) => entry.action)).toEqual(['restored', 'revoked']);
    expect(audit[1]!.actor).toEqual({ id: admin.user.id, email: admin.user.email });
    expect(audit[1]!.changes.revokedReason).toEqual([null, 'Chargeback']);
  });

  it('refuses a revoke without a reason (400)', async ({ db, admin }) => {
    const { license } = await createLicensedOrder(db, { userId: null, email: 'n@example.com' });
    const answer = await post(admin, license.id, 'revoke', { reason: '  ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: { fields: { reason: [licenseAdminMessages.reasonRequired] } },
    });
    const [row] = await db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row!.revokedAt).toBeNull();
  });

  it('adds 1 to 100 seats, and two owners adding at once both count', async ({ db, admin }) => {
    const { license } = await createLicensedOrder(db, { userId: null, email: 's@example.com' });

    for (const seats of [0, 101, 2.5, '3']) {
      const refused = await post(admin, license.id, 'seats', { seats });
      expect(refused.status).toBe(400);
    }
    const answers = await Promise.all([
      post(admin, license.id, 'seats', { seats: 2 }),
      post(admin, license.id, 'seats', { seats: 5 }),
    ]);

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await page(admin, license.id)).seats).toBe(10);
    const events = await db
      .select()
      .from(licenseEvents)
      .where(and(eq(licenseEvents.licenseId, license.id), eq(licenseEvents.type, 'seats_added')));
    expect(events.map((e) => e.detail.added).sort()).toEqual([2, 5]);
    // Whichever came first, the two entries chain 3 → … → 10.
    const changes = (await auditOf(admin, license.id))
      .map((entry) => entry.changes.seats as [number, number])
      .sort((a, b) => a[0] - b[0]);
    expect(changes).toHaveLength(2);
    expect([changes[0]![0], changes[0]![1], changes[1]![1]]).toEqual([3, changes[1]![0], 10]);
  });

  it('resets the machines: every live one freed, one machines_reset event, not a swap', async ({
    db,
    admin,
  }) => {
    const { license } = await createLicensedOrder(
      db,
      { userId: null, email: 'm@example.com' },
      { machines: machines() },
    );

    const answer = await post(admin, license.id, 'reset-machines');

    expect(answer.status).toBe(200);
    const shown = (answer.body as { data: AdminLicense }).data;
    expect(shown.machines).toBe(0);
    expect(shown.activations.every((a) => a.deactivatedAt !== null)).toBe(true);
    expect(shown.events[0]).toMatchObject({
      type: 'machines_reset',
      detail: { machines: ['old-laptop', 'studio-mac'] },
    });
    const deactivated = await db
      .select()
      .from(licenseEvents)
      .where(and(eq(licenseEvents.licenseId, license.id), eq(licenseEvents.type, 'deactivated')));
    expect(deactivated).toEqual([]);
    const rows = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'license'), eq(adminAudit.entityId, license.id)));
    expect(rows).toMatchObject([{ action: 'machines_reset', changes: { machines: [2, 0] } }]);
    const live = await db
      .select()
      .from(licenseActivations)
      .where(eq(licenseActivations.licenseId, license.id));
    expect(live.filter((row) => row.deactivatedAt === null)).toEqual([]);
  });

  it('refuses a customer every licence route (403) and changes nothing', async ({
    db,
    customer,
  }) => {
    const { license } = await createLicensedOrder(db, {
      userId: customer.user.id,
      email: customer.user.email,
    });
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/admin/licenses?q=${encodeURIComponent(license.key)}`],
      ['GET', `/api/admin/licenses/${license.id}`],
      ['POST', `/api/admin/licenses/${license.id}/revoke`, { reason: 'mine' }],
      ['POST', `/api/admin/licenses/${license.id}/restore`, {}],
      ['POST', `/api/admin/licenses/${license.id}/seats`, { seats: 5 }],
      ['POST', `/api/admin/licenses/${license.id}/reset-machines`, {}],
    ];
    for (const [method, path, body] of calls) {
      const answer = await customer.request(path, { method, body });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: { message: adminMessages.forbidden } });
    }
    const [row] = await db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row).toMatchObject({ seats: 3, revokedAt: null });
  });
});
