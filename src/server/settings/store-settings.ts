import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { storeSettings } from '../db/schema';
import { changedFields, recordAudit } from '../admin/audit';

/**
 * One section of the owner's settings, parsed by its schema: the defaults when nobody saved it,
 * and the saved fields over the defaults (a field added later starts at its default).
 */
export async function readSettings<S extends z.ZodTypeAny>(
  db: Db,
  key: string,
  schema: S,
): Promise<z.output<S>> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, key));
  const parsed = schema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

/** Saves a section as the admin sent it (already parsed), audited in the same transaction. */
export async function writeSettings<S extends z.ZodTypeAny>(
  db: Db,
  key: string,
  schema: S,
  value: z.output<S>,
  actorId: string,
): Promise<z.output<S>> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx, key, schema);
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
    return value;
  });
}
