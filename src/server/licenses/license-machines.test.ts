import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { DEACTIVATIONS_PER_30_DAYS, licenseMessages, type LicenseView } from '#shared/licenses';
import { licenseActivations, licenseEvents } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { minutesAgo } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import { createLicensedOrder } from '#tests/support/licensed-orders';

test.override('appOptions', { config: { authAttemptsPerMinute: 1000 } });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const free = (browser: TestBrowser, licenseId: string, activationId: string) =>
  browser.request(`/api/licenses/${licenseId}/machines/${activationId}`, { method: 'DELETE' });
const list = async (browser: TestBrowser) => {
  const answer = await browser.request('/api/licenses');
  expect(answer.status).toBe(200);
  return answer.body as unknown as LicenseView[];
};
const twoMachines = () => [
  {
    machineId: 'studio-mac',
    machineName: 'Studio Mac',
    firstSeenAt: minutesAgo(600),
    lastSeenAt: minutesAgo(5),
  },
  {
    machineId: 'old-laptop',
    machineName: null,
    firstSeenAt: minutesAgo(900),
    lastSeenAt: minutesAgo(60),
  },
];
/** Deactivations the key made `minutes` ago (the swap limit counts them). */
async function pastDeactivations(db: Db, licenseId: string, n: number, minutes: number) {
  for (let i = 0; i < n; i += 1) {
    await db.insert(licenseEvents).values({
      licenseId,
      type: 'deactivated',
      machineId: `gone-${i}`,
      actor: 'plugin',
      createdAt: minutesAgo(minutes),
    });
  }
}

describe('GET /api/licenses', () => {
  it('lists the buyer’s keys newest first, each with its live machines only', async ({
    db,
    customer,
  }) => {
    const buyer = { userId: customer.user.id, email: customer.user.email };
    const older = await createLicensedOrder(db, buyer, { createdAt: minutesAgo(120) });
    const newer = await createLicensedOrder(db, buyer, {
      seats: 2,
      createdAt: minutesAgo(10),
      machines: [
        ...twoMachines(),
        { machineId: 'sold', machineName: 'Sold PC', deactivatedAt: minutesAgo(30) },
      ],
    });

    const licences = await list(customer);

    expect(licences.map((l) => l.key)).toEqual([newer.license.key, older.license.key]);
    expect(licences[0]).toMatchObject({
      id: newer.license.id,
      orderId: newer.order.id,
      product: { id: newer.product.id, name: newer.product.name },
      seats: 2,
      expiresAt: null,
      revokedAt: null,
    });
    expect(licences[0]!.machines.map((m) => m.name)).toEqual(['Studio Mac', null]);
    expect(licences[0]!.machines[0]).toEqual({
      id: newer.activations[0]!.id,
      name: 'Studio Mac',
      firstSeenAt: newer.activations[0]!.firstSeenAt.toISOString(),
      lastSeenAt: newer.activations[0]!.lastSeenAt.toISOString(),
    });
    expect(licences[1]!.machines).toEqual([]);
  });

  it('shows one buyer nothing of another’s keys, and a visitor nothing at all', async ({
    app,
    db,
    customer,
  }) => {
    await createLicensedOrder(db, { userId: customer.user.id, email: customer.user.email });
    const other = await createLicensedOrder(db, { userId: null, email: 'guest@example.com' });

    expect((await list(customer)).map((l) => l.id)).not.toContain(other.license.id);
    const visitor = await new TestBrowser(app).request('/api/licenses');
    expect(visitor.status).toBe(401);
  });
});

describe('DELETE /api/licenses/:licenseId/machines/:activationId', () => {
  it('frees the machine: the hub lists it no more, its row and a buyer event say so', async ({
    db,
    customer,
  }) => {
    const { license, activations } = await createLicensedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      { machines: twoMachines() },
    );

    const answer = await free(customer, license.id, activations[1]!.id);

    expect(answer.status).toBe(204);
    const [listed] = (await list(customer)).filter((l) => l.id === license.id);
    expect(listed!.machines.map((m) => m.id)).toEqual([activations[0]!.id]);
    const [row] = await db
      .select()
      .from(licenseActivations)
      .where(eq(licenseActivations.id, activations[1]!.id));
    expect(row!.deactivatedAt).toBeInstanceOf(Date);
    const events = await db
      .select()
      .from(licenseEvents)
      .where(and(eq(licenseEvents.licenseId, license.id), eq(licenseEvents.type, 'deactivated')));
    expect(events).toMatchObject([{ machineId: 'old-laptop', actor: 'buyer' }]);
  });

  it('answers another buyer 404, as for a machine that does not exist, and frees nothing', async ({
    app,
    db,
    customer,
  }) => {
    const owner = { userId: customer.user.id, email: customer.user.email };
    const { license, activations } = await createLicensedOrder(db, owner, {
      machines: twoMachines(),
    });
    const { browser: stranger } = await signedInBrowser(app, `stranger-${Date.now()}@example.com`);

    const theirs = await free(stranger, license.id, activations[0]!.id);
    const unknown = await free(customer, license.id, UNKNOWN);
    const malformed = await free(customer, 'not-a-licence', activations[0]!.id);

    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(malformed.status).toBe(404);
    const live = await db
      .select()
      .from(licenseActivations)
      .where(eq(licenseActivations.licenseId, license.id));
    expect(live.every((row) => row.deactivatedAt === null)).toBe(true);
    expect((await free(new TestBrowser(app), license.id, activations[0]!.id)).status).toBe(401);
  });

  it('answers 404 for a machine already freed', async ({ db, customer }) => {
    const { license, activations } = await createLicensedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      { machines: twoMachines() },
    );
    expect((await free(customer, license.id, activations[0]!.id)).status).toBe(204);
    expect((await free(customer, license.id, activations[0]!.id)).status).toBe(404);
  });

  it(`counts toward the swap limit: past ${DEACTIVATIONS_PER_30_DAYS} in 30 days it is refused with 429`, async ({
    db,
    customer,
  }) => {
    const { license, activations } = await createLicensedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      { machines: twoMachines() },
    );
    // Older than 30 days, and an owner's reset: neither counts.
    await pastDeactivations(db, license.id, 3, 31 * 24 * 60);
    await db
      .insert(licenseEvents)
      .values({ licenseId: license.id, type: 'machines_reset', actor: 'owner:x' });
    await pastDeactivations(db, license.id, DEACTIVATIONS_PER_30_DAYS - 1, 60);

    expect((await free(customer, license.id, activations[0]!.id)).status).toBe(204);
    const refused = await free(customer, license.id, activations[1]!.id);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'RATE_LIMITED', message: licenseMessages.tooManySwaps },
    });
    const [still] = await db
      .select()
      .from(licenseActivations)
      .where(eq(licenseActivations.id, activations[1]!.id));
    expect(still!.deactivatedAt).toBeNull();
  });

  it('lets only one of two frees at once take the last swap', async ({ db, customer }) => {
    const { license, activations } = await createLicensedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      { machines: twoMachines() },
    );
    await pastDeactivations(db, license.id, DEACTIVATIONS_PER_30_DAYS - 1, 60);

    const answers = await Promise.all(
      activations.map((activation) => free(customer, license.id, activation.id)),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([204, 429]);
  });
});
