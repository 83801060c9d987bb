/**
 * `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`: gives or takes the store
 * admin role, on the database the server uses (the same settings: DATA_DIR or DATABASE_URL).
 * `npm run admin -- rotate-licensing-key`: retires the key licence certificates are signed with
 * (it stays published while its certificates can live) and makes a new one.
 * Exit code 0 when the change was made, 1 when it was refused (the message says why).
 */
import type { Config } from '../config';
import { grantAdmin, revokeAdmin } from '../admin/admin-role';
import { resolveAuthSecret } from '../auth/auth-secret';
import type { Db } from '../db/client';
import { licensingKeysOf } from '../licenses/licensing-keys';
import { openForCommand } from './store-files';

const USAGE = 'Usage: npm run admin -- grant EMAIL   (or: revoke EMAIL, or: rotate-licensing-key)';
const ROTATE = 'rotate-licensing-key';

/** A new signing key for licence certificates, sealed under the secret the server uses. */
async function rotateLicensingKey(db: Db, config: Config) {
  const current = await resolveAuthSecret(db, config.authSecret, config.dataDir);
  const keys = licensingKeysOf(db, { current, previous: config.previousAuthSecrets });
  const { retired, kid } = await keys.rotate();
  return {
    ok: true,
    message: retired
      ? `Licence certificates are now signed with ${kid}; ${retired} stays published while its certificates can live. Running servers move to the new key within a minute.`
      : `Licence certificates are now signed with ${kid} (the store had no key yet).`,
  };
}
const actions = { grant: grantAdmin, revoke: revokeAdmin } as const;

async function main(args: string[]): Promise<number> {
  const [command, email, ...extra] = args;
  const rotating = command === ROTATE && args.length === 1;
  if (!rotating && ((command !== 'grant' && command !== 'revoke') || !email || extra.length > 0)) {
    console.error(USAGE);
    return 1;
  }
  const opened = await openForCommand({
    missing:
      ' yet. Start the store (npm start), sign up and confirm your email, then run this again.',
    open: 'Stop the store, run this again, then start it.',
  });
  if (!opened) return 1;
  const { config, database } = opened;
  try {
    await database.migrate();
    const result = rotating
      ? await rotateLicensingKey(database.db, config)
      : await actions[command as keyof typeof actions](database.db, email!);
    if (result.ok) console.log(result.message);
    else console.error(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
