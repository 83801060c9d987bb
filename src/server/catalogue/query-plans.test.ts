import { Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client';
import { createTestDatabase } from '#tests/support/test-database';
import { featuredSelect, productPageSelect, productSelect, relatedSelect } from './product-queries';
import { productFileSelect } from '../seo/sitemap';
import { listFilter, pageIdsSelect } from '../admin/products/admin-product-list';
import {
  refreshSearchTerms,
  searchAccess,
  searchPageQuery,
  type SearchAccess,
} from './search-match';
import { estimatedMatches, prefixTsQuery, searchTerms, searchWords } from './search-words';

/**
 * The plans the catalogue's speed rests on, asserted on a catalogue big enough for the planner
 * to prefer them (6,000 products): every list order walks its own b-tree, reading only ids for
 * the rows an offset skips; a common search word walks the newest products instead of ranking
 * every match; a rare one goes through the GIN index. (bench/ measures them at 100,000.)
 */

interface PlanNode {
  'Node Type': string;
  /** With ANALYZE: 0 for a node the executor never ran (a one-time filter said no). */
  'Actual Loops'?: number;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let database: Database;
const db = () => database.db;

const PRODUCTS = 6_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().execute(sql`
    insert into categories (slug, name) values ('big', 'Big'), ('small', 'Small')`);
  // Names from a small store vocabulary: half say 'drum', one in 66 'orbit', three the rare
  // 'zephyrine'; one product in fifty is featured.
  await db().execute(sql`
    insert into products (name, description, price_cents, category_id, metadata, created_at)
    select
      w.adjective[1 + i % 23] || ' ' || w.genre[1 + (i / 23) % 19] || ' ' ||
        case when i % 2000 = 1 then 'Zephyrine Pads'
             when i % 33 = 5 then 'Orbit Delay'
             when i % 2 = 0 then 'Drum Loops'
             else w.noun[1 + (i / 7) % 11] end,
      w.genre[1 + i % 19] || ' ' || w.noun[1 + i % 11] || ' for producers, made at ' ||
        (70 + i % 90) || ' BPM in ' || w.adjective[1 + (i / 3) % 23] || ' moods.',
      100 + (i * 37) % 9900,
      (select id from categories where slug = case when i % 4 = 0 then 'small' else 'big' end),
      case when i % 50 = 0 then '{"featured": true}'::jsonb else '{}'::jsonb end,
      now() - i * interval '1 minute'
    from generate_series(1, ${PRODUCTS}) as i,
      (select
        string_to_array('Dusty,Golden,Velvet,Analog,Warm,Neon,Lunar,Deep,Hazy,Crystal,Urban,Raw,Smooth,Dark,Bright,Heavy,Liquid,Frozen,Wild,Cosmic,Retro,Future,Broken', ',') as adjective,
        string_to_array('Soul,Trap,Lo-Fi,House,Techno,Boom Bap,Drill,Afrobeat,Synthwave,Jungle,Garage,Dubstep,Ambient,Pop,Jazz,Funk,Disco,Trance,Phonk', ',') as genre,
        string_to_array('Sample Pack,Melody Loops,MIDI Collection,Construction Kit,One-Shots,Chord Progressions,Bass Lines,Guitar Loops,Piano Loops,Textures,Stems', ',') as noun
      ) as w`);
  await refreshSearchTerms(db());
  await db().execute(sql`vacuum analyze products`);
});
afterAll(() => database.close());

function planRoot(rows: Record<string, unknown>[]): PlanNode {
  const value = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  const root = parsed[0]?.Plan;
  if (!root) throw new Error('EXPLAIN returned no plan');
  return root;
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

async function planOf(query: SQLWrapper | SQL): Promise<PlanNode[]> {
  const rows = await queryRows<Record<string, unknown>>(db(), sql`explain (format json) ${query}`);
  return flatten(planRoot(rows));
}

/** The plan nodes that actually ran. */
async function executedPlanOf(query: SQL): Promise<PlanNode[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db(),
    sql`explain (analyze, timing off, format json) ${query}`,
  );
  return flatten(planRoot(rows)).filter((node) => (node['Actual Loops'] ?? 0) > 0);
}

/**
 * The plan PostgreSQL keeps for a prepared statement once it stops planning per value: `query`'s
 * placeholders take `values` (SQL literals, by placeholder name).
 */
async function genericPlanOf(
  query: { sql: string; params: unknown[] },
  values: Record<string, string>,
): Promise<PlanNode[]> {
  const args = query.params
    .map((param) => {
      if (param instanceof Placeholder) return values[param.name] ?? 'null';
      return typeof param === 'number' ? String(param) : `'${String(param)}'`;
    })
    .join(', ');
  return db().transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare generic_plan as ${query.sql}`));
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql.raw(`explain (format json) execute generic_plan(${args})`),
    );
    await tx.execute(sql`deallocate generic_plan`);
    return flatten(planRoot(rows));
  });
}

const uses = (nodes: PlanNode[], type: string, index: string) =>
  nodes.some((n) => n['Node Type'] === type && n['Index Name'] === index);
const scansWholeTable = (nodes: PlanNode[]) =>
  nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'products');

describe('the list pages', () => {
  it.each([
    ['category', 'created_at', 'desc', 'products_active_category_created_idx'],
    ['category', 'price', 'asc', 'products_active_category_price_idx'],
    ['category', 'name', 'asc', 'products_active_category_name_idx'],
    ['all', 'price', 'desc', 'products_active_price_idx'],
    ['all', 'updated_at', 'desc', 'products_active_updated_idx'],
  ] as const)(
    'a %s page by %s %s skips rows inside %s, reading ids only',
    async (scope, field, direction, index) => {
      const page = { category: scope === 'category' ? 'big' : undefined, limit: 10, offset: 2000 };
      const nodes = await planOf(productPageSelect(db(), page, field, direction));
      expect(uses(nodes, 'Index Only Scan', index)).toBe(true);
      expect(scansWholeTable(nodes)).toBe(false);
    },
  );

  it('keeps its index in the generic plan of the prepared statement', async () => {
    const query = productPageSelect(
      db(),
      {
        category: sql.placeholder('category'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      },
      'created_at',
      'desc',
    ).toSQL();
    const nodes = await genericPlanOf(query, { category: "'big'", limit: '10', offset: '2000' });
    expect(uses(nodes, 'Index Only Scan', 'products_active_category_created_idx')).toBe(true);
  });
});

describe("the sitemap's products files", () => {
  it('skip earlier files inside products_active_updated_idx and never read the table', async () => {
    const nodes = await planOf(productFileSelect('http://store.test/products/', 1000, 2000));
    expect(uses(nodes, 'Index Only Scan', 'products_active_updated_idx')).toBe(true);
    expect(scansWholeTable(nodes)).toBe(false);
    expect(nodes.some((n) => n['Node Type'] === 'Sort')).toBe(false);
  });
});

describe('single reads', () => {
  it('finds a product by its primary key', async () => {
    const nodes = await planOf(productSelect(db(), '00000000-0000-4000-8000-000000000000'));
    expect(uses(nodes, 'Index Scan', 'products_pkey')).toBe(true);
  });

  it('reads featured products newest first from their own index', async () => {
    const nodes = await planOf(featuredSelect(db(), 6));
    expect(nodes.some((n) => n['Index Name'] === 'products_active_featured_idx')).toBe(true);
    expect(scansWholeTable(nodes)).toBe(false);
  });

  it('reads related products from a created-at index, never the whole category', async () => {
    const [product] = await queryRows<{ id: string }>(
      db(),
      sql`select p.id from products p join categories c on c.id = p.category_id
          where c.slug = 'small' limit 1`,
    );
    const nodes = await planOf(relatedSelect(db(), product?.id ?? '', 3));
    expect(
      nodes.some((n) => /^products_active_(category_)?created_idx$/.test(n['Index Name'] ?? '')),
    ).toBe(true);
    expect(scansWholeTable(nodes)).toBe(false);
  });
});

describe('search', () => {
  const page = { limit: 6, offset: 0 };
  const terms = (text: string) => searchTerms(searchWords(text));
  const values = (text: string) => ({
    text,
    tsQuery: prefixTsQuery(terms(text)) ?? undefined,
    ...page,
  });
  const accessFor = async (text: string) => {
    const { matches, active } = await estimatedMatches(db(), terms(text));
    return searchAccess(matches, active);
  };
  const search = (text: string, access: SearchAccess, fuzzy = false) =>
    executedPlanOf(searchPageQuery(values(text), { access, fuzzy }));
  const walksCreated = (nodes: PlanNode[]) =>
    nodes.some((n) => /^products_(active_)?created_idx$/.test(n['Index Name'] ?? ''));

  it('walks the newest products for a common word, stopping at the candidate cap', async () => {
    expect(await accessFor('drum')).toBe('walk');
    const nodes = await search('drum', 'walk');
    // The active products' b-tree or the whole catalogue's (the admin's), filtered on is_active
    // as it goes: the same walk, since each product's row is read for its search vector anyway.
    expect(walksCreated(nodes)).toBe(true);
    expect(uses(nodes, 'Bitmap Index Scan', 'products_search_idx')).toBe(false);
  });

  it.each([
    ['a word in 3% of products', 'orbit'],
    ['a rare word', 'zephyrine'],
  ])('reads %s through the GIN index and sorts its matches', async (_label, word) => {
    expect(await accessFor(word)).toBe('index');
    const nodes = await search(word, 'index');
    expect(uses(nodes, 'Bitmap Index Scan', 'products_search_idx')).toBe(true);
    expect(walksCreated(nodes)).toBe(false);
    expect(scansWholeTable(nodes)).toBe(false);
  });

  it('adds the trigram index only when the words find too few', async () => {
    expect(
      uses(
        await search('zefyrine pads', 'index', true),
        'Bitmap Index Scan',
        'products_name_trgm_idx',
      ),
    ).toBe(true);
    expect(
      uses(await search('drum', 'walk', true), 'Bitmap Index Scan', 'products_name_trgm_idx'),
    ).toBe(false);
  });

  it.each([
    ['walk', false, /^products_(active_)?created_idx$/],
    ['index', false, /^products_search_idx$/],
    ['walk', true, /^products_(active_)?created_idx$/],
    ['index', true, /^products_search_idx$/],
  ] as const)(
    "keeps its way (%s, fuzzy %s) through %s in its prepared statement's generic plan",
    async (access, fuzzy, index) => {
      const placeholders = {
        text: sql.placeholder('text'),
        tsQuery: sql.placeholder('tsQuery'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      };
      const query = new PgDialect().sqlToQuery(searchPageQuery(placeholders, { access, fuzzy }));
      const nodes = await genericPlanOf(query, {
        text: "'drum'",
        tsQuery: "'drum:*'",
        limit: '6',
        offset: '0',
      });
      expect(nodes.some((n) => index.test(n['Index Name'] ?? ''))).toBe(true);
      expect(scansWholeTable(nodes)).toBe(false);
      if (fuzzy) expect(nodes.some((n) => n['Index Name'] === 'products_name_trgm_idx')).toBe(true);
    },
  );
});

describe("the admin's product list", () => {
  const query = { page: 3, pageSize: 25 };
  it.each([
    ['name', 'asc', {}, /^products_name_idx$/],
    ['price', 'desc', {}, /^products_price_idx$/],
    ['created', 'desc', {}, /^products_created_idx$/],
    ['sales', 'desc', {}, /^products_sales_idx$/],
    ['sales', 'desc', { status: 'active' as const }, /^products_sales_idx$/],
    ['name', 'asc', { onSale: false }, /^products_name_idx$/],
  ] as const)(
    'a page by %s %s (%o) walks %s instead of sorting the catalogue',
    async (sort, order, filters, index) => {
      const nodes = await planOf(
        pageIdsSelect(db(), { ...query, sort, order }, listFilter(filters)),
      );
      expect(nodes.some((n) => index.test(n['Index Name'] ?? ''))).toBe(true);
      expect(nodes.some((n) => n['Node Type'] === 'Sort')).toBe(false);
      expect(scansWholeTable(nodes)).toBe(false);
    },
  );
});
