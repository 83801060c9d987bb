import type { Hono } from 'hono';
import { LICENSING_KEYS_PATH } from '#shared/licenses';
import type { Services } from '../services';
import { licensingKeysFor } from './licensing-keys';

/**
 * A plugin fetches the set now and then, or ships with it; a new key after a rotation appears
 * within this. (Retired keys stay listed for weeks, so no certificate stops verifying.)
 */
const KEYS_CACHE_CONTROL = 'public, max-age=300';

/**
 * The store's public licensing keys as a JWK set, outside /api like robots.txt: the address a
 * plugin verifies certificates with offline (docs/licensing.md). Before the store has signed its
 * first certificate the set makes its key, so a plugin can embed it from day one.
 */
export function mountLicensingKeys(app: Hono, { db, config }: Pick<Services, 'db' | 'config'>) {
  const keys = licensingKeysFor(db, {
    current: config.authSecret,
    previous: config.previousAuthSecrets ?? [],
  });
  app.get(LICENSING_KEYS_PATH, async (c) => {
    let published = await keys.published();
    if (published.length === 0) {
      await keys.current();
      published = await keys.published();
    }
    c.header('Cache-Control', KEYS_CACHE_CONTROL);
    c.header('Access-Control-Allow-Origin', '*');
    return c.json({ keys: published });
  });
}
