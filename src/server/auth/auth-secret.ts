import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * AUTH_SECRET when set (required in production, which config.ts enforces); otherwise a secret
 * generated once into `data/secret`, so sessions survive restarts of a development store.
 */
export function resolveAuthSecret(authSecret: string | undefined, dataDir: string): string {
  if (authSecret) return authSecret;
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
