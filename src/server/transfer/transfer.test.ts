import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '#server/auth/auth-secret';
import { openDatabase, queryRows, type Database, type Db } from '#server/db/client';
import { promoCodes, reviews, users } from '#server/db/schema';
import { createDownload, requestMeta } from '#server/downloads/downloads.service';
import { createDocumentWorker } from '#server/invoices/document-worker';
import { issueInvoice } from '#server/invoices/issue-documents';
import { licensingKeysOf } from '#server/licenses/licensing-keys';
import { createLogger } from '#server/logger';
import { createLocalStorage } from '#server/storage/local-storage';
import { createCategory, createProduct } from '#tests/support/factories';
import { createLicense } from '#tests/support/license-rows';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS } from '#tests/support/test-app';
import { adminQuery, recreateDatabase } from '#tests/support/test-database';
import { exportDatabase } from './export.service';
import { importDatabase, ImportError } from './import.service';

/**
 * Moving a store between the embedded database and PostgreSQL: `npm run export` writes every
 * table of one, `npm run import` loads it into an empty one of the other kind, and the two are
 * then the same, table by table, as the databases themselves read them (row counts and a digest
 * of every row's text), not as JavaScript objects (which would hide a lost microsecond or digit).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'lm-transfer-'));

/**
 * A table of every awkward kind of value the schema has or may get (it is in the public schema,
 * so the export takes it as one of the store's): bytea, json kept as written, jsonb null apart
 * from SQL NULL, timestamps to the microsecond and infinite, numerics and bigints beyond a
 * double, floats' last digits and NaN, arrays with NULLs and commas, an identity column and a
 * sequence that must carry on where they were, and a generated column the database recomputes.
 */
const PROBE_TABLE = `create table transfer_probe (
    id bigint generated always as identity primary key,
    raw bytea, doc json, docb jsonb, at timestamptz, local_at timestamp, day date, span interval,
    amount numeric, ratio double precision, small real, big bigint, words text[], ids uuid[],
    note text, doubled numeric generated always as (big::numeric * 2) stored
  )`;
const PROBE_SEQUENCE = 'create sequence transfer_probe_counter';
const PROBE_ROWS = `insert into transfer_probe
    (raw, doc, docb, at, local_at, day, span, amount, ratio, small, big, words, ids, note)
  values
    ('\\x00ff10'::bytea, '{"b": 1,   "a": [1, 2.50], "b": 2}', '{"z": {"y": null}, "a": 1.0}',
     '2026-11-28 01:02:03.123456+05:30', '1999-12-31 23:59:59.999999', '2024-02-29',
     '1 year 2 mons 3 days 04:05:06.789', 12345678901234567890.123456789012, 0.1,
     3.4028235e38, 9007199254740993, array['a,b', 'quote"', null, 'ünï €', ''],
     array['6b1f0f3e-52a1-4c1e-9d7e-0c3f5b7a9e11'::uuid], e'line\\nbreak\\ttab \\\\ back'),
    (null, null, 'null', 'infinity', '-infinity', '0001-01-01 BC', '-1 days', 'NaN', 'NaN',
     '-Infinity', -9223372036854775808, '{}', null, '')`;
const PROBE_COUNTER = `select nextval('transfer_probe_counter') from generate_series(1, 3)`;

async function addProbe(db: Db) {
  await db.execute(sql.raw(PROBE_TABLE));
  await db.execute(sql.raw(PROBE_SEQUENCE));
}

/**
 * A store with what a move must keep: accounts (an admin with a ban's end), a category, licensed
 * products, completed orders with licence keys, an invoice and its sequence, a download, a review
 * (its trigger's rating on the product), the generated secret and a licence signing key sealed
 * with it, the launch promo codes changed by the owner, and the probe's values.
 */
async function buildStore(db: Db) {
  const [admin] = await db
    .insert(users)
    .values({
      email: 'owner@example.com',
      name: 'Owner',
      role: 'admin',
      emailVerified: true,
      banExpires: new Date('2030-01-02T03:04:05.678Z'),
    })
    .returning();
  const [buyer] = await db
    .insert(users)
    .values({ email: 'ada@example.com', name: 'Ada Lovelace', emailVerified: true })
    .returning();
  const category = await createCategory(db, { name: 'Synths' });
  const product = await createProduct(db, {
    name: 'Drum Machine',
    categoryId: category.id,
    fileKey: 'products/drum-machine.zip',
    fileName: 'Drum Machine.zip',
    licenseKeys: true,
    activationLimit: 2,
    downloadLimit: 3,
  });
  await createProduct(db, { name: 'Tape Echo', categoryId: category.id, priceCents: 1999 });
  const storage = createLocalStorage({
    root: join(work, 'files'),
    keys: TEST_SIGNING_KEYS,
    publicUrl: TEST_PUBLIC_URL,
  });
  await storage.put('products/drum-machine.zip', Buffer.from('zip bytes'), 'application/zip');
  const { order, item } = await createLicense(db, {
    product,
    buyer: { userId: buyer!.id, email: buyer!.email },
  });
  await createLicense(db, { product, buyer: { userId: null, email: 'guest@example.com' } });
  await db.transaction((tx) => issueInvoice(tx, order));
  const worker = createDocumentWorker({ db, storage, logger: createLogger('silent') });
  expect(await worker.drainOnce()).toBe(1);
  await createDownload(
    db,
    storage,
    { userId: buyer!.id },
    item.id,
    requestMeta('203.0.113.9', 'test'),
  );
  await db.insert(reviews).values({
    productId: product.id,
    userId: buyer!.id,
    orderItemId: item.id,
    rating: 4,
    title: 'Punchy',
    body: 'Kicks that cut through.',
  });
  await db.delete(promoCodes).where(eq(promoCodes.code, 'LAUNCH'));
  await db.update(promoCodes).set({ percentOff: 30 }).where(eq(promoCodes.code, 'SAVE20'));
  // No AUTH_SECRET: the store's generated one, kept in the database, seals the signing key.
  const secret = await resolveAuthSecret(db, undefined, work);
  const kid = (await licensingKeysOf(db, { current: secret, previous: [] }).current()).kid;
  await addProbe(db);
  await db.execute(sql.raw(PROBE_ROWS));
  await db.execute(sql.raw(PROBE_COUNTER));
  return { admin: admin!, kid, secret };
}

/**
 * Every table's row count and a digest of its rows' text, and every sequence's state, as the
 * database reads them (in UTC, ordered by byte, so both kinds of server agree on the order).
 */
async function contents(db: Db) {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local timezone = 'UTC'"));
    await tx.execute(sql.raw('set local extra_float_digits = 3'));
    const tables = await queryRows<{ name: string }>(
      tx,
      sql`select relname as name from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
    );
    const result: Record<string, { rows: number; digest: string }> = {};
    for (const { name } of tables) {
      const [row] = await queryRows<{ rows: number; digest: string }>(
        tx,
        sql.raw(`select count(*)::int as rows,
          md5(coalesce(string_agg(t::text, e'\\n' order by t::text collate "C"), '')) as digest
          from "${name}" t`),
      );
      result[name] = { rows: Number(row!.rows), digest: row!.digest };
    }
    const sequences = await queryRows<{ name: string }>(
      tx,
      sql`select relname as name from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'S' order by 1`,
    );
    for (const { name } of sequences) {
      const [state] = await queryRows<{ value: string; called: boolean }>(
        tx,
        sql.raw(`select last_value::text as value, is_called as called from "${name}"`),
      );
      result[`sequence ${name}`] = { rows: 1, digest: `${state!.value}/${state!.called}` };
    }
    return result;
  });
}

/** A database to import into, empty: a new one on the PostgreSQL server, or a new PGlite folder. */
async function emptyTarget(kind: 'pglite' | 'postgres', label: string) {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: join(work, `${label}-db`) });
    return { database, remove: async () => database.close() };
  }
  const name = `loopmarket_import_${label}_${Math.random().toString(36).slice(2, 8)}`;
  const databaseUrl = await recreateDatabase(serverUrl!, name);
  const database = await openDatabase({ databaseUrl, pgliteDir: '', poolSize: 2 });
  return {
    database,
    remove: async () => {
      await database.close();
      await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe(
  'export from the embedded database and import into an empty one',
  { timeout: 120_000 },
  () => {
    let source: Database;
    let store: Awaited<ReturnType<typeof buildStore>>;
    let expected: Awaited<ReturnType<typeof contents>>;
    const file = join(work, 'store.jsonl.gz');

    beforeAll(async () => {
      source = await openDatabase({ pgliteDir: 'memory://' });
      await source.migrate();
      store = await buildStore(source.db);
      expected = await contents(source.db);
      const summary = await exportDatabase(source, file);
      expect(summary.source).toBe('pglite');
    });
    afterAll(() => source?.close());

    it('writes every table, with its rows, in an order the foreign keys accept', async () => {
      const lines = gunzipSync(await readFile(file))
        .toString('utf8')
        .trim()
        .split('\n');
      const header = JSON.parse(lines[0]!) as { format: string; source: string };
      expect(header).toMatchObject({ format: 'loopmarket-export', source: 'pglite' });
      const tables = lines
        .map((line) => JSON.parse(line) as { table?: string; rows?: number })
        .filter((line) => typeof line.table === 'string' && !Array.isArray(line));
      const storeTables = Object.keys(expected).filter((name) => !name.startsWith('sequence '));
      expect(tables.map((t) => t.table).sort()).toEqual(storeTables.sort());
      const position = (name: string) => tables.findIndex((t) => t.table === name);
      expect(position('users')).toBeLessThan(position('orders'));
      expect(position('orders')).toBeLessThan(position('licenses'));
      expect(position('products')).toBeLessThan(position('order_items'));
      expect(position('orders')).toBeLessThan(position('invoice_documents'));
    });

    const kinds = ['pglite', ...(serverUrl ? ['postgres' as const] : [])] as const;
    for (const kind of kinds) {
      it(`loads into ${kind === 'pglite' ? 'a new embedded database' : 'an empty PostgreSQL database'} the same store, table by table`, async () => {
        const target = await emptyTarget(kind, 'same');
        try {
          await addProbe(target.database.db);
          const summary = await importDatabase(target.database, file);
          expect(summary.source).toBe('pglite');
          const got = await contents(target.database.db);
          expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
          for (const name of Object.keys(expected)) {
            expect(got[name], name).toEqual(expected[name]);
          }
          if (kind === 'postgres') {
            // And back: exported from PostgreSQL, into a new embedded database, still the same.
            const back = join(work, 'back.jsonl');
            expect((await exportDatabase(target.database, back)).source).toBe('postgres');
            const again = await emptyTarget('pglite', 'back');
            try {
              await addProbe(again.database.db);
              await importDatabase(again.database, back);
              expect(await contents(again.database.db)).toEqual(expected);
            } finally {
              await again.remove();
            }
          }
          // The store works on it: the generated secret is the source's, the licence signing key
          // opens with it, and the identity column and the sequence carry on after the source's.
          const secret = await resolveAuthSecret(target.database.db, undefined, work);
          expect(secret).toBe(store.secret);
          const keys = licensingKeysOf(target.database.db, { current: secret, previous: [] });
          expect((await keys.current()).kid).toBe(store.kid);
          const [next] = await queryRows<{ id: string; counter: string }>(
            target.database.db,
            sql.raw(
              `with added as (insert into transfer_probe (note) values ('after') returning id)
             select (select id::text from added) as id, nextval('transfer_probe_counter')::text as counter`,
            ),
          );
          expect(next).toEqual({ id: '3', counter: '4' });
        } finally {
          await target.remove();
        }
      });
    }

    it('refuses a database that holds a store, and changes nothing in it', async () => {
      const target = await emptyTarget(serverUrl ? 'postgres' : 'pglite', 'full');
      try {
        await target.database.migrate();
        await createProduct(target.database.db, { name: 'Already Here' });
        const before = await contents(target.database.db);
        const refused = await importDatabase(target.database, file).catch((err: unknown) => err);
        expect(refused).toBeInstanceOf(ImportError);
        expect((refused as Error).message).toMatch(
          /^The database to import into is not empty: .*products \(1 rows\)/,
        );
        expect(await contents(target.database.db)).toEqual(before);
      } finally {
        await target.remove();
      }
    });

    it('refuses a file cut short, and leaves the database empty', async () => {
      const whole = gunzipSync(await readFile(file))
        .toString('utf8')
        .trim()
        .split('\n');
      const cut = join(work, 'cut.jsonl');
      await writeFile(cut, `${whole.slice(0, -5).join('\n')}\n`);
      const target = await emptyTarget('pglite', 'cut');
      try {
        await addProbe(target.database.db);
        const refused = await importDatabase(target.database, cut).catch((err: unknown) => err);
        expect(refused).toBeInstanceOf(ImportError);
        expect((refused as Error).message).toMatch(/cut short/);
        const [row] = await queryRows<{ n: number }>(
          target.database.db,
          sql`select count(*)::int as n from users`,
        );
        expect(row!.n).toBe(0);
      } finally {
        await target.remove();
      }
    });
  },
);
