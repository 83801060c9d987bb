import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { createApiKeySchema } from '#shared/api-keys';
import {
  API_KEY_PREFIX,
  apiKeyMessages,
  type ApiKeyScope,
  type ApiKeyView,
  type CreatedApiKey,
} from '#shared/api-keys';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { apiKeys, users, type ApiKeyRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { changedFields, recordAudit } from '../audit';

/**
 * The owner's API keys: made with a random secret shown once, kept as a SHA-256 hash with a
 * short prefix to recognise (and find) them, checked in constant time, revoked by the owner.
 */

/** Hex characters after `lm_` that name the key in the list and find its row. */
const PREFIX_CHARS = 8;
/** A key's last use is written at most this often. */
const LAST_USED_EVERY_MS = 60_000;

const hashKey = (text: string) => createHash('sha256').update(text).digest('hex');

const view = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** What the audit log keeps of a key: never its hash. */
const audited = (row: ApiKeyRow) => ({
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  expiresAt: row.expiresAt,
  revokedAt: row.revokedAt,
});

/** A new key for `owner`: its whole text is in the answer, and only its hash is stored. */
export async function createApiKey(
  db: Db,
  ownerId: string,
  input: z.output<typeof createApiKeySchema>,
): Promise<CreatedApiKey> {
  const prefix = `${API_KEY_PREFIX}${randomBytes(PREFIX_CHARS / 2).toString('hex')}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix,
        hash: hashKey(secret),
        scopes: input.scopes,
        ownerId,
        expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
      })
      .returning();
    await recordAudit(tx, {
      actorId: ownerId,
      action: 'create',
      entityType: 'api-key',
      entityId: created!.id,
      changes: changedFields(null, audited(created!)),
    });
    return created!;
  });
  return { key: view(row), secret };
}

/** Every key, newest first, revoked ones too. */
export async function listApiKeys(db: Db): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(view);
}

/** Revokes a key at once; revoking one already revoked changes nothing. */
export async function revokeApiKey(db: Db, actorId: string, id: string): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!before) throw notFound(apiKeyMessages.notFound);
    if (before.revokedAt) return view(before);
    const [after] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiKeys.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'revoke',
      entityType: 'api-key',
      entityId: id,
      changes: changedFields(audited(before), audited(after!)),
    });
    return view(after!);
  });
}

export type KeyCheck =
  | { ok: true; key: ApiKeyRow; owner: SessionUser }
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' };

/**
 * The key a request's `Authorization: Bearer` text names, if it is one: found by its prefix,
 * its hash compared in constant time, then refused when revoked or expired.
 */
export async function checkApiKey(db: Db, text: string, now = new Date()): Promise<KeyCheck> {
  const prefixLength = API_KEY_PREFIX.length + PREFIX_CHARS;
  if (!text.startsWith(API_KEY_PREFIX) || text[prefixLength] !== '_') {
    return { ok: false, reason: 'invalid' };
  }
  const [found] = await db
    .select({ key: apiKeys, owner: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .where(eq(apiKeys.prefix, text.slice(0, prefixLength)));
  const given = Buffer.from(hashKey(text), 'hex');
  if (!found || !timingSafeEqual(given, Buffer.from(found.key.hash, 'hex'))) {
    return { ok: false, reason: 'invalid' };
  }
  if (found.key.revokedAt) return { ok: false, reason: 'revoked' };
  if (found.key.expiresAt <= now) return { ok: false, reason: 'expired' };
  const { owner } = found;
  return {
    ok: true,
    key: found.key,
    owner: {
      id: owner.id,
      email: owner.email,
      name: owner.name,
      role: owner.role === 'admin' ? 'admin' : 'customer',
      emailVerified: owner.emailVerified,
    },
  };
}

/** Notes the key's use, unless it was noted within the last minute (no write per request). */
export async function noteApiKeyUse(db: Db, key: ApiKeyRow, now = new Date()): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  const cutoff = new Date(now.getTime() - LAST_USED_EVERY_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, cutoff))),
    );
}
