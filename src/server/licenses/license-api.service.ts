import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  DEACTIVATIONS_PER_30_DAYS,
  licenseMessages,
  type ActivateLicenseInput,
  type DeactivateLicenseInput,
  type LicenseCheckResponse,
  type LicenseDeactivateResponse,
  type LicenseInvalidReason,
  type LicenseLimitReachedResponse,
  type ValidateLicenseInput,
} from '#shared/licenses';
import { preparedQuery } from '../db/prepared-queries';
import { queryRows, type Db, type Tx } from '../db/client';
import { licenseActivations, licenseEvents, licenses, orders, products, users } from '../db/schema';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { certificateClaims, signCertificate } from './license-certificate';
import type { LicensingKeys } from './licensing-keys';

/**
 * The licence API a plugin calls (docs/licensing.md, "The licence API"): activate a machine,
 * validate a key, free a machine. Each answer says what the plugin can act on; the route gives
 * it its status.
 */
export interface LicenseApiDeps {
  db: Db;
  keys: LicensingKeys;
  /** The certificates' issuer: the store's public URL. */
  issuer: string;
}

const SWAP_WINDOW_MS = 30 * 86_400_000;
/** validate refreshes a machine's "last seen" at most this often: a check is not a write. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
/** What a certificate names when the product has since been deleted. */
const GONE_PRODUCT = 'A product no longer sold';

type Refusal = { valid: false; reason: LicenseInvalidReason; message: string };
const refusal = (reason: LicenseInvalidReason): Refusal => ({
  valid: false,
  reason,
  message: licenseMessages[reason],
});

export type ActivateResult =
  | { kind: 'activated'; body: Extract<LicenseCheckResponse, { valid: true }> }
  | { kind: 'refused'; body: Refusal }
  | { kind: 'limit'; body: LicenseLimitReachedResponse };

export type DeactivateResult =
  | { kind: 'deactivated'; body: LicenseDeactivateResponse }
  | { kind: 'refused'; body: Refusal }
  | { kind: 'too_many_swaps'; retryAfterSeconds: number };

interface LicenseFacts {
  id: string;
  productId: string | null;
  productName: string | null;
  seats: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** The buyer's account's ban (better-auth's admin plugin), if the owner banned them. */
  ownerBanned: boolean | null;
  ownerBanExpires: Date | null;
}

const licenseColumns = {
  id: licenses.id,
  productId: licenses.productId,
  productName: products.name,
  seats: licenses.seats,
  expiresAt: licenses.expiresAt,
  revokedAt: licenses.revokedAt,
  ownerBanned: users.banned,
  ownerBanExpires: users.banExpires,
};

/**
 * Why the key unlocks nothing now, if it does not (revoked before expired: the stronger word). A
 * banned buyer's keys answer revoked while the ban lasts, and work again when it ends or is lifted:
 * read from the account each time, so a ban that runs out needs nobody to restore anything.
 */
function standing(license: LicenseFacts | undefined, now: Date): LicenseInvalidReason | null {
  if (!license) return 'unknown';
  if (license.revokedAt) return 'revoked';
  if (license.ownerBanned && (!license.ownerBanExpires || license.ownerBanExpires > now))
    return 'revoked';
  if (license.expiresAt && license.expiresAt <= now) return 'expired';
  return null;
}

/** What license.activated says: the licence, its product and order, the machine, seats in use. */
async function activationEventData(
  tx: Tx,
  license: LicenseFacts,
  machine: {
    machineId: string;
    machineName: string | null;
    activatedAt: string;
    machinesInUse: number;
  },
) {
  const [owner] = await tx
    .select({ orderId: licenses.orderId, email: orders.email })
    .from(licenses)
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .where(eq(licenses.id, license.id));
  return {
    licenseId: license.id,
    productId: license.productId,
    productName: license.productName,
    orderId: owner?.orderId ?? null,
    email: owner?.email ?? null,
    seats: license.seats,
    ...machine,
  };
}

/** The licence row, locked for the rest of the transaction: its seats are counted under it. */
async function lockLicense(tx: Tx, key: string): Promise<LicenseFacts | undefined> {
  const [row] = await tx
    .select(licenseColumns)
    .from(licenses)
    .leftJoin(products, eq(products.id, licenses.productId))
    .leftJoin(users, eq(users.id, licenses.userId))
    .where(eq(licenses.key, key))
    .for('update', { of: licenses });
  return row;
}

async function answerValid(
  deps: LicenseApiDeps,
  license: LicenseFacts,
  activation: { machineId: string; machineName: string | null; firstSeenAt: Date },
): Promise<Extract<LicenseCheckResponse, { valid: true }>> {
  const claims = certificateClaims(deps.issuer, {
    licenseId: license.id,
    product: { id: license.productId ?? '', name: license.productName ?? GONE_PRODUCT },
    machineId: activation.machineId,
    seats: license.seats,
    licenseExpiresAt: license.expiresAt,
  });
  return {
    valid: true,
    license: summary(license),
    activation: {
      machineId: activation.machineId,
      machineName: activation.machineName,
      firstSeenAt: activation.firstSeenAt.toISOString(),
    },
    certificate: await signCertificate(claims, await deps.keys.current()),
  };
}

function summary(license: LicenseFacts) {
  return {
    id: license.id,
    productId: license.productId,
    seats: license.seats,
    expiresAt: license.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Activates the key on a machine. The same machine again is the same activation (its name and
 * last-seen refreshed, a fresh certificate); a new machine takes a seat if one is free, counted
 * under the licence row's lock so concurrent activations cannot exceed the seats.
 */
export async function activateLicense(
  deps: LicenseApiDeps,
  input: ActivateLicenseInput,
): Promise<ActivateResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const license = await lockLicense(tx, input.key);
    const reason = standing(license, now);
    if (reason || !license) return { kind: 'refused' as const, body: refusal(reason ?? 'unknown') };
    // One read of the live machines answers both: is this one of them, and is a seat free.
    const inUse = await tx
      .select()
      .from(licenseActivations)
      .where(
        and(eq(licenseActivations.licenseId, license.id), isNull(licenseActivations.deactivatedAt)),
      )
      .orderBy(asc(licenseActivations.firstSeenAt));
    const mine = inUse.find((m) => m.machineId === input.machineId);
    if (mine) {
      const machineName = input.machineName || mine.machineName;
      await tx
        .update(licenseActivations)
        .set({ lastSeenAt: now, machineName })
        .where(eq(licenseActivations.id, mine.id));
      return { kind: 'ok' as const, license, activation: { ...mine, machineName } };
    }
    if (inUse.length >= license.seats) {
      return {
        kind: 'limit' as const,
        body: {
          valid: false as const,
          reason: 'limit_reached' as const,
          message: licenseMessages.limitReached(license.seats),
          machines: inUse.map((m) => ({
            name: m.machineName,
            lastSeenAt: m.lastSeenAt.toISOString(),
          })),
        },
      };
    }
    // The activation and its event in one statement: a round trip less in a locked transaction.
    const machineName = input.machineName || null;
    const detail = JSON.stringify(machineName ? { machineName } : {});
    const at = now.toISOString();
    const [made] = await queryRows<{ first_seen_at: string | Date }>(
      tx as unknown as Db,
      sql`with made as (
            insert into license_activations
              (license_id, machine_id, machine_name, first_seen_at, last_seen_at)
            values (${license.id}, ${input.machineId}, ${machineName}, ${at}::timestamptz, ${at}::timestamptz)
            returning first_seen_at)
          , event as (
            insert into license_events (license_id, type, machine_id, actor, detail, created_at)
            values (${license.id}, 'activated', ${input.machineId}, 'plugin', ${detail}::jsonb, ${at}::timestamptz))
          select first_seen_at from made`,
    );
    if (!made) throw new Error('activation not written');
    await queueWebhookEvent(tx, 'license.activated', () =>
      activationEventData(tx, license, {
        machineId: input.machineId,
        machineName,
        activatedAt: at,
        machinesInUse: inUse.length + 1,
      }),
    );
    const activation = {
      machineId: input.machineId,
      machineName,
      firstSeenAt: new Date(made.first_seen_at),
    };
    return { kind: 'ok' as const, license, activation };
  });
  if (outcome.kind !== 'ok') return outcome;
  return { kind: 'activated', body: await answerValid(deps, outcome.license, outcome.activation) };
}

/**
 * validate's one read, prepared once per database: the licence by its key, its product's name,
 * and (given a machine) that machine's live activation.
 */
function validateQuery(db: Db, withMachine: boolean) {
  return preparedQuery(db, `license-validate-${withMachine ? 'machine' : 'key'}`, () =>
    db
      .select({
        ...licenseColumns,
        activationId: licenseActivations.id,
        machineName: licenseActivations.machineName,
        firstSeenAt: licenseActivations.firstSeenAt,
        lastSeenAt: licenseActivations.lastSeenAt,
      })
      .from(licenses)
      .leftJoin(products, eq(products.id, licenses.productId))
      .leftJoin(users, eq(users.id, licenses.userId))
      .leftJoin(
        licenseActivations,
        and(
          eq(licenseActivations.licenseId, licenses.id),
          withMachine ? eq(licenseActivations.machineId, sql.placeholder('machineId')) : sql`false`,
          isNull(licenseActivations.deactivatedAt),
        ),
      )
      .where(eq(licenses.key, sql.placeholder('key')))
      .limit(1)
      .prepare(`license_validate_${withMachine ? 'machine' : 'key'}`),
  );
}

/**
 * Whether the key is good (and, given a machine, activated there), in one indexed read. A good
 * answer for a machine carries a fresh certificate and refreshes the machine's last-seen, at most
 * once a minute.
 */
export async function validateLicense(
  deps: LicenseApiDeps,
  input: ValidateLicenseInput,
): Promise<LicenseCheckResponse> {
  const now = new Date();
  const machineId = input.machineId ?? null;
  const [row] =
    machineId === null
      ? await validateQuery(deps.db, false).execute({ key: input.key })
      : await validateQuery(deps.db, true).execute({ key: input.key, machineId });
  const reason = standing(row, now);
  if (reason || !row) return refusal(reason ?? 'unknown');
  if (machineId === null) return { valid: true, license: summary(row) };
  if (!row.activationId || !row.firstSeenAt || !row.lastSeenAt) return refusal('not_activated');
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await deps.db
      .update(licenseActivations)
      .set({ lastSeenAt: now })
      .where(eq(licenseActivations.id, row.activationId));
  }
  return answerValid(deps, row, {
    machineId,
    machineName: row.machineName,
    firstSeenAt: row.firstSeenAt,
  });
}

/**
 * Frees the machine's seat. A key may do so DEACTIVATIONS_PER_30_DAYS times in any 30 days
 * (counted from its 'deactivated' events, under the licence row's lock): moving to a new computer
 * is fine, deactivating and activating in a loop to mint certificates is not. A revoked or
 * expired key may still free its machines.
 */
export async function deactivateLicense(
  deps: LicenseApiDeps,
  input: DeactivateLicenseInput,
): Promise<DeactivateResult> {
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const license = await lockLicense(tx, input.key);
    if (!license) return { kind: 'refused' as const, body: refusal('unknown') };
    const live = and(
      eq(licenseActivations.licenseId, license.id),
      isNull(licenseActivations.deactivatedAt),
    );
    const [activation] = await tx
      .select({ id: licenseActivations.id })
      .from(licenseActivations)
      .where(and(live, eq(licenseActivations.machineId, input.machineId)));
    if (!activation) return { kind: 'refused' as const, body: refusal('not_activated') };
    const recent = await tx
      .select({ at: licenseEvents.createdAt })
      .from(licenseEvents)
      .where(
        and(
          eq(licenseEvents.licenseId, license.id),
          eq(licenseEvents.type, 'deactivated'),
          gt(licenseEvents.createdAt, new Date(now.getTime() - SWAP_WINDOW_MS)),
        ),
      )
      .orderBy(asc(licenseEvents.createdAt));
    if (recent.length >= DEACTIVATIONS_PER_30_DAYS) {
      // A swap is possible again once the oldest that counts is 30 days old.
      const oldest = recent[recent.length - DEACTIVATIONS_PER_30_DAYS]!.at;
      const wait = oldest.getTime() + SWAP_WINDOW_MS - now.getTime();
      return {
        kind: 'too_many_swaps' as const,
        retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)),
      };
    }
    await tx
      .update(licenseActivations)
      .set({ deactivatedAt: now })
      .where(eq(licenseActivations.id, activation.id));
    await tx.insert(licenseEvents).values({
      licenseId: license.id,
      type: 'deactivated',
      machineId: input.machineId,
      actor: 'plugin',
      createdAt: now,
    });
    const [left] = await tx.select({ n: count() }).from(licenseActivations).where(live);
    return {
      kind: 'deactivated' as const,
      body: { deactivated: true as const, machinesInUse: left?.n ?? 0, seats: license.seats },
    };
  });
}
