import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { licenseKeyFrom } from '#shared/license-keys';
import { queryRows, type Db } from '#server/db/client';
import type { Operation } from './operations';

export const LICENCE_CALLS = {
  validate: 'licence validate',
  activate: 'licence activate',
} as const;

/**
 * Keys for each row. Each key is asked only a few times a minute (its own limit is 60), and each
 * activate key has seats for every activation the row makes of it.
 */
const VALIDATE_KEYS = 10_000;
const ACTIVATE_KEYS = 20_000;
/** Seats of an activate key: one round over the keys activates one more machine on each. */
const ACTIVATE_SEATS = 10;

export interface LicenceFixture {
  /** Keys already activated on the machine 'bench-machine'. */
  activated: string[];
  /** Keys with no machine yet and ACTIVATE_SEATS seats. */
  fresh: string[];
}

const newKeys = (count: number) =>
  Array.from({ length: count }, () => licenseKeyFrom(randomBytes(15)));

/**
 * A benchmark fixture, written while no server runs: one COMPLETED order of a licensed product
 * whose line holds every key (ordinals 1…n, as fulfilment would issue them), the validate keys
 * each activated on one machine.
 */
export async function insertLicences(db: Db): Promise<LicenceFixture> {
  const [product] = await queryRows<{ id: string; price_cents: number }>(
    db,
    sql`update products set license_keys = true
        where id = (select id from products where is_active order by id limit 1)
        returning id, price_cents`,
  );
  if (!product) throw new Error('no product to license');
  const activated = newKeys(VALIDATE_KEYS);
  const fresh = newKeys(ACTIVATE_KEYS);
  const quantity = activated.length + fresh.length;
  const total = product.price_cents * quantity;
  const [order] = await queryRows<{ id: string; item_id: string }>(
    db,
    sql`with o as (
          insert into orders (email, checkout_type, status, subtotal_cents, tax_cents, total_cents,
            provider, completed_at)
          values ('licences@bench.test', 'direct', 'COMPLETED', ${total}, 0, ${total}, 'local', now())
          returning id)
        insert into order_items (order_id, product_id, quantity, unit_price_cents, downloads_remaining)
        select o.id, ${product.id}, ${quantity}, ${product.price_cents}, 5 from o
        returning order_id as id, id as item_id`,
  );
  if (!order) throw new Error('licence order not written');
  const keys = JSON.stringify([...activated, ...fresh]);
  await db.execute(
    sql`insert into licenses (key, order_id, order_item_id, ordinal, product_id, seats)
        select k.key, ${order.id}, ${order.item_id}, k.n, ${product.id},
          case when k.n <= ${activated.length} then 3 else ${ACTIVATE_SEATS} end
        from jsonb_array_elements_text(${keys}::jsonb) with ordinality as k(key, n)`,
  );
  await db.execute(
    sql`insert into license_activations (license_id, machine_id, machine_name)
        select id, 'bench-machine', 'Bench Studio' from licenses
        where order_id = ${order.id} and ordinal <= ${activated.length}`,
  );
  await db.execute(sql`analyze licenses, license_activations`);
  return { activated, fresh };
}

/** A plugin's POST: JSON, no cookie, no Origin. */
function post(path: string, body: unknown) {
  return {
    path,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/**
 * The licence API as plugins call it:
 * - licence validate: POST /api/licenses/validate of an activated key and its machine, key by key
 *   (one read; the machine's last-seen is refreshed once a minute at most, and a certificate
 *   signed);
 * - licence activate: POST /api/licenses/activate of a key on a machine it has not seen, key by
 *   key (the licence row locked, its machines counted, one activation and one event written, a
 *   certificate signed).
 */
export function licenceOperations({ activated, fresh }: LicenceFixture): Operation[] {
  let validated = 0;
  let activations = 0;
  return [
    {
      name: LICENCE_CALLS.validate,
      path: '/api/licenses/validate',
      nextRequest: () =>
        post('/api/licenses/validate', {
          key: activated[validated++ % activated.length],
          machineId: 'bench-machine',
        }),
    },
    {
      name: LICENCE_CALLS.activate,
      path: '/api/licenses/activate',
      nextRequest: () => {
        const n = activations++;
        return post('/api/licenses/activate', {
          key: fresh[n % fresh.length],
          machineId: `bench-${Math.floor(n / fresh.length)}`,
          machineName: 'Bench machine',
        });
      },
    },
  ];
}
