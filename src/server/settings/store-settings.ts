import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared-queries';
import { storeSettings } from '../db/schema';
import { changedFields, recordAudit } from '../admin/audit';

/** A section's saved value: a prepared statement (db/prepared-queries.ts), read by every checkout. */
const settingsQuery = (db: Db) =>
  preparedQuery(db, 'store_settings_read', () =>
    db
      .select({ value: storeSettings.value })
      .from(storeSettings)
      .where(eq(storeSettings.key, sql.placeholder('key')))
      .prepare('store_settings_read'),
  );

/**
 * One section of the owner's settings, parsed by its schema: the defaults when nobody saved it,
 * and the saved fields over the defaults (a field added later starts at its default).
 */
export async function readSettings<S extends z.ZodTypeAny>(
  db: Db,
  key: string,
  schema: S,
): Promise<z.output<S>> {
  const [row] = await settingsQuery(db).execute({ key });
  const parsed = schema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

/**
 * Saves a section as the admin sent it (already parsed), audited in the same transaction.
 * `readBefore` reads the section as it was (for a section whose defaults need more than its
 * schema); `announce` tells the other server processes in the same transaction (a section the
 * pages show: catalogue-changes.ts).
 */
export async function writeSettings<S extends z.ZodTypeAny>(
  db: Db,
  key: string,
  schema: S,
  value: z.output<S>,
  actorId: string,
  options: {
    readBefore?: (tx: Db) => Promise<z.output<S>>;
    announce?: (tx: Db) => Promise<void>;
  } = {},
): Promise<z.output<S>> {
  return db.transaction(async (tx) => {
    const before = await (options.readBefore ?? ((t: Db) => readSettings(t, key, schema)))(tx);
    await tx
      .insert(storeSettings)
      .values({ key, value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: storeSettings.key, set: { value, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: 'settings',
      entityId: key,
      changes: changedFields(before as Record<string, unknown>, value as Record<string, unknown>),
    });
    await options.announce?.(tx);
    return value;
  });
}
