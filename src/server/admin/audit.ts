import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminAudit, apiKeys, users, type AuditChanges } from '../db/schema';
import { currentActingKey } from './api-keys/acting-key';

/**
 * The admin's audit log, for any kind of entity: every admin write records who did
 * what to which entity and the fields it changed, before and after, inside the write's own
 * transaction (pass the transaction as `tx`).
 */

export interface AuditEntry {
  id: string;
  action: string;
  /** The admin who wrote it; null once their account is gone. */
  actor: { id: string; email: string } | null;
  /** The API key the write was made with, when it was (its owner is the actor). */
  apiKey?: { id: string; name: string };
  changes: AuditChanges;
  createdAt: string;
}

/** JSON text with object keys sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * The fields whose values differ, as { field: [before, after] }: every field of `after` for a
 * creation (`before` null, each before null). Dates are compared and kept as ISO text.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): AuditChanges {
  const changes: AuditChanges = {};
  const json = (value: unknown) =>
    value === undefined ? null : (JSON.parse(canonical(value) ?? 'null') as unknown);
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
    const old = json(before?.[field]);
    const now = json(after[field]);
    if (canonical(old) !== canonical(now)) changes[field] = [old, now];
  }
  return changes;
}

/**
 * Records one admin write; a write that changed nothing is not recorded. A write made with an
 * API key (api-keys/api-key-gate.ts) is recorded as the key's, beside its owner.
 */
export async function recordAudit(
  tx: Db,
  entry: {
    actorId: string;
    action: string;
    entityType: string;
    entityId: string;
    changes: AuditChanges;
  },
): Promise<void> {
  if (Object.keys(entry.changes).length === 0) return;
  await tx.insert(adminAudit).values({ ...entry, apiKeyId: currentActingKey()?.id ?? null });
}

/** An entity's audit entries, newest first. */
export async function auditTrail(
  db: Db,
  entityType: string,
  entityId: string,
): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: adminAudit, email: users.email, keyName: apiKeys.name })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.actorId))
    .leftJoin(apiKeys, eq(apiKeys.id, adminAudit.apiKeyId))
    .where(and(eq(adminAudit.entityType, entityType), eq(adminAudit.entityId, entityId)))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id));
  return rows.map(({ entry, email, keyName }) => ({
    id: entry.id,
    action: entry.action,
    actor: entry.actorId && email ? { id: entry.actorId, email } : null,
    ...(entry.apiKeyId && keyName !== null
      ? { apiKey: { id: entry.apiKeyId, name: keyName } }
      : {}),
    changes: entry.changes,
    createdAt: entry.createdAt.toISOString(),
  }));
}
