import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client';

/** An account the benchmark signs up, confirms and signs in through the store's API. */
export interface Account {
  email: string;
  password: string;
}

/** A signed-in account: the cookie its browser sends. */
export interface Visitor {
  email: string;
  cookie: string;
}

const PASSWORD = 'bench-visitor-password';

export function benchAccounts(kind: string, count: number): Account[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `bench-${kind}-${i + 1}@example.com`,
    password: PASSWORD,
  }));
}

/**
 * Empties what an earlier run left: accounts, sessions, orders (with their items and downloads),
 * carts, mail and rate-limit counters. Every run signs its visitors up afresh, and the orders its
 * checkouts create do not pile up from run to run.
 */
export async function resetShopping(db: Db) {
  await db.execute(
    sql`truncate users, orders, outbox_emails, verifications, rate_limits, request_counters cascade`,
  );
}

/** A POST with a JSON body, as the store's pages send it: with the store's Origin. */
function post(baseUrl: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
}

export async function signUp(baseUrl: string, account: Account) {
  const response = await post(baseUrl, '/api/auth/sign-up/email', { ...account, name: '' });
  await expectOk(response, `signing up ${account.email}`);
}

/**
 * The token of the confirmation email each account was sent. Without SMTP_URL the server keeps
 * its mail in the outbox table, so this reads the link there, once the server that sent it has
 * stopped; the visitor follows it through the API (`signIn`). The address is not marked
 * confirmed in the database.
 */
export async function confirmationTokens(db: Db, accounts: Account[]) {
  const rows = await queryRows<{ to: string; text: string }>(
    db,
    sql`select "to", text from outbox_emails
        where "to" in ${accounts.map((a) => a.email)} and text like '%/email-confirmation?token=%'`,
  );
  const tokens = new Map<string, string>();
  for (const row of rows) {
    const token = row.text.match(/\/email-confirmation\?token=(\S+)/)?.[1];
    if (token) tokens.set(row.to, decodeURIComponent(token));
  }
  const unconfirmed = accounts.filter((a) => !tokens.has(a.email));
  if (unconfirmed.length > 0) {
    throw new Error(`no confirmation email for ${unconfirmed.map((a) => a.email).join(', ')}`);
  }
  return tokens;
}

/** Follows the confirmation link as the confirmation page does, then signs in. */
export async function signIn(
  baseUrl: string,
  account: Account,
  confirmationToken: string,
): Promise<Visitor> {
  const confirmed = await fetch(
    `${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(confirmationToken)}`,
  );
  await expectOk(confirmed, `confirming ${account.email}`);
  const response = await post(baseUrl, '/api/auth/sign-in/email', account);
  await expectOk(response, `signing in ${account.email}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { email: account.email, cookie };
}

/** Puts `productIds` in the visitor's stored cart, one of each, through the cart API. */
export async function fillCart(baseUrl: string, visitor: Visitor, productIds: string[]) {
  for (const productId of productIds) {
    const response = await post(baseUrl, '/api/cart/items', { productId }, visitor.cookie);
    await expectOk(response, `adding ${productId} to the cart of ${visitor.email}`);
  }
}
