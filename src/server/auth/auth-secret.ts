import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { instanceSettings } from '../db/schema';

const SETTING = 'auth_secret';

/**
 * AUTH_SECRET when set (required in production, which config.ts enforces); otherwise a secret
 * kept in the database, so that every server process on it signs and checks sessions and links
 * alike, and they survive restarts. The first process to start generates it; processes starting
 * at once agree, as only one insert wins. An install from before the database kept it brings the
 * secret of its `data/secret` file, so its sessions stay valid.
 */
export async function resolveAuthSecret(
  db: Db,
  authSecret: string | undefined,
  dataDir: string,
): Promise<string> {
  if (authSecret) return authSecret;
  const file = join(dataDir, 'secret');
  const earlier = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  await db
    .insert(instanceSettings)
    .values({ key: SETTING, value: earlier || randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, SETTING));
  if (!row) throw new Error('the generated secret was not stored');
  return row.value;
}
