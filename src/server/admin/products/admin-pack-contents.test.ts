import { describe, expect } from 'vitest';
import { packContentsMessages as m } from '#shared/admin-pack-contents';
import type { AuditEntryView } from '#shared/admin-products-api';
import type { ApiErrorBody } from '#shared/errors';
import type { PackItem } from '#shared/music';
import { packItems, type NewPackItemRow } from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { getJson } from '#tests/support/test-app';
import { it } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const contentsPath = (id: string) => `/api/admin/products/${id}/contents`;
const save = (admin: TestBrowser, id: string, items: unknown) =>
  admin.request(contentsPath(id), { method: 'PUT', body: { items } });
const itemsOf = (res: { body: unknown }) => (res.body as { data: PackItem[] }).data;

/** A pack of three items: a loop, a one-shot and a MIDI file. */
async function packWithItems(
  db: Db,
  admin: TestBrowser,
  fields: Parameters<typeof createProduct>[1] = {},
) {
  const pack = await createProduct(db, { status: 'active', ...fields });
  const rows: Omit<NewPackItemRow, 'productId'>[] = [
    {
      position: 1,
      name: 'Drum Loop 01 – 140 BPM',
      kind: 'loop',
      bpm: 140,
      durationMs: 3429,
      previewUrl: '/media/pack-previews/x/01.wav',
      previewPeaks: 'AAAA',
    },
    { position: 2, name: 'Kick 01', kind: 'one-shot', durationMs: 600 },
    {
      position: 3,
      name: 'Chords 01',
      kind: 'midi',
      bpm: 140,
      musicKey: 'F minor',
      durationMs: 6000,
    },
  ];
  await db.insert(packItems).values(rows.map((row) => ({ ...row, productId: pack.id })));
  const listed = await admin.request(contentsPath(pack.id));
  expect(listed.status).toBe(200);
  return { pack, items: itemsOf(listed) };
}

const edit = (item: PackItem) => ({
  id: item.id,
  name: item.name,
  kind: item.kind,
  bpm: item.bpm,
  key: item.key,
});

describe('/api/admin/products/:id/contents', () => {
  it.for([
    ['GET', undefined],
    ['PUT', { items: [] }],
  ] as const)(
    '%s: 401 for a visitor, 403 for a customer',
    async ([method, body], { app, customer }) => {
      const anonymous = await new TestBrowser(app).request(contentsPath(UNKNOWN), { method, body });
      expect(anonymous.status).toBe(401);
      expect((await customer.request(contentsPath(UNKNOWN), { method, body })).status).toBe(403);
    },
  );

  it("lists a draft's items too, and 404s an unknown product", async ({ db, admin }) => {
    const { items } = await packWithItems(db, admin, { status: 'draft' });
    expect(items.map((item) => item.name)).toEqual([
      'Drum Loop 01 – 140 BPM',
      'Kick 01',
      'Chords 01',
    ]);
    expect((await admin.request(contentsPath(UNKNOWN))).status).toBe(404);
    expect((await save(admin, UNKNOWN, [])).status).toBe(404);
  });

  it('reorders, edits and removes items; the store lists them so and the audit log says what changed', async ({
    app,
    db,
    admin,
  }) => {
    const { pack, items } = await packWithItems(db, admin);
    const [loop, kick, chords] = items as [PackItem, PackItem, PackItem];
    const res = await save(admin, pack.id, [
      { ...edit(chords), name: 'Chords 01 (F minor)', bpm: 70 },
      { ...edit(loop), kind: 'one-shot', bpm: null, key: 'F minor' },
    ]);
    expect(res.status).toBe(200);

    const store = await getJson<{ data: PackItem[] }>(app, `/api/products/${pack.id}/contents`);
    expect(store.body.data).toEqual(itemsOf(res));
    expect(store.body.data).toEqual([
      { ...chords, name: 'Chords 01 (F minor)', bpm: 70 },
      { ...loop, kind: 'one-shot', bpm: null, key: 'F minor' },
    ]);
    expect(store.body.data.map((item) => item.id)).not.toContain(kick.id);

    const audit = await admin.request(`/api/admin/products/${pack.id}/audit`);
    const [entry] = (audit.body as { data: AuditEntryView[] }).data;
    expect(entry?.changes.contents).toEqual([
      [
        'Drum Loop 01 – 140 BPM (Loop, 140 BPM)',
        'Kick 01 (One-shot)',
        'Chords 01 (MIDI, 140 BPM, F minor)',
      ],
      ['Chords 01 (F minor) (MIDI, 70 BPM, F minor)', 'Drum Loop 01 – 140 BPM (One-shot, F minor)'],
    ]);
  });

  it('refuses a bad field, an item of another product or the same item twice, changing nothing', async ({
    db,
    admin,
  }) => {
    const { pack, items } = await packWithItems(db, admin);
    const other = await packWithItems(db, admin);
    const [loop] = items as [PackItem];
    const cases: [unknown[], string, string][] = [
      [[{ ...edit(loop), name: '  ' }], 'items.0.name', m.nameRequired],
      [[{ ...edit(loop), bpm: 5 }], 'items.0.bpm', m.bpm],
      [[{ ...edit(loop), key: 'H minor' }], 'items.0.key', m.key],
      [[{ ...edit(loop), kind: 'sample' }], 'items.0.kind', m.kind],
      [[edit(other.items[0] as PackItem)], 'items', m.unknownItem],
      [[edit(loop), edit(loop)], 'items', m.duplicate],
    ];
    for (const [list, field, message] of cases) {
      const res = await save(admin, pack.id, list);
      expect(res.status).toBe(400);
      const body = res.body as unknown as ApiErrorBody;
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.[field]).toEqual([message]);
    }
    expect(itemsOf(await admin.request(contentsPath(pack.id)))).toEqual(items);
  });
});
