import { spawnSync } from 'node:child_process';
import { expect, type APIRequestContext } from '@playwright/test';
import { createSignedInAccount, freshEmail } from '../e2e/shoppers';
import { cluster } from './cluster-env';

/**
 * A store admin, as an owner makes one: an account signed up and confirmed, then the built admin
 * command (`scripts/run-built.mjs admin grant`) with the servers' settings, then signed in
 * again on `request`.
 */
export async function signInAsAdmin(request: APIRequestContext) {
  const email = freshEmail('cluster-owner');
  await createSignedInAccount(request, email);
  const grant = spawnSync(
    process.execPath,
    ['--enable-source-maps', 'scripts/run-built.mjs', 'admin', 'grant', email],
    { env: cluster.serverEnv, encoding: 'utf8' },
  );
  expect(grant.status, `${grant.stdout}${grant.stderr}`).toBe(0);
  await createSignedInAccount(request, email, { signUp: false });
  return email;
}
